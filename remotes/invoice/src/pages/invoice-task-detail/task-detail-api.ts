/** The calls of the task detail page (`@app/contract/task`). */
import type { TaskDetail } from '@app/contract/task';
import { callApi } from '@app/host-sdk/api-client';
import { LOAD_PROBLEM_CODES } from '@app/widgets/load-problem';

/** One task; no such task, not a task id or another company's the page says itself (`load-problem`). */
export function getTaskDetail(id: string): Promise<TaskDetail> {
  return callApi('task/getTaskDetail', { id }, { handles: LOAD_PROBLEM_CODES });
}

/** Re-queues a failed invoice task; answers the task that now runs. */
export function retryTask(id: string): Promise<{ taskId: string }> {
  return callApi('task/retryTask', { id }, { noRepeat: true });
}
