export { default as SwipeAction } from 'antd-mobile/es/components/swipe-action';
export type { SwipeActionProps, SwipeActionRef, Action as SwipeActionAction } from 'antd-mobile/es/components/swipe-action';
