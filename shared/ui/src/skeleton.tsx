export { default as Skeleton } from 'antd-mobile/es/components/skeleton';
export type { SkeletonProps } from 'antd-mobile/es/components/skeleton';

import './skeleton.css';
