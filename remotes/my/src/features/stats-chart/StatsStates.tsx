/**
 * What a statistics page shows for its answer: a skeleton while it loads, the failure with 重试, the empty range, or
 * the figures.
 */
import type { ReactNode } from 'react';
import { Button } from '@app/ui/button';
import { Skeleton } from '@app/ui/skeleton';
import { StatusView } from '@app/ui/status-view';
import type { Loaded } from './use-statistics';

export interface StatsStatesProps<T> {
  loaded: Loaded<T>;
  retry(): void;
  isEmpty(data: T): boolean;
  /** 区间内暂无开票 */
  emptyTitle: string;
  children(data: T): ReactNode;
}

export function StatsStates<T>({ loaded, retry, isEmpty, emptyTitle, children }: StatsStatesProps<T>) {
  if (loaded.state === 'loading') {
    return (
      <div className="stats-loading" role="status" aria-busy="true" aria-label="加载中">
        <div className="stats-totals">
          {[0, 1, 2, 3].map((index) => (
            <Skeleton key={index} animated className="stats-loading__card" />
          ))}
        </div>
        <Skeleton animated className="stats-loading__chart" />
        <Skeleton.Paragraph animated lineCount={4} />
      </div>
    );
  }
  if (loaded.state === 'failed') {
    return (
      <StatusView icon="disconnected" title="加载失败" description={loaded.error.message}>
        <Button block color="primary" onClick={retry}>
          重试
        </Button>
      </StatusView>
    );
  }
  if (isEmpty(loaded.data)) return <StatusView icon="empty" title={emptyTitle} description="换一个区间看看" />;
  return <>{children(loaded.data)}</>;
}
