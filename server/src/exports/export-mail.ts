/**
 * The e-mail of an export: a file up to EXPORT_ATTACH_MAX_BYTES attached, a larger one as a signed link valid until
 * the file expires. Sent by the export task's `mail` stage through the invoices' mail transport (SMTP or the outbox),
 * once per sending task.
 */
import { and, eq } from 'drizzle-orm';
import { EXPORT_ATTACH_MAX_BYTES, EXPORT_MESSAGES, EXPORT_SOURCE_NAMES } from '@app/contract/export';
import { chinaDateTime } from '@app/domain/china-time';
import { escapeHtml } from '../auth/html-page';
import { companies } from '../db/schema/companies';
import { exportFiles } from '../db/schema/exports';
import { outboxMessages } from '../db/schema/invoices';
import { DeliveryFailure } from '../delivery/delivery-failure';
import { GatewayError } from '../etax/gateway';
import type { StepContext, StepOutcome } from '../tasks/step-types';
import type { TaskRow } from '../tasks/task-queue';
import type { Database } from '../db/database';
import type { DeliveryChannels } from '../delivery/transports';
import { exportLink } from './export-link';
import { fileKept, type ExportRow } from './export-records';
import { exportFileBuffer } from './export-store';
import { TaskStatus } from '@app/contract/task-status';

export const CONTENT_TYPES = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  zip: 'application/zip',
  json: 'application/json; charset=utf-8',
} as const;

const SENT: StepOutcome = { status: TaskStatus.Succeeded, failReason: null, payload: { stage: 'done' }, finished: true };

function mailText(row: ExportRow, companyName: string, link: string, attached: boolean) {
  const personal = row.source === 'personal';
  const what = personal
    ? EXPORT_SOURCE_NAMES.personal
    : `${EXPORT_SOURCE_NAMES[row.source]}${row.format === 'zip' ? ' PDF 压缩包' : '明细'}`;
  const span = row.rangeFrom === row.rangeTo ? row.rangeFrom : `${row.rangeFrom} 至 ${row.rangeTo}`;
  const until = row.expiresAt ? chinaDateTime(row.expiresAt) : '';
  const made = personal ? `您的${what}（${span}）已生成` : `${companyName}的${what}（${span}，共 ${row.rowCount} 条）已导出`;
  const lines = [
    '您好：',
    '',
    `${made}，${attached ? '文件见附件' : '文件较大，请用下面的链接下载'}。`,
    '',
    `文件名：${row.fileName}`,
    `下载链接（${until} 前有效）：${link}`,
  ];
  return {
    subject: personal ? `【${what}】${span}` : `【导出】${companyName} ${what} ${span}`,
    text: lines.join('\n'),
    html: lines
      .map((line) => `<p>${escapeHtml(line).replace(escapeHtml(link), `<a href="${escapeHtml(link)}">${escapeHtml(link)}</a>`)}</p>`)
      .join(''),
  };
}

/**
 * Sends the file to `to` as the message of `sendId` (the outbox keeps one per id): throws a DeliveryFailure when
 * nothing was sent.
 */
export async function sendExportMail(channels: DeliveryChannels, db: Database, row: ExportRow, to: string, sendId: string): Promise<void> {
  const [company] = row.companyId
    ? await db.select({ name: companies.name }).from(companies).where(eq(companies.id, row.companyId))
    : [{ name: '' }];
  const now = Date.now();
  const link = `${channels.publicUrl}${exportLink(channels.secretKey, row.id, now, (row.expiresAt?.getTime() ?? now) - now).url}`;
  const attached = (row.bytes ?? 0) <= EXPORT_ATTACH_MAX_BYTES;
  const mail = mailText(row, company?.name ?? '', link, attached);
  await channels.mail.send(
    {
      exportTaskId: sendId,
      messageId: `<export-${row.id}.task-${sendId}@${channels.from.address.split('@')[1] ?? 'localhost'}>`,
      to,
      ...mail,
      ...(attached && {
        attachment: { fileName: row.fileName, content: await exportFileBuffer(db, row.id), contentType: CONTENT_TYPES[row.format] },
      }),
    },
    async (tx) => {
      // Only while the file's latest sending is to this address: a later one to another address keeps its own state.
      const marked = await tx
        .update(exportFiles)
        .set({ mailState: '已发送', failReason: null })
        .where(and(eq(exportFiles.id, row.id), eq(exportFiles.emailedTo, to)))
        .returning({ id: exportFiles.id });
      // Erased with its owner's account meanwhile: the outbox keeps no copy of the message (nor its address).
      if (!marked.length && !(await tx.select({ id: exportFiles.id }).from(exportFiles).where(eq(exportFiles.id, row.id))).length)
        throw new Error(`export ${row.id} was erased`);
    },
  );
}

/** Sends the export's file to `to`, once for this task (a repeat finds its message in the outbox, or 已发送, and stops). */
export async function mailExport(task: TaskRow, context: StepContext, row: ExportRow, to: string): Promise<StepOutcome> {
  const channels = context.delivery;
  if (!channels) throw new GatewayError('未配置发送渠道');
  const db = context.db;
  if (!fileKept(row)) return { status: TaskStatus.Failed, failReason: EXPORT_MESSAGES.expired, payload: { stage: 'done' }, finished: true };
  const [stored] = await db.select({ id: outboxMessages.id }).from(outboxMessages).where(eq(outboxMessages.exportTaskId, task.id));
  // Over SMTP (no outbox copy): 已发送 to this address means a message reached it after this task was queued (which
  // marked it 发送中): as a rule this task's own, recorded before its outcome was lost. Not sent again.
  if (stored || (row.mailState === '已发送' && row.emailedTo === to)) return SENT;
  try {
    await sendExportMail(channels, db, row, to, task.id);
  } catch (error) {
    if (!(error instanceof DeliveryFailure)) throw error;
    if (error.permanent) return { status: TaskStatus.Failed, failReason: error.reason, payload: { stage: 'done' }, finished: true };
    throw new GatewayError(error.reason);
  }
  return SENT;
}
