/**
 * The tasks the worker runs: the clients' task types (`@app/contract/task-status`), and the server's own, which no
 * client lists, follows or retries (`loadCompanyTask` and the task lists leave them out).
 */
import type { TaskType } from '@app/contract/task-status';

export type ServerTaskType = 'deliver_invoice' | 'export_file';
/** Sending an issued invoice to one address (server/src/delivery/delivery-step.ts). */
export const DELIVERY_TASK: ServerTaskType = 'deliver_invoice';
/** Making an export's file, or e-mailing it (server/src/exports/export-step.ts); followed with export/get. */
export const EXPORT_TASK: ServerTaskType = 'export_file';
const SERVER_TASKS: readonly string[] = [DELIVERY_TASK, EXPORT_TASK];

export type WorkerTaskType = TaskType | ServerTaskType;

export function isClientTask<T extends { type: WorkerTaskType }>(task: T): task is T & { type: TaskType } {
  return !SERVER_TASKS.includes(task.type);
}
