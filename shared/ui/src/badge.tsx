export { default as Badge } from 'antd-mobile/es/components/badge';
export type { BadgeProps } from 'antd-mobile/es/components/badge';
