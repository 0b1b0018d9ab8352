export { default as Empty } from 'antd-mobile/es/components/empty';
export type { EmptyProps } from 'antd-mobile/es/components/empty';
