export { default as CenterPopup } from 'antd-mobile/es/components/center-popup';
export type { CenterPopupProps } from 'antd-mobile/es/components/center-popup';
