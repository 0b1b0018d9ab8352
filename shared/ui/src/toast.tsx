export { default as Toast } from 'antd-mobile/es/components/toast';
export type { ToastShowProps, ToastHandler } from 'antd-mobile/es/components/toast';
