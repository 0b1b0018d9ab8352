export { default as Divider } from 'antd-mobile/es/components/divider';
export type { DividerProps } from 'antd-mobile/es/components/divider';
