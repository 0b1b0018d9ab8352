/** The calls of the task detail page (`@app/contract/task`). */
import type { ErrorCodeValue } from '@app/contract/error-codes';
import type { TaskDetail } from '@app/contract/task';
import { callApi } from '@app/host-sdk/api-client';

/**
 * No such task (4004), another company's (1004) or not a task id at all (4000): the page says 任务不存在 itself, so
 * the error catalogue stays quiet.
 */
export const TASK_NOT_FOUND_CODES: readonly ErrorCodeValue[] = [4000, 4004, 1004];

export function getTaskDetail(id: string): Promise<TaskDetail> {
  return callApi('task/getTaskDetail', { id }, { handles: TASK_NOT_FOUND_CODES });
}

/** Re-queues a failed invoice task; answers the task that now runs. */
export function retryTask(id: string): Promise<{ taskId: string }> {
  return callApi('task/retryTask', { id }, { noRepeat: true });
}
