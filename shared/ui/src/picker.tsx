export { default as Picker } from 'antd-mobile/es/components/picker';
export type { PickerProps, PickerRef, PickerActions, PickerValue, PickerColumnItem, PickerColumn } from 'antd-mobile/es/components/picker';
