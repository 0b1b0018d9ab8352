export { default as NoticeBar } from 'antd-mobile/es/components/notice-bar';
export type { NoticeBarProps } from 'antd-mobile/es/components/notice-bar';
