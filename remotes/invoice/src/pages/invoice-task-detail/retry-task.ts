/**
 * 重试 on a failed task. A login or face task is not re-run: the host's dialogs do that job (`ensureTaxReady`). A failed
 * invoice task is re-queued by the server; when it failed for want of a login or today's face authentication, that
 * is put right first, or re-queueing would fail the same way.
 */
import { ensureTaxReady } from '@app/host-sdk/dialogs';
import type { TaskType } from '@app/contract/task-status';
import { isInvoiceTask } from '../../features/tasks/task-view';
import { retryTask } from './task-detail-api';

const NEEDS_TAX_READY = /登录|刷脸/;

export type RetryOutcome = { kind: 'requeued'; taskId: string } | { kind: 'taxReady' } | { kind: 'cancelled' };

export async function retryFailedTask(task: { id: string; type: TaskType; failReason: string | null }): Promise<RetryOutcome> {
  if (!isInvoiceTask(task.type)) return (await ensureTaxReady()) ? { kind: 'taxReady' } : { kind: 'cancelled' };
  if (NEEDS_TAX_READY.test(task.failReason ?? '') && !(await ensureTaxReady())) return { kind: 'cancelled' };
  const { taskId } = await retryTask(task.id);
  return { kind: 'requeued', taskId };
}
