export { default as Stepper } from 'antd-mobile/es/components/stepper';
export type { StepperProps, StepperRef } from 'antd-mobile/es/components/stepper';
