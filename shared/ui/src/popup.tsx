export { default as Popup } from 'antd-mobile/es/components/popup';
export type { PopupProps } from 'antd-mobile/es/components/popup';
