export { default as Tag } from 'antd-mobile/es/components/tag';
export type { TagProps } from 'antd-mobile/es/components/tag';
