export { default as List } from 'antd-mobile/es/components/list';
export type { ListProps, ListItemProps } from 'antd-mobile/es/components/list';
