/**
 * An export as its creator sees it: loading one (the creator's, in the caller's company), its view with a fresh
 * signed link once made, and the file's name.
 */
import { eq } from 'drizzle-orm';
import { EXPORT_MESSAGES, EXPORT_SOURCE_NAMES, type ExportFormat, type ExportJob, type ExportSource } from '@app/contract/export';
import type { Caller, CallerCompany } from '../auth/caller';
import type { Database } from '../db/database';
import { exportFiles } from '../db/schema/exports';
import { ApiFailure, ErrorCode } from '../http/api-failure';
import { exportLink } from './export-link';

export type ExportRow = typeof exportFiles.$inferSelect;
/** An export of a company's list (not a person's copy of their data). */
export type ListExportRow = ExportRow & { companyId: string; source: ExportSource; format: ExportFormat };

export function isListExport(row: ExportRow): row is ListExportRow {
  return row.companyId !== null && row.source !== 'personal' && row.format !== 'json';
}

/** `发票_2026-11.xlsx`, `发票PDF_2026-11-01至2026-11-15.zip`. */
export function exportFileName(source: ExportSource, format: ExportFormat, from: string, to: string): string {
  const whole = from.endsWith('-01') && from.slice(0, 7) === to.slice(0, 7) && lastDayOfMonth(from) === to;
  const span = whole ? from.slice(0, 7) : from === to ? from : `${from}至${to}`;
  return `${EXPORT_SOURCE_NAMES[source]}${format === 'zip' ? 'PDF' : ''}_${span}.${format}`;
}

function lastDayOfMonth(day: string): string {
  const [year, month] = day.split('-').map(Number) as [number, number];
  return `${day.slice(0, 7)}-${String(new Date(Date.UTC(year, month, 0)).getUTCDate()).padStart(2, '0')}`;
}

/** Whether the made file is still kept (its time not past, and not deleted). */
export function fileKept(row: ExportRow, now = Date.now()): boolean {
  return row.state === '已生成' && row.bytes !== null && row.expiresAt !== null && row.expiresAt.getTime() > now;
}

export function exportJobView(row: ExportRow, secretKey: Buffer, now = Date.now()): ExportJob {
  const kept = fileKept(row, now);
  const expired = row.state === '已生成' && !kept;
  const link = kept ? exportLink(secretKey, row.id, now) : null;
  return {
    id: row.id,
    source: row.source,
    format: row.format,
    from: row.rangeFrom,
    to: row.rangeTo,
    state: expired ? '生成失败' : row.state,
    progress: row.state === '已生成' ? 100 : row.progress,
    rows: row.rowCount,
    fileName: row.fileName,
    bytes: kept ? row.bytes : null,
    url: link?.url ?? null,
    expiresAt: link?.expiresAt.toISOString() ?? null,
    emailedTo: row.emailedTo,
    mailState: row.mailState,
    failReason: expired ? EXPORT_MESSAGES.expired : row.failReason,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}

/** The caller's own export in the company: 1004 for another company's, 4004 for another user's (or none). */
export async function loadOwnExport(db: Database, id: string, caller: Caller, company: CallerCompany): Promise<ListExportRow> {
  const [row] = await db.select().from(exportFiles).where(eq(exportFiles.id, id.toLowerCase()));
  if (row && isListExport(row) && row.companyId !== company.id) throw new ApiFailure(ErrorCode.NoAccess, '无权查看该企业的导出记录');
  if (!row || !isListExport(row) || row.userId !== caller.userId) throw new ApiFailure(ErrorCode.NotFound, EXPORT_MESSAGES.notFound);
  return row;
}

/** The caller's own copy of their data: 4004 for anything else. */
export async function loadOwnCopy(db: Database, id: string, userId: string): Promise<ExportRow> {
  const [row] = await db.select().from(exportFiles).where(eq(exportFiles.id, id.toLowerCase()));
  if (row?.source !== 'personal' || row.userId !== userId) throw new ApiFailure(ErrorCode.NotFound, EXPORT_MESSAGES.notFound);
  return row;
}

/** A made file still kept, or 2005 saying why not. */
export function requireFile(row: ExportRow): void {
  if (row.state !== '已生成') throw new ApiFailure(ErrorCode.TaskStateConflict, EXPORT_MESSAGES.notReady);
  if (!fileKept(row)) throw new ApiFailure(ErrorCode.TaskStateConflict, EXPORT_MESSAGES.expired);
}
