export { default as Result } from 'antd-mobile/es/components/result';
export type { ResultProps } from 'antd-mobile/es/components/result';
