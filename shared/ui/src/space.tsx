export { default as Space } from 'antd-mobile/es/components/space';
export type { SpaceProps } from 'antd-mobile/es/components/space';
