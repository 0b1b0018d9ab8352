/** A task as the caller's company sees it: loading one (scoped to the company) and the view clients get. */
import { eq } from 'drizzle-orm';
import { TASK_TYPE_NAMES } from '@app/contract/task-status';
import type { TaskView } from '@app/contract/task';
import type { CallerCompany } from '../auth/caller';
import type { Database } from '../db/database';
import { tasks } from '../db/schema/tasks';
import { ApiFailure, ErrorCode } from '../http/api-failure';
import type { TaskRow } from './task-queue';

/** A task of the caller's company: 4004 when there is none, 1004 when it belongs to another company. */
export async function loadCompanyTask(db: Database, id: string, company: CallerCompany): Promise<TaskRow> {
  const [task] = await db.select().from(tasks).where(eq(tasks.id, id.toLowerCase()));
  if (!task) throw new ApiFailure(ErrorCode.NotFound, '任务不存在');
  if (task.companyId !== company.id) throw new ApiFailure(ErrorCode.NoAccess, '无权访问该企业的任务');
  return task;
}

function invoiceResult(result: Record<string, unknown> | null): TaskView['result'] {
  return result && typeof result.invoiceId === 'string' && typeof result.invoiceNumber === 'string'
    ? { invoiceId: result.invoiceId, invoiceNumber: result.invoiceNumber }
    : null;
}

export function taskView(task: TaskRow): TaskView {
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
