/**
 * The export task (`export_file`): `start` makes the file — the source's rows read in batches and streamed into the
 * store (export-store.ts) as an `.xlsx` or a `.zip` of PDFs — writing its progress after each batch; then, when an
 * address was given, `mail` sends it (export-mail.ts). The one long step holds its task by renewing the lease as it
 * goes; an attempt that fails starts the file over. A task that fails for good fails its export with the reason.
 */
import { and, eq, sql } from 'drizzle-orm';
import { EXPORT_KEEP_HOURS } from '@app/contract/export';
import { TaskStatus } from '@app/contract/task-status';
import { chinaRange } from '@app/domain/china-time';
import type { Database } from '../db/database';
import { exportFiles } from '../db/schema/exports';
import { tasks } from '../db/schema/tasks';
import { GatewayError } from '../etax/gateway';
import type { StepContext, StepOutcome } from '../tasks/step-types';
import type { TaskRow } from '../tasks/task-queue';
import { invoiceSelection, invoiceSheet } from './export-invoices';
import { mailExport } from './export-mail';
import { paymentSheet } from './export-payments';
import { isListExport, type ListExportRow } from './export-records';
import type { ExportScope, ExportSheet } from './export-sheet';
import { ChunkWriter, clearExportFile } from './export-store';
import { ticketSheet } from './export-tickets';
import { writeXlsx } from './export-xlsx';
import { writePdfZip } from './export-zip';

/** How long the step may run, and how long each renewal of its lease holds. */
export const EXPORT_STEP_TIMEOUT_MS = 15 * 60_000;
const EXPORT_LEASE_MS = 60_000;
const DONE: StepOutcome = { status: TaskStatus.Succeeded, failReason: null, payload: { stage: 'done' }, finished: true };

/** The sheet of an export's source, with the list's filters it was asked with. */
export function exportSheet(row: Pick<ListExportRow, 'source' | 'filters'>, scope: ExportScope): ExportSheet {
  // Stored as export/create validated them against the source's own filters.
  const filters = row.filters as never;
  if (row.source === 'tickets') return ticketSheet(scope, filters);
  if (row.source === 'payments') return paymentSheet(scope, filters);
  return invoiceSheet(scope, filters);
}

export function exportScope(db: Database, row: Pick<ListExportRow, 'companyId' | 'rangeFrom' | 'rangeTo'>): ExportScope {
  const range = chinaRange(row.rangeFrom, row.rangeTo);
  if (!range) throw new GatewayError('导出范围无效');
  return { db, companyId: row.companyId, range };
}

/** Holds the task a while longer; throws when another claim holds it now (this attempt's work is then discarded). */
async function renewLease(db: Database, task: TaskRow): Promise<void> {
  if (task.lockedBy === null) return;
  const renewed = await db
    .update(tasks)
    .set({ lockedUntil: sql`now() + (${EXPORT_LEASE_MS} * interval '1 millisecond')` })
    .where(and(eq(tasks.id, task.id), eq(tasks.lockedBy, task.lockedBy)))
    .returning({ id: tasks.id });
  if (!renewed.length) throw new Error(`export task ${task.id}: lease lost`);
}

async function makeFile(task: TaskRow, db: Database, row: ListExportRow): Promise<{ rows: number; bytes: number }> {
  await renewLease(db, task);
  await clearExportFile(db, row.id);
  const scope = exportScope(db, row);
  const sheet = exportSheet(row, scope);
  const total = await sheet.count();
  const onBatch = async (done: number) => {
    const progress = total ? Math.min(99, Math.floor((done * 100) / total)) : 99;
    await db
      .update(exportFiles)
      .set({ progress, rowCount: done })
      .where(and(eq(exportFiles.id, row.id), eq(exportFiles.state, '生成中')));
    await renewLease(db, task);
  };
  const writer = new ChunkWriter(db, row.id);
  const rows =
    row.format === 'zip'
      ? await writePdfZip(db, invoiceSelection(scope, row.filters as never).batches(), writer, onBatch)
      : await writeXlsx(sheet, writer, onBatch);
  if (!writer.writableFinished) await new Promise<void>((resolve, reject) => writer.once('finish', resolve).once('error', reject));
  return { rows, bytes: writer.bytes };
}

export async function runExportStep(task: TaskRow, context: StepContext): Promise<StepOutcome> {
  const db = context.db;
  const [row] = await db
    .select()
    .from(exportFiles)
    .where(eq(exportFiles.id, String(task.payload.exportId)));
  if (!row) return { status: TaskStatus.Failed, failReason: '导出记录不存在', payload: { stage: 'done' }, finished: true };
  const email = typeof task.payload.email === 'string' ? task.payload.email : null;
  if (task.payload.stage === 'mail') return email ? mailExport(task, context, row, email) : DONE;
  if (row.state !== '生成中' || !isListExport(row)) return DONE;
  const made = await makeFile(task, db, row);
  const effects = async (tx: Database) => {
    await tx
      .update(exportFiles)
      .set({
        state: '已生成',
        progress: 100,
        rowCount: made.rows,
        bytes: made.bytes,
        failReason: null,
        finishedAt: sql`now()`,
        expiresAt: sql`now() + (${EXPORT_KEEP_HOURS} * interval '1 hour')`,
      })
      .where(and(eq(exportFiles.id, row.id), eq(exportFiles.state, '生成中')));
  };
  // With an address, the same task sends it next (its own step: a failed sending does not make the file again).
  if (email) return { payload: { stage: 'mail' }, nextRunAt: new Date(), effects };
  return { ...DONE, effects };
}

/** When the task fails for good: a file not made fails its export; a sending that failed says so on it. */
export function exportTaskFailed(task: TaskRow, reason: string) {
  return async (tx: Database) => {
    const id = String(task.payload.exportId);
    if (task.payload.stage === 'mail') {
      await tx
        .update(exportFiles)
        .set({ mailState: '发送失败', failReason: reason })
        .where(and(eq(exportFiles.id, id), eq(exportFiles.emailedTo, String(task.payload.email))));
      return;
    }
    await tx
      .update(exportFiles)
      .set({ state: '生成失败', mailState: null, failReason: reason, finishedAt: sql`now()` })
      .where(and(eq(exportFiles.id, id), eq(exportFiles.state, '生成中')));
  };
}
