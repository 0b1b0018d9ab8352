export { default as CapsuleTabs } from 'antd-mobile/es/components/capsule-tabs';
export type { CapsuleTabsProps, CapsuleTabProps } from 'antd-mobile/es/components/capsule-tabs';
