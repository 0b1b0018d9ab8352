export { default as SafeArea } from 'antd-mobile/es/components/safe-area';
export type { SafeAreaProps } from 'antd-mobile/es/components/safe-area';
