/** The call of the task list (`task/getMyTasks`). */
import type { TaskView } from '@app/contract/task';
import type { TASK_STATUS_FILTERS } from '@app/contract/task';
import { callApi } from '@app/host-sdk/api-client';
import type { PagedResult } from '@app/ui/paging';

export type TaskStatusFilter = (typeof TASK_STATUS_FILTERS)[number];

export function getMyTasks(status: TaskStatusFilter | null, page: number): Promise<PagedResult<TaskView>> {
  return callApi('task/getMyTasks', { ...(status ? { status } : {}), page });
}
