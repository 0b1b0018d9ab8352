export { default as Grid } from 'antd-mobile/es/components/grid';
export type { GridProps, GridItemProps } from 'antd-mobile/es/components/grid';
