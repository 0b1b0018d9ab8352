/** The call of the task list (server/src/calls/task-calls.ts `task/getMyTasks`). */
import { callApi } from '@app/host-sdk/api-client';
import { PAGE_SIZE, type PagedResult } from '@app/ui/paging';
import type { TaskView } from '../../tasks/task-view';

export type TaskStatusFilter = 'pending' | 'success' | 'failed';

export function getMyTasks(status: TaskStatusFilter | null, page: number): Promise<PagedResult<TaskView>> {
  return callApi<PagedResult<TaskView>>('task/getMyTasks', { ...(status ? { status } : {}), page, pageSize: PAGE_SIZE });
}
