export { default as TabBar } from 'antd-mobile/es/components/tab-bar';
export type { TabBarProps } from 'antd-mobile/es/components/tab-bar';
