export { default as Switch } from 'antd-mobile/es/components/switch';
export type { SwitchProps } from 'antd-mobile/es/components/switch';
