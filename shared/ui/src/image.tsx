export { default as Image } from 'antd-mobile/es/components/image';
export type { ImageProps } from 'antd-mobile/es/components/image';
