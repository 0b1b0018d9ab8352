export { default as Card } from 'antd-mobile/es/components/card';
export type { CardProps } from 'antd-mobile/es/components/card';
