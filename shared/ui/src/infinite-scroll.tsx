export { default as InfiniteScroll } from 'antd-mobile/es/components/infinite-scroll';
export type { InfiniteScrollProps } from 'antd-mobile/es/components/infinite-scroll';
