/** Whether a user accepted the latest authorisation agreement (用户授权协议), which acting at the tax bureau needs. */
import { and, count, desc, eq } from 'drizzle-orm';
import type { Database } from '../db/database';
import { agreementAcceptances, agreements } from '../db/schema/agreements';

export async function latestAgreementId(db: Database): Promise<number | null> {
  const [latest] = await db.select({ id: agreements.id }).from(agreements).orderBy(desc(agreements.id)).limit(1);
  return latest?.id ?? null;
}

/** True when there is no agreement at all, or the user accepted the latest one. */
export async function hasAcceptedLatest(db: Database, userId: string): Promise<boolean> {
  const latest = await latestAgreementId(db);
  if (latest === null) return true;
  const [row] = await db
    .select({ n: count() })
    .from(agreementAcceptances)
    .where(and(eq(agreementAcceptances.userId, userId), eq(agreementAcceptances.agreementId, latest)));
  return (row?.n ?? 0) > 0;
}
