export { default as Button } from 'antd-mobile/es/components/button';
export type { ButtonProps } from 'antd-mobile/es/components/button';
