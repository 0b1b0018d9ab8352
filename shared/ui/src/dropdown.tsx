export { default as Dropdown } from 'antd-mobile/es/components/dropdown';
export type { DropdownProps, DropdownRef, DropdownItemProps } from 'antd-mobile/es/components/dropdown';
