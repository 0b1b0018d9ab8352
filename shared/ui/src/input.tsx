export { default as Input } from 'antd-mobile/es/components/input';
export type { InputProps, InputRef } from 'antd-mobile/es/components/input';
