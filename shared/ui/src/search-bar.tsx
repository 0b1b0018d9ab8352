export { default as SearchBar } from 'antd-mobile/es/components/search-bar';
export type { SearchBarProps, SearchBarRef } from 'antd-mobile/es/components/search-bar';
