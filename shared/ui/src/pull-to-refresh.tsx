export { default as PullToRefresh } from 'antd-mobile/es/components/pull-to-refresh';
export type { PullToRefreshProps, PullStatus } from 'antd-mobile/es/components/pull-to-refresh';
