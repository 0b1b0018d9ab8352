/**
 * The `state` of a pending WeChat or Alipay sign-in: 256 random bits tying the provider's callback to the sign-in this
 * server started, and remembering where to return and the challenge of the browser that started it (the callback's
 * one-time code is bound to it, see sign-in-codes.ts). Hex, because WeChat accepts only [a-zA-Z0-9] (at most 128
 * bytes). A state is good for one callback of its provider within ten minutes.
 */
import { randomBytes } from 'node:crypto';
import { and, eq, lt } from 'drizzle-orm';
import type { Database } from '../db/database';
import { oauthStates } from '../db/schema/users';

export const OAUTH_STATE_LIFETIME_MS = 10 * 60 * 1000;
const STATE_FORMAT = /^[0-9a-f]{64}$/;

export type OAuthProviderName = 'wechat' | 'alipay';

export async function issueOAuthState(db: Database, provider: OAuthProviderName, returnUrl: string, challenge: string): Promise<string> {
  const now = new Date();
  await db.delete(oauthStates).where(lt(oauthStates.expiresAt, now));
  const state = randomBytes(32).toString('hex');
  await db
    .insert(oauthStates)
    .values({ state, provider, returnUrl, challenge, expiresAt: new Date(now.getTime() + OAUTH_STATE_LIFETIME_MS) });
  return state;
}

export interface PendingSignIn {
  returnUrl: string;
  challenge: string;
}

/**
 * Takes the state out of the store (so it cannot be used again); its return path and challenge when it was valid,
 * else null (also for a state an older server stored without a challenge: its sign-in cannot be handed over).
 */
export async function consumeOAuthState(db: Database, provider: OAuthProviderName, state: string | null): Promise<PendingSignIn | null> {
  if (!state || !STATE_FORMAT.test(state)) return null;
  const [row] = await db
    .delete(oauthStates)
    .where(and(eq(oauthStates.state, state), eq(oauthStates.provider, provider)))
    .returning({ returnUrl: oauthStates.returnUrl, challenge: oauthStates.challenge, expiresAt: oauthStates.expiresAt });
  if (!row || row.expiresAt.getTime() <= Date.now() || !row.challenge) return null;
  return { returnUrl: row.returnUrl, challenge: row.challenge };
}
