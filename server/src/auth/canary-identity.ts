/**
 * Who a signed-in user is to the canaries (docs/operations.md, "Canary releases"): their bucket, from their user id,
 * and whether they are a test user (`users.tester`, the spec's `_test_`). Written into the canary cookie when a session
 * is made, kept current by the user-detail call every start-up makes (a session from before the cookie, a user made a
 * tester since), cleared on sign-out.
 */
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { bucketOf, type Viewer } from '@app/deploy/canary-audience';
import type { Database } from '../db/database';
import { users } from '../db/schema/users';
import type { CanaryCookies } from '../releases/canary-cookie';
import { SIGN_OUT_ROUTE, USER_DETAIL_ROUTE } from './session-cookie';

export async function signedInViewer(db: Database, userId: string): Promise<Viewer> {
  const [user] = await db.select({ tester: users.tester }).from(users).where(eq(users.id, userId));
  return { bucket: bucketOf(userId), tester: user?.tester ?? false };
}

/** The user in a user-detail answer (the contract's UserDetail: `id`, `tester`), or null. */
function viewerInUserDetail(payload: string): Viewer | null {
  try {
    const result = (JSON.parse(payload) as { result?: { id?: unknown; tester?: unknown } }).result;
    return typeof result?.id === 'string' && typeof result.tester === 'boolean'
      ? { bucket: bucketOf(result.id), tester: result.tester }
      : null;
  } catch {
    return null;
  }
}

/**
 * Signing out clears the cookie (whatever the call answers): the next page gets a device's random bucket. A user
 * detail answered gets the user's cookie when the browser's says otherwise; read from the answer itself, which names
 * the user and their test flag, so it costs no query.
 */
export function registerCanaryCookieHooks(app: FastifyInstance, cookies: CanaryCookies): void {
  app.addHook('onSend', async (request, reply, payload) => {
    const route = request.routeOptions.url;
    const secure = request.protocol === 'https';
    if (route === SIGN_OUT_ROUTE) reply.header('Set-Cookie', cookies.clearHeader(secure));
    if (route === USER_DETAIL_ROUTE && reply.statusCode === 200 && typeof payload === 'string') {
      const viewer = viewerInUserDetail(payload);
      const current = cookies.read(request.headers.cookie);
      if (viewer && (current?.bucket !== viewer.bucket || current.tester !== viewer.tester))
        reply.header('Set-Cookie', cookies.setHeader(viewer, secure));
    }
    return payload;
  });
}
