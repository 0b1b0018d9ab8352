export { default as NavBar } from 'antd-mobile/es/components/nav-bar';
export type { NavBarProps } from 'antd-mobile/es/components/nav-bar';
