/**
 * The tasks the worker runs: the clients' task types (`@app/contract/task-status`), and the server's own, which no
 * client lists, follows or retries (`loadCompanyTask` and the task lists leave them out).
 */
import type { TaskType } from '@app/contract/task-status';

export type ServerTaskType = 'deliver_invoice';
/** Sending an issued invoice to one address (server/src/delivery/delivery-step.ts). */
export const DELIVERY_TASK: ServerTaskType = 'deliver_invoice';

export type WorkerTaskType = TaskType | ServerTaskType;

export function isClientTask<T extends { type: WorkerTaskType }>(task: T): task is T & { type: TaskType } {
  return task.type !== DELIVERY_TASK;
}
