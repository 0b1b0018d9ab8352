/**
 * The `state` of a pending WeChat or Alipay sign-in: 256 random bits tying the provider's callback to the sign-in this
 * server started, and remembering where to return. Hex, because WeChat accepts only [a-zA-Z0-9] (at most 128 bytes).
 * A state is good for one callback of its provider within ten minutes.
 */
import { randomBytes } from 'node:crypto';
import { and, eq, lt } from 'drizzle-orm';
import type { Database } from '../db/database';
import { oauthStates } from '../db/schema';

export const OAUTH_STATE_LIFETIME_MS = 10 * 60 * 1000;
const STATE_FORMAT = /^[0-9a-f]{64}$/;

export type OAuthProviderName = 'wechat' | 'alipay';

export async function issueOAuthState(db: Database, provider: OAuthProviderName, returnUrl: string): Promise<string> {
  const now = new Date();
  await db.delete(oauthStates).where(lt(oauthStates.expiresAt, now));
  const state = randomBytes(32).toString('hex');
  await db.insert(oauthStates).values({ state, provider, returnUrl, expiresAt: new Date(now.getTime() + OAUTH_STATE_LIFETIME_MS) });
  return state;
}

/** Takes the state out of the store (so it cannot be used again); its return path when it was valid, else null. */
export async function consumeOAuthState(db: Database, provider: OAuthProviderName, state: string | null): Promise<string | null> {
  if (!state || !STATE_FORMAT.test(state)) return null;
  const [row] = await db
    .delete(oauthStates)
    .where(and(eq(oauthStates.state, state), eq(oauthStates.provider, provider)))
    .returning({ returnUrl: oauthStates.returnUrl, expiresAt: oauthStates.expiresAt });
  if (!row || row.expiresAt.getTime() <= Date.now()) return null;
  return row.returnUrl;
}
