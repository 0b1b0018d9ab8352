/** Tasks as the invoice screens read them (shapes: `@app/contract/task`). */
import type { TaskType } from '@app/contract/task-status';

export function isInvoiceTask(type: TaskType): boolean {
  return type === 'blue_invoice' || type === 'red_invoice';
}
