export { default as Dialog } from 'antd-mobile/es/components/dialog';
export type { DialogProps, DialogAlertProps, DialogConfirmProps } from 'antd-mobile/es/components/dialog';
