/**
 * Queueing an export's task inside the caller's transaction: making the file (`start`), or e-mailing it (`mail`,
 * export-mail.ts). A person's copy of their data is e-mailed the same way, by a task of no company.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../db/database';
import { exportFiles } from '../db/schema/exports';
import { tasks } from '../db/schema/tasks';
import { TASK_DEADLINE_MS } from '../tasks/task-queue';
import { EXPORT_TASK } from '../tasks/worker-task-type';
import type { ExportRow } from './export-records';

/** A failed attempt at the file is made once more before the export fails; a temporary mail failure is retried once. */
const EXPORT_STEP_ATTEMPTS = 2;

/** Queues the export's task; call `tasks.wake()` once the transaction commits. */
export async function queueExportTask(
  tx: Database,
  row: Pick<ExportRow, 'id' | 'companyId' | 'userId'>,
  payload: { stage: 'start' | 'mail'; email: string | null },
): Promise<string> {
  const id = randomUUID();
  await tx.insert(tasks).values({
    id,
    companyId: row.companyId,
    userId: row.userId,
    type: EXPORT_TASK,
    payload: { ...payload, exportId: row.id },
    maxAttempts: EXPORT_STEP_ATTEMPTS,
    deadlineAt: new Date(Date.now() + TASK_DEADLINE_MS[EXPORT_TASK]),
  });
  return id;
}

/**
 * Marks the file 发送中 to `email` and queues its sending, in `tx`. Null when it is being sent to that address already
 * (a repeated tap or a replayed request): no second message then. The update locks the row, so two at once queue one.
 */
export async function queueExportMail(tx: Database, row: ExportRow, email: string): Promise<ExportRow | null> {
  const [sending] = await tx
    .update(exportFiles)
    .set({ emailedTo: email, mailState: '发送中', failReason: null })
    .where(
      and(
        eq(exportFiles.id, row.id),
        sql`not (${exportFiles.mailState} is not distinct from '发送中' and ${exportFiles.emailedTo} is not distinct from ${email})`,
      ),
    )
    .returning();
  if (!sending) return null;
  await queueExportTask(tx, sending, { stage: 'mail', email });
  return sending;
}
