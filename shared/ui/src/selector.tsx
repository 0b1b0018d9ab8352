import './selector.css';

export { default as Selector } from 'antd-mobile/es/components/selector';
export type { SelectorProps, SelectorOption } from 'antd-mobile/es/components/selector';
