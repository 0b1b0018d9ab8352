/**
 * Sessions end: signing out revokes the token on the server. A member removed from a company loses that company on
 * every session at once (membership is read on every call), and keeps their sessions (else a manager could sign
 * out anyone whose phone they knew by adding and removing them).
 * A company always keeps a manager, also when two managers remove each other at the same moment.
 */
import { afterAll, beforeAll, expect, test } from '@rstest/core';
import { and, eq, sql } from 'drizzle-orm';
import { createSession } from '../src/auth/session-tokens';
import { memberships } from '../src/db/schema/companies';
import { sessions, users } from '../src/db/schema/users';
import { expectRefused } from './support/call-kit';
import { createTestServer, type TestServer } from './support/test-server';
import { describeEachDatabase } from './support/database-suites';

describeEachDatabase('sessions (%s)', (kind) => {
  let server: TestServer;
  let companyId: string;

  beforeAll(async () => {
    server = await createTestServer(kind);
    const [membership] = await server.database.db
      .select()
      .from(memberships)
      .where(eq(memberships.userId, await server.userIdOf('企业管理员')));
    companyId = membership!.companyId;
  });
  afterAll(async () => server.close());

  const whoAmI = (token: string) =>
    server.call<{ id: string; company: boolean; companyInfo: unknown; permissions: string[] }>(
      'user/getOfficialAccountLoginUserInfo',
      {},
      token,
    );

  test("signing out ends that session on the server; the user's other sessions go on", async () => {
    const phone = await server.tokenFor('企业员工');
    const laptop = await server.tokenFor('企业员工');
    expect((await whoAmI(phone)).body.success).toBe(true);
    expect(await server.call('user/signOut', {}, phone)).toMatchObject({
      status: 200,
      body: { success: true, result: { signedOut: true } },
    });
    expectRefused(await whoAmI(phone), 401, '登录信息无效', 1001);
    expect((await whoAmI(laptop)).body.success).toBe(true);
    expectRefused(await server.call('user/signOut', {}, phone), 401, undefined, 1001);
  });

  test('a member removed from the company loses it on every session at once, and their current company; the sessions stay theirs', async () => {
    const manager = await server.tokenFor('企业管理员');
    const cashier = await server.userIdOf('线下收款管理员');
    const cashierTokens = [await server.tokenFor('线下收款管理员'), await server.tokenFor('线下收款管理员')];
    expect(await server.call('companyUser/remove', { userId: cashier }, manager)).toMatchObject({ body: { success: true } });
    for (const token of cashierTokens) {
      const detail = await whoAmI(token);
      expect(detail.body.result).toMatchObject({ company: false, companyInfo: null, permissions: [] });
      expectRefused(await server.call('wallet/get', {}, token), 403, undefined, 1003);
    }
    expect(await server.database.db.select().from(sessions).where(eq(sessions.userId, cashier))).toHaveLength(2);
    expect(await server.database.db.select().from(memberships).where(eq(memberships.userId, cashier))).toEqual([]);
    const [user] = await server.database.db.select().from(users).where(eq(users.id, cashier));
    expect(user?.currentCompanyId).toBeNull();
  });

  test("only managers remove members, only their own company's, and never the last manager", async () => {
    const employee = await server.tokenFor('企业员工');
    const manager = await server.tokenFor('企业管理员');
    expectRefused(await server.call('companyUser/remove', { userId: await server.userIdOf('企业管理员') }, employee), 403, undefined, 1003);
    expectRefused(
      await server.call('companyUser/remove', { userId: await server.userIdOf('出租车管理员') }, manager),
      403,
      '不是本企业的员工',
      1004,
    );
    expectRefused(
      await server.call('companyUser/remove', { userId: await server.userIdOf('企业管理员') }, manager),
      409,
      '至少需要保留一名管理员',
      2005,
    );
    expect((await whoAmI(manager)).body.success).toBe(true);
  });

  test('two managers removing each other at the same moment leave the company one manager', async () => {
    const [second] = await server.database.db
      .insert(users)
      .values({ provider: 'test', providerSubject: `manager-${Date.now()}`, nickname: '钱二', currentCompanyId: companyId })
      .returning();
    await server.database.db
      .insert(memberships)
      .values({ userId: second!.id, companyId, roleName: '管理员', permissions: ['company_manage', 'company_user_role'] });
    const first = await server.userIdOf('企业管理员');
    const [a, b] = await Promise.all([
      server.call('companyUser/remove', { userId: second!.id }, await server.tokenFor('企业管理员')),
      server.call('companyUser/remove', { userId: first }, await createSession(server.database.db, second!.id)),
    ]);
    const succeeded = [a, b].filter((answer) => answer.body.success);
    expect(succeeded.length).toBeGreaterThanOrEqual(1);
    const [managers] = await server.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(memberships)
      .where(and(eq(memberships.companyId, companyId), sql`${memberships.permissions} @> '["company_manage"]'::jsonb`));
    expect(managers?.n).toBe(1);
  });
});
