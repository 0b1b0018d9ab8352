export { default as ActionSheet } from 'antd-mobile/es/components/action-sheet';
export type { ActionSheetProps, ActionSheetShowHandler, Action as ActionSheetAction } from 'antd-mobile/es/components/action-sheet';
