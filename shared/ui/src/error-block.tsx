export { default as ErrorBlock } from 'antd-mobile/es/components/error-block';
export type { ErrorBlockProps, ErrorBlockStatus } from 'antd-mobile/es/components/error-block';
