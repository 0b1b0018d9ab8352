/**
 * Real phones for canary tests: signed-in users of their own on one side of a share canary, each with a session, the
 * canary cookie the server would give them (their bucket, signed with the server's key) and an address of its own (a
 * phone's reports are limited per address). What a canary is judged on comes from such phones only.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { bucketOf } from '@app/deploy/canary-audience';
import { hashToken } from '../../src/auth/session-tokens';
import type { Database } from '../../src/db/database';
import { sessions, users } from '../../src/db/schema/users';
import { CANARY_COOKIE, type CanaryCookies } from '../../src/releases/canary-cookie';

export interface Phone {
  userId: string;
  token: string;
  /** The Cookie header its browser sends. */
  cookie: string;
  address: string;
}

let phoneCount = 0;

/** `count` phones whose users a share canary of `percent` % serves the canary (`side` canary) or not (`live`). */
export async function canaryPhones(
  db: Database,
  cookies: CanaryCookies,
  count: number,
  side: 'canary' | 'live',
  percent: number,
): Promise<Phone[]> {
  const ids: string[] = [];
  while (ids.length < count) {
    const id = randomUUID();
    if (bucketOf(id) < percent * 100 === (side === 'canary')) ids.push(id);
  }
  await db.insert(users).values(ids.map((id) => ({ id, provider: 'test', providerSubject: `phone-${id}`, nickname: '测试手机' })));
  const tokens = ids.map(() => randomBytes(32).toString('base64url'));
  await db
    .insert(sessions)
    .values(ids.map((userId, index) => ({ tokenHash: hashToken(tokens[index]!), userId, expiresAt: new Date(Date.now() + 3600_000) })));
  return ids.map((userId, index) => {
    phoneCount += 1;
    return {
      userId,
      token: tokens[index]!,
      cookie: `${CANARY_COOKIE}=${cookies.value({ bucket: bucketOf(userId), tester: false })}`,
      address: `10.${88 + ((phoneCount >> 16) & 7)}.${(phoneCount >> 8) & 255}.${phoneCount & 255}`,
    };
  });
}
