export { default as Tabs } from 'antd-mobile/es/components/tabs';
export type { TabsProps, TabProps } from 'antd-mobile/es/components/tabs';
