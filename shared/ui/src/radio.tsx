export { default as Radio } from 'antd-mobile/es/components/radio';
export type { RadioProps, RadioValue, RadioGroupProps } from 'antd-mobile/es/components/radio';
