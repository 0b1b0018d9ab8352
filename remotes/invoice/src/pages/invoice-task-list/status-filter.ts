/** The tabs above the task list: 全部 and the three groups of task statuses (docs/product.md, "Tasks") the server filters by. */
import type { TaskStatusFilter } from './task-list-api';

export type FilterKey = 'all' | TaskStatusFilter;

export const STATUS_FILTERS: readonly { key: FilterKey; title: string; empty: string }[] = [
  { key: 'all', title: '全部', empty: '还没有税务局任务' },
  { key: 'pending', title: '进行中', empty: '没有进行中的任务' },
  { key: 'success', title: '成功', empty: '没有成功的任务' },
  { key: 'failed', title: '失败', empty: '没有失败的任务' },
];

export function isFilterKey(value: string): value is FilterKey {
  return STATUS_FILTERS.some((filter) => filter.key === value);
}

export function statusOf(key: FilterKey): TaskStatusFilter | null {
  return key === 'all' ? null : key;
}
