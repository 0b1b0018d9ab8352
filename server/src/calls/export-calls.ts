/**
 * 导出: exports of the invoice list, the ticket folder and 收支 (exports/), each made by an `export_file` task; its
 * progress, a fresh signed link, sending it by e-mail, and the caller's latest exports. Company-scoped and
 * role-checked as the lists they come from (exports/export-request.ts); an export is its creator's alone.
 */
import { recordAudit } from '../audit/audit-trail';
import { and, desc, eq, sql } from 'drizzle-orm';
import { EXPORT_MESSAGES } from '@app/contract/export';
import { exportFiles } from '../db/schema/exports';
import { ApiFailure, ErrorCode } from '../http/api-failure';
import { defineCall } from '../http/define-call';
import { exportLink } from '../exports/export-link';
import { exportFileName, exportJobView, isListExport, loadOwnExport, requireFile } from '../exports/export-records';
import {
  checkedRowCount,
  requestedEmail,
  requestedExportRange,
  requestedFilters,
  maySeeSource,
  requireSourceAccess,
} from '../exports/export-request';
import { exportScope } from '../exports/export-step';
import { deleteExpiredFiles } from '../exports/export-store';
import { queueExportMail, queueExportTask } from '../exports/export-send';

const createExport = defineCall('export/create', {
  access: { kind: 'company' },
  rateLimit: { max: 20, windowMs: 60_000 },
  handler: async ({ caller, company, body, services }) => {
    requireSourceAccess(body.source, company);
    const range = requestedExportRange(body);
    const filters = requestedFilters(body);
    const email = requestedEmail(body.email);
    const db = services.db;
    const scope = exportScope(db, { companyId: company.id, rangeFrom: range.firstDay, rangeTo: range.lastDay });
    await checkedRowCount({ source: body.source, format: body.format, filters }, scope);
    await deleteExpiredFiles(db);
    const row = await db.transaction(async (tx) => {
      // One export of a source at a time per user (a partial unique index): a second one answers the running one.
      const [created] = await tx
        .insert(exportFiles)
        .values({
          companyId: company.id,
          userId: caller.userId,
          source: body.source,
          format: body.format,
          rangeFrom: range.firstDay,
          rangeTo: range.lastDay,
          filters,
          fileName: exportFileName(body.source, body.format, range.firstDay, range.lastDay),
          emailedTo: email,
          mailState: email ? '发送中' : null,
        })
        .onConflictDoNothing()
        .returning();
      if (!created || !isListExport(created)) return null;
      const taskId = await queueExportTask(tx, created, { stage: 'start', email });
      const [withTask] = await tx.update(exportFiles).set({ taskId }).where(eq(exportFiles.id, created.id)).returning();
      await recordAudit(tx, { type: 'export', id: created.id, summary: `导出 ${created.fileName}` });
      return withTask ?? created;
    });
    if (!row) {
      const [running] = await db
        .select({ id: exportFiles.id })
        .from(exportFiles)
        .where(
          and(
            eq(exportFiles.companyId, company.id),
            eq(exportFiles.userId, caller.userId),
            eq(exportFiles.source, body.source),
            eq(exportFiles.state, '生成中'),
          ),
        );
      throw new ApiFailure(ErrorCode.TaskExists, EXPORT_MESSAGES.running, { taskId: running?.id ?? '' });
    }
    services.tasks.wake();
    return exportJobView(row, services.secretKey);
  },
});

const getExport = defineCall('export/get', {
  access: { kind: 'company' },
  handler: async ({ caller, company, body, services }) => {
    const row = await loadOwnExport(services.db, body.id, caller, company);
    requireSourceAccess(row.source, company);
    return exportJobView(row, services.secretKey);
  },
});

const linkExport = defineCall('export/link', {
  access: { kind: 'company' },
  handler: async ({ caller, company, body, services }) => {
    const row = await loadOwnExport(services.db, body.id, caller, company);
    requireSourceAccess(row.source, company);
    requireFile(row);
    const link = exportLink(services.secretKey, row.id);
    return { url: link.url, fileName: row.fileName, expiresAt: link.expiresAt.toISOString() };
  },
});

const sendExport = defineCall('export/send', {
  access: { kind: 'company' },
  rateLimit: { max: 10, windowMs: 60_000 },
  handler: async ({ caller, company, body, services }) => {
    const row = await loadOwnExport(services.db, body.id, caller, company);
    requireSourceAccess(row.source, company);
    const email = requestedEmail(body.email);
    if (!email) throw new ApiFailure(ErrorCode.InvalidInput, '请填写接收邮箱', { fields: { email: '请填写接收邮箱' } });
    requireFile(row);
    const sending = await services.db.transaction(async (tx) => {
      const queued = await queueExportMail(tx, row, email);
      if (queued) await recordAudit(tx, { type: 'export', id: row.id, summary: `将 ${row.fileName} 发送至邮箱` });
      return queued;
    });
    if (sending) services.tasks.wake();
    return exportJobView(sending ?? (await loadOwnExport(services.db, row.id, caller, company)), services.secretKey);
  },
});

const listExports = defineCall('export/list', {
  access: { kind: 'company' },
  handler: async ({ caller, company, services }) => {
    const rows = await services.db
      .select()
      .from(exportFiles)
      .where(and(eq(exportFiles.companyId, company.id), eq(exportFiles.userId, caller.userId)))
      .orderBy(desc(exportFiles.createdAt), sql`${exportFiles.id} desc`)
      .limit(20);
    return {
      list: rows
        .filter((row) => isListExport(row) && maySeeSource(row.source, company))
        .map((row) => exportJobView(row, services.secretKey)),
    };
  },
});

export const exportCalls = [createExport, getExport, linkExport, sendExport, listExports];
