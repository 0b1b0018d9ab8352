export { default as Form } from 'antd-mobile/es/components/form';
export type { FormProps, FormItemProps, FormInstance, Rule } from 'antd-mobile/es/components/form';
