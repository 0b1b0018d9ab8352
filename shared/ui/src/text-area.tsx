export { default as TextArea } from 'antd-mobile/es/components/text-area';
export type { TextAreaProps, TextAreaRef } from 'antd-mobile/es/components/text-area';
