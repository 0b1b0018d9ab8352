/** Session tokens: 256 random bits, handed to the client once; the database keeps only their SHA-256. */
import { createHash, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from '../db/database';
import { sessions } from '../db/schema/users';

export const SESSION_LIFETIME_MS = 7 * 24 * 3600 * 1000;

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** A new session of the user: every sign-in path (demo, WeChat, Alipay) makes its session here. */
export async function createSession(db: Database, userId: string, lifetimeMs = SESSION_LIFETIME_MS): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.insert(sessions).values({ tokenHash: hashToken(token), userId, expiresAt: new Date(Date.now() + lifetimeMs) });
  return token;
}

export async function revokeSession(db: Database, token: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.tokenHash, hashToken(token)));
}
