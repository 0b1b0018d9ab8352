export { default as Checkbox } from 'antd-mobile/es/components/checkbox';
export type { CheckboxProps, CheckboxRef, CheckboxGroupProps } from 'antd-mobile/es/components/checkbox';
