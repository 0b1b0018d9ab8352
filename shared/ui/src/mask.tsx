export { default as Mask } from 'antd-mobile/es/components/mask';
export type { MaskProps } from 'antd-mobile/es/components/mask';
