export { default as Steps } from 'antd-mobile/es/components/steps';
export type { StepsProps, StepProps } from 'antd-mobile/es/components/steps';
