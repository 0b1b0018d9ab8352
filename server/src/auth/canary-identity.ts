/**
 * Who a signed-in user is to the canaries (README, "Canary releases"): their bucket, from their user id, and whether
 * they are a test user (`users.tester`, the spec's `_test_`). Written into the canary cookie when a session is made,
 * cleared on sign-out.
 */
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { bucketOf, type Viewer } from '@app/deploy/canary-audience';
import type { Database } from '../db/database';
import { users } from '../db/schema';
import type { CanaryCookies } from '../releases/canary-cookie';

export async function signedInViewer(db: Database, userId: string): Promise<Viewer> {
  const [user] = await db.select({ tester: users.tester }).from(users).where(eq(users.id, userId));
  return { bucket: bucketOf(userId), tester: user?.tester ?? false };
}

const SIGN_OUT = '/api/user/signOut';

/** Signing out clears the cookie (whatever the call answers): the next page gets a device's random bucket. */
export function clearCanaryCookieOnSignOut(app: FastifyInstance, cookies: CanaryCookies): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.routeOptions.url === SIGN_OUT) reply.header('Set-Cookie', cookies.clearHeader(request.protocol === 'https'));
    return payload;
  });
}
