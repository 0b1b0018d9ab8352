/**
 * The person's rights (PIPL): 注销账号 — previewed, confirmed by the bound phone's SMS code or by typing the phrase,
 * refused (2008) for the last manager of a company with other members, then erased in one transaction
 * (account/account-erasure.ts) — and 个人信息副本, a file of exactly their data delivered as exports are (its e-mail a
 * queued export task of no company, exports/export-send.ts).
 */
import { recordAudit } from '../audit/audit-trail';
import { eq } from 'drizzle-orm';
import { EXPORT_MESSAGES } from '@app/contract/export';
import { DELETION_MESSAGES, DELETION_PHRASE, ERASED_DATA, KEPT_DATA, lastManagerMessage, maskedPhone } from '@app/domain/account-deletion';
import { companyFates, eraseAccount, type CompanyFate } from '../account/account-erasure';
import { createDataCopy, recentCopy } from '../account/data-copy';
import { checkDeletionCode, sendDeletionCode, useDeletionCode } from '../account/deletion-code';
import type { Database } from '../db/database';
import { users } from '../db/schema/users';
import { exportJobView, fileKept, loadOwnCopy } from '../exports/export-records';
import { requestedEmail } from '../exports/export-request';
import { queueExportMail } from '../exports/export-send';
import { ApiFailure, ErrorCode, invalidField } from '../http/api-failure';
import { defineCall } from '../http/define-call';

async function boundPhone(db: Database, userId: string): Promise<string | null> {
  const [user] = await db.select({ phone: users.phone }).from(users).where(eq(users.id, userId));
  return user?.phone || null;
}

function refusalOf(fates: readonly CompanyFate[]): string | null {
  const blocked = fates.find((fate) => fate.outcome === 'blocked');
  return blocked ? lastManagerMessage(blocked.name) : null;
}

const deletionPreview = defineCall('account/deletionPreview', {
  access: { kind: 'user' },
  handler: async ({ caller, services }) => {
    const phone = await boundPhone(services.db, caller.userId);
    const fates = await companyFates(services.db, caller.userId);
    return {
      nickname: caller.nickname,
      phone: phone && maskedPhone(phone),
      confirmBy: phone ? 'sms' : 'phrase',
      erased: [...ERASED_DATA],
      kept: [...KEPT_DATA],
      companies: fates,
      refusal: refusalOf(fates),
    };
  },
});

const sendCode = defineCall('account/sendDeletionCode', {
  access: { kind: 'user' },
  rateLimit: { max: 5, windowMs: 10 * 60_000 },
  handler: async ({ caller, services, request }) => {
    const phone = await boundPhone(services.db, caller.userId);
    if (!phone) throw new ApiFailure(ErrorCode.InvalidInput, DELETION_MESSAGES.noPhone);
    return sendDeletionCode(services.db, caller.userId, phone, (message) => request.log.info(message));
  },
});

const deleteAccount = defineCall('account/delete', {
  access: { kind: 'user' },
  rateLimit: { max: 10, windowMs: 10 * 60_000 },
  handler: async ({ caller, body, services }) => {
    const db = services.db;
    const phone = await boundPhone(db, caller.userId);
    if (phone) {
      if (!body.code) throw invalidField('code', body.phrase ? DELETION_MESSAGES.phoneBound : DELETION_MESSAGES.codeNeeded);
      await checkDeletionCode(db, caller.userId, body.code);
    } else if (body.phrase?.trim() !== DELETION_PHRASE) {
      throw invalidField('phrase', body.code ? DELETION_MESSAGES.noPhone : DELETION_MESSAGES.wrongPhrase);
    }
    await db.transaction(async (tx) => {
      // Read again inside: a member who joined or a manager who left since the preview changes the answer.
      const fates = await companyFates(tx, caller.userId);
      const refusal = refusalOf(fates);
      if (refusal) throw new ApiFailure(ErrorCode.LastManager, refusal);
      if (body.code && !(await useDeletionCode(tx, caller.userId, body.code))) throw invalidField('code', DELETION_MESSAGES.codeExpired);
      await eraseAccount(tx, caller.userId, fates);
      // The person's current company keeps the entry, under the anonymised name.
      await recordAudit(tx, { type: 'account', id: caller.userId, summary: '注销账号', companyId: caller.company?.id ?? null, role: null });
    });
    return { deleted: true };
  },
});

const createCopy = defineCall('account/createDataCopy', {
  access: { kind: 'user' },
  handler: async ({ caller, body, services }) => {
    // A copy of the same format made within the minute is answered again: a repeated tap makes no second file.
    const row =
      (await recentCopy(services.db, caller.userId, body.format)) ?? (await createDataCopy(services.db, caller.userId, body.format));
    return exportJobView(row, services.secretKey);
  },
});

const getCopy = defineCall('account/getDataCopy', {
  access: { kind: 'user' },
  handler: async ({ caller, body, services }) => exportJobView(await loadOwnCopy(services.db, body.id, caller.userId), services.secretKey),
});

const sendCopy = defineCall('account/sendDataCopy', {
  access: { kind: 'user' },
  // Each one mails the person's data to an address they type: few, so no one is flooded with it.
  rateLimit: { max: 5, windowMs: 10 * 60_000 },
  handler: async ({ caller, body, services }) => {
    const row = await loadOwnCopy(services.db, body.id, caller.userId);
    const email = requestedEmail(body.email);
    if (!email) throw invalidField('email', '请填写接收邮箱');
    if (!fileKept(row)) throw new ApiFailure(ErrorCode.TaskStateConflict, EXPORT_MESSAGES.expired);
    const sending = await services.db.transaction(async (tx) => {
      const queued = await queueExportMail(tx, row, email);
      // The address stays out of the entry: the trail outlives an erased account.
      if (queued)
        await recordAudit(tx, { type: 'export', id: row.id, summary: `将${row.fileName}发送至邮箱`, companyId: null, role: null });
      return queued;
    });
    if (sending) services.tasks.wake();
    return exportJobView(sending ?? (await loadOwnCopy(services.db, row.id, caller.userId)), services.secretKey);
  },
});

export const accountCalls = [deletionPreview, sendCode, deleteAccount, createCopy, getCopy, sendCopy];
