/** The calls of the task detail page (docs: /work/notes/invoice-api.md). */
import { callApi } from '@app/host-sdk/api-client';
import type { TaskView } from '../../tasks/task-view';

export interface TaskDetail extends TaskView {
  extensionData: string | null;
  /** The invoice an invoice task issues (null for login and face tasks). */
  invoiceId?: string | null;
}

/**
 * No such task (4004), another company's (1004) or not a task id at all (4000): the page says 任务不存在 itself, so
 * the error catalogue stays quiet (for 1004 it would sign the user out).
 */
export const TASK_NOT_FOUND_CODES: readonly number[] = [4000, 4004, 1004];

export function getTaskDetail(id: string): Promise<TaskDetail> {
  return callApi<TaskDetail>('task/getTaskDetail', { id }, { handles: TASK_NOT_FOUND_CODES });
}

/** Re-queues a failed invoice task; answers the task that now runs. */
export function retryTask(id: string): Promise<{ taskId: string }> {
  return callApi<{ taskId: string }>('task/retryTask', { id }, { noRepeat: true });
}
