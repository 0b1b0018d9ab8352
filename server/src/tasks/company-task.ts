/** A task as the caller's company sees it: loading one (scoped to the company) and the view clients get. */
import { eq, sql } from 'drizzle-orm';
import { TASK_TYPE_NAMES, type TaskType } from '@app/contract/task-status';
import type { TaskView } from '@app/contract/task';
import type { CallerCompany } from '../auth/caller';
import type { Database } from '../db/database';
import { tasks } from '../db/schema/tasks';
import { ApiFailure, ErrorCode } from '../http/api-failure';
import type { TaskRow } from './task-queue';
import { isClientTask } from './worker-task-type';

/** A task clients may see: of one of the contract's types, not the server's own. */
export type ClientTaskRow = TaskRow & { type: TaskType };

/** The tasks clients list: the predicate of the partial index `tasks_company_listed`, written the same way so it is used. */
export const clientTask = sql`${tasks.type} not in ('deliver_invoice', 'export_file')`;

/**
 * A task of the caller's company: 4004 when there is none (or it is one of the server's own, which no client
 * follows), 1004 when it belongs to another company.
 */
export async function loadCompanyTask(db: Database, id: string, company: CallerCompany): Promise<ClientTaskRow> {
  const [task] = await db.select().from(tasks).where(eq(tasks.id, id.toLowerCase()));
  if (!task || !isClientTask(task)) throw new ApiFailure(ErrorCode.NotFound, '任务不存在');
  if (task.companyId !== company.id) throw new ApiFailure(ErrorCode.NoAccess, '无权访问该企业的任务');
  return task;
}

function invoiceResult(result: Record<string, unknown> | null): TaskView['result'] {
  return result && typeof result.invoiceId === 'string' && typeof result.invoiceNumber === 'string'
    ? { invoiceId: result.invoiceId, invoiceNumber: result.invoiceNumber }
    : null;
}

export function taskView(task: ClientTaskRow): TaskView {
  return {
    id: task.id,
    taskId: task.id,
    type: task.type,
    typeName: TASK_TYPE_NAMES[task.type],
    stage: String(task.payload.stage ?? 'start'),
    taskStatus: task.status,
    failReason: task.failReason,
    result: invoiceResult(task.result),
    invoiceId: typeof task.payload.invoiceId === 'string' ? task.payload.invoiceId : null,
    attempts: task.attempts,
    createdAt: task.createdAt.toISOString(),
    updatedAt: task.updatedAt.toISOString(),
    finishedAt: task.finishedAt?.toISOString() ?? null,
  };
}
