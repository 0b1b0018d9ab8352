/**
 * The SMS code that confirms 注销账号 for a person with a bound phone: sent through the simulator's SMS inbox like the
 * tax bureau's codes (`/etax-sim/sms`), one a minute; only its hash is kept, it works DELETION_CODE_MINUTES and
 * DELETION_CODE_MAX_TRIES wrong tries, and deleting the account uses it up in the deletion's own transaction.
 */
import { createHash, randomInt } from 'node:crypto';
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import {
  DELETION_CODE_LENGTH,
  DELETION_CODE_MAX_TRIES,
  DELETION_CODE_MINUTES,
  DELETION_CODE_RESEND_SECONDS,
  DELETION_MESSAGES,
  maskedPhone,
} from '@app/domain/account-deletion';
import type { Database } from '../db/database';
import { simSms } from '../db/schema/etax-simulator';
import { accountDeletionCodes } from '../db/schema/users';
import { ApiFailure, ErrorCode, invalidField } from '../http/api-failure';
import { deletionSmsRef } from './account-erasure';

const hashCode = (userId: string, code: string) => createHash('sha256').update(`${userId}:${code}`).digest('hex');

/** Sends a new code to `phone` (replacing the last one), or 2006 with the wait when the last was sent under a minute ago. */
export async function sendDeletionCode(db: Database, userId: string, phone: string, log: (message: string) => void) {
  const code = String(randomInt(0, 10 ** DELETION_CODE_LENGTH)).padStart(DELETION_CODE_LENGTH, '0');
  const values = {
    userId,
    codeHash: hashCode(userId, code),
    sentAt: sql`now()`,
    expiresAt: sql`now() + (${DELETION_CODE_MINUTES} * interval '1 minute')`,
    tries: 0,
  };
  const sent = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(accountDeletionCodes)
      .values(values)
      .onConflictDoUpdate({
        target: accountDeletionCodes.userId,
        set: { codeHash: values.codeHash, sentAt: values.sentAt, expiresAt: values.expiresAt, tries: 0 },
        setWhere: lt(accountDeletionCodes.sentAt, sql`now() - (${DELETION_CODE_RESEND_SECONDS} * interval '1 second')`),
      })
      .returning({ sentAt: accountDeletionCodes.sentAt });
    if (row) await tx.insert(simSms).values({ phone, code, gatewayRef: deletionSmsRef(userId) });
    return !!row;
  });
  if (!sent) {
    const [last] = await db
      .select({ sentAt: accountDeletionCodes.sentAt })
      .from(accountDeletionCodes)
      .where(eq(accountDeletionCodes.userId, userId));
    const wait = Math.max(1, Math.ceil(((last?.sentAt.getTime() ?? Date.now()) + DELETION_CODE_RESEND_SECONDS * 1000 - Date.now()) / 1000));
    throw new ApiFailure(ErrorCode.SmsTooSoon, `请在 ${wait} 秒后重新获取验证码`, { waitSeconds: wait });
  }
  log(`注销账号验证码 ${code} 已发送至 ${maskedPhone(phone)}（见 /etax-sim/sms）`);
  return { sentTo: maskedPhone(phone), waitSeconds: DELETION_CODE_RESEND_SECONDS };
}

/** Refuses a code that is not the one sent (counting the try), expired or tried too often: 4000 on `code`. */
export async function checkDeletionCode(db: Database, userId: string, code: string): Promise<void> {
  const [row] = await db.select().from(accountDeletionCodes).where(eq(accountDeletionCodes.userId, userId));
  if (!row) throw invalidField('code', DELETION_MESSAGES.codeNeeded);
  if (row.expiresAt.getTime() <= Date.now()) throw invalidField('code', DELETION_MESSAGES.codeExpired);
  if (row.tries >= DELETION_CODE_MAX_TRIES) throw invalidField('code', DELETION_MESSAGES.tooManyTries);
  if (row.codeHash === hashCode(userId, code)) return;
  await db
    .update(accountDeletionCodes)
    .set({ tries: sql`${accountDeletionCodes.tries} + 1` })
    .where(eq(accountDeletionCodes.userId, userId));
  throw invalidField('code', row.tries + 1 >= DELETION_CODE_MAX_TRIES ? DELETION_MESSAGES.tooManyTries : DELETION_MESSAGES.wrongCode);
}

/** Uses the checked code up inside the deletion's transaction: false when another request used it first or it just expired. */
export async function useDeletionCode(tx: Database, userId: string, code: string): Promise<boolean> {
  const used = await tx
    .delete(accountDeletionCodes)
    .where(
      and(
        eq(accountDeletionCodes.userId, userId),
        eq(accountDeletionCodes.codeHash, hashCode(userId, code)),
        gt(accountDeletionCodes.expiresAt, sql`now()`),
        lt(accountDeletionCodes.tries, DELETION_CODE_MAX_TRIES),
      ),
    )
    .returning({ userId: accountDeletionCodes.userId });
  return used.length > 0;
}
