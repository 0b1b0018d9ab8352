/**
 * Whether a user accepted the latest authorisation agreement (用户授权协议) together with the 隐私政策 in force, which
 * acting at the tax bureau needs; an acceptance of an older policy version asks again.
 */
import { desc, eq } from 'drizzle-orm';
import { isPrivacyPolicyCurrent } from '@app/domain/privacy-policy';
import type { Database } from '../db/database';
import { agreementAcceptances, agreements } from '../db/schema/agreements';

export async function latestAgreementId(db: Database): Promise<number | null> {
  const [latest] = await db.select({ id: agreements.id }).from(agreements).orderBy(desc(agreements.id)).limit(1);
  return latest?.id ?? null;
}

export interface AcceptanceState {
  /** The latest agreement is accepted with the current 隐私政策 (or there is no agreement at all). */
  agreed: boolean;
  /** The 隐私政策 version the user last accepted, if any. */
  privacyPolicyVersion: string | null;
}

export async function acceptanceState(db: Database, userId: string): Promise<AcceptanceState> {
  const latest = await latestAgreementId(db);
  // A person accepts few versions: all of them, the newest first.
  const rows = await db
    .select({ agreementId: agreementAcceptances.agreementId, privacyPolicyVersion: agreementAcceptances.privacyPolicyVersion })
    .from(agreementAcceptances)
    .where(eq(agreementAcceptances.userId, userId))
    .orderBy(desc(agreementAcceptances.acceptedAt));
  const privacyPolicyVersion = rows.find((row) => row.privacyPolicyVersion !== null)?.privacyPolicyVersion ?? null;
  if (latest === null) return { agreed: true, privacyPolicyVersion };
  const ofLatest = rows.find((row) => row.agreementId === latest);
  return { agreed: !!ofLatest && isPrivacyPolicyCurrent(ofLatest.privacyPolicyVersion), privacyPolicyVersion };
}

/** True when there is no agreement at all, or the user accepted the latest one with the current 隐私政策. */
export async function hasAcceptedLatest(db: Database, userId: string): Promise<boolean> {
  return (await acceptanceState(db, userId)).agreed;
}
