export { default as DatePicker } from 'antd-mobile/es/components/date-picker';
export type { DatePickerProps, DatePickerRef, DatePickerFilter } from 'antd-mobile/es/components/date-picker';
