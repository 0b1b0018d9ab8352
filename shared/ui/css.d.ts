declare module '*.css';
declare module 'antd-mobile/es/global';
