/** A tax-bureau task as `task/getMyTasks` and `task/getTaskDetail` answer it (server/src/calls/task-calls.ts). */

export type TaskType = 'login_sms' | 'login_qr' | 'face' | 'blue_invoice' | 'red_invoice';

export interface TaskView {
  id: string;
  taskId: string;
  type: TaskType;
  /** 短信登录, 扫码登录, 刷脸认证, 开具蓝字发票, 开具红字发票. */
  typeName: string;
  /** Where the task is: start, confirm (a red invoice waiting for the buyer), issue, done. */
  stage: string;
  taskStatus: number;
  failReason: string | null;
  /** What the task produced; for invoice tasks `{ invoiceId, invoiceNumber }` once issued. */
  result: unknown;
  attempts: number;
  createdAt: string;
  updatedAt: string;
  finishedAt: string | null;
}

export interface InvoiceTaskResult {
  invoiceId: string | null;
  invoiceNumber: string | null;
}

export function isInvoiceTask(type: TaskType): boolean {
  return type === 'blue_invoice' || type === 'red_invoice';
}

function stringField(value: unknown, key: string): string | null {
  if (typeof value !== 'object' || value === null || !(key in value)) return null;
  const field = (value as Record<string, unknown>)[key];
  return typeof field === 'string' && field !== '' ? field : null;
}

/** The invoice a task issued, read from its free-form `result` (null fields until it has them). */
export function invoiceResultOf(result: unknown): InvoiceTaskResult {
  return { invoiceId: stringField(result, 'invoiceId'), invoiceNumber: stringField(result, 'invoiceNumber') };
}
