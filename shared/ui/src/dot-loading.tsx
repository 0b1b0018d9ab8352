export { default as DotLoading } from 'antd-mobile/es/components/dot-loading';
export type { DotLoadingProps } from 'antd-mobile/es/components/dot-loading';
