/**
 * The "my" remote's calls: bind codes and binding, members invited by phone who accept or decline, removal
 * (it revokes the bind code, ends access to this company only), goods archived when something names them,
 * sub-codes and the public shop page, life-service requests. Each refused the way the product says (1003 for
 * employees on manager calls, 1004 for another company's ids, 2005 for a second bind or addition, 4000 with the
 * field, 4004), and the races (two binds, two additions) give one winner and a clear answer to the other, never a 500.
 */
import { afterAll, beforeAll, expect, test } from '@rstest/core';
import { and, eq } from 'drizzle-orm';
import { createSession } from '../src/auth/session-tokens';
import { companies, companyBindCodes, goods, memberInvitations, memberships } from '../src/db/schema/companies';
import { shortLinks } from '../src/db/schema/service';
import { taxAccounts } from '../src/db/schema/tax-accounts';
import { users } from '../src/db/schema/users';
import { DEMO_TAX_NUMBERS } from '../src/db/seed';
import { expectEnvelope, expectRefused } from './support/call-kit';
import { createTestServer, eventually, type TestServer } from './support/test-server';
import { describeEachDatabase } from './support/database-suites';

const CODE = /^[ABCDEFGHJKLMNPQRSTUVWXYZ23456789]{8}$/;

describeEachDatabase('the my remote’s calls (%s)', (kind) => {
  let server: TestServer;
  let manager: string;
  let employee: string;
  let taxiManager: string;
  let tradingId: string;
  let taxiId: string;
  let fresh = 0;

  const call = <T = unknown>(path: string, body: unknown, token: string | null) => server.call<T>(path, body, token);
  const good = async <T = unknown>(path: string, body: unknown, token: string | null): Promise<T> => {
    const answer = await call<T>(path, body, token);
    expectEnvelope(answer.body);
    if (answer.status !== 200 || !answer.body.success) throw new Error(`${path}: ${answer.status} ${JSON.stringify(answer.body)}`);
    return answer.body.result;
  };
  /** A signed-in user of no company (optionally with a phone), and their token. */
  const newUser = async (phone: string | null = null, provider = 'test') => {
    const [user] = await server.database.db
      .insert(users)
      .values({ provider, providerSubject: `onboarding-${kind}-${++fresh}`, nickname: `新用户${fresh}`, phone })
      .returning();
    return { id: user!.id, token: await createSession(server.database.db, user!.id) };
  };
  const whoAmI = (token: string) =>
    good<{ companyInfo: { id: string; roleName: string } | null; permissions: string[] }>(
      'user/getOfficialAccountLoginUserInfo',
      {},
      token,
    );

  beforeAll(async () => {
    server = await createTestServer(kind);
    manager = await server.tokenFor('企业管理员');
    employee = await server.tokenFor('企业员工');
    taxiManager = await server.tokenFor('出租车管理员');
    const companyOf = async (nsrsbh: string) =>
      (await server.database.db.select({ id: companies.id }).from(companies).where(eq(companies.xsfNsrsbh, nsrsbh)))[0]!.id;
    tradingId = await companyOf(DEMO_TAX_NUMBERS.trading);
    taxiId = await companyOf(DEMO_TAX_NUMBERS.taxi);
  });
  afterAll(async () => server?.close());

  test('bind codes: a manager makes one (the previous stops), anyone previews and binds with it in any case, once', async () => {
    expect(await good('company/getBindCode', {}, manager)).toBeNull();
    expectRefused(await call('company/createBindCode', {}, employee), 403, '您没有此操作的权限', 1003);
    expectRefused(await call('company/getBindCode', {}, employee), 403, undefined, 1003);
    const first = await good<{ code: string; shortPath: string; expiresAt: string }>('company/createBindCode', {}, manager);
    expect(first.code).toMatch(CODE);
    expect(first.shortPath).toBe(`/t/${first.code}`);
    expect(Math.abs(Date.parse(first.expiresAt) - Date.now() - 7 * 24 * 3600_000)).toBeLessThan(60_000);
    // A bind code is no public link: resolved for a signed-in user only; not signed in, it is as unknown as any.
    expectRefused(await call('shortLink/resolve', { code: first.code }, null), 404, '链接不存在或已失效', 4004);
    expect(await server.database.db.select().from(shortLinks).where(eq(shortLinks.code, first.code))).toEqual([]);
    expect(await good('shortLink/resolve', { code: first.code.toLowerCase() }, employee)).toEqual({
      target: `/my/company/bind?code=${first.code}`,
    });
    expect(await good('company/getBindCode', {}, manager)).toEqual(first);

    const joiner = await newUser();
    expect(await good('company/previewBind', { code: first.code.toLowerCase() }, joiner.token)).toEqual({
      companyName: '杭州优税通科技有限公司',
      xsfNsrsbh: DEMO_TAX_NUMBERS.trading,
    });
    expect(await good('company/bind', { code: first.code.toLowerCase() }, joiner.token)).toEqual({
      companyId: tradingId,
      companyName: '杭州优税通科技有限公司',
    });
    const me = await whoAmI(joiner.token);
    expect(me.companyInfo).toMatchObject({ id: tradingId, roleName: '员工' });
    expect(me.permissions).toEqual(['company_user_role']);
    expectRefused(await call('company/bind', { code: first.code }, joiner.token), 409, '您已是该企业的成员', 2005);
    expectRefused(await call('company/bind', { code: first.code }, manager), 409, '您已是该企业的成员', 2005);
    expectRefused(await call('company/bind', { code: first.code }, null), 401, '请先登录', 1001);

    // A new code: the previous one no longer works; revoked and expired ones neither; a shop code never binds.
    const second = await good<{ code: string }>('company/createBindCode', {}, manager);
    expect(second.code).not.toBe(first.code);
    const outsider = await newUser();
    expectRefused(await call('company/previewBind', { code: first.code }, outsider.token), 404, '绑定码无效或已过期', 4004);
    expectRefused(await call('company/bind', { code: first.code }, outsider.token), 404, '绑定码无效或已过期', 4004);
    expect(await good('company/previewBind', { code: second.code }, outsider.token)).toMatchObject({
      companyName: '杭州优税通科技有限公司',
    });
    await server.database.db
      .update(companyBindCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(companyBindCodes.code, second.code));
    expectRefused(await call('company/bind', { code: second.code }, outsider.token), 404, '绑定码无效或已过期', 4004);
    expect(await good('company/getBindCode', {}, manager)).toBeNull();
    const third = await good<{ code: string }>('company/createBindCode', {}, manager);
    expect(await good('company/revokeBindCode', {}, manager)).toEqual({ revoked: true });
    expectRefused(await call('company/previewBind', { code: third.code }, outsider.token), 404, '绑定码无效或已过期', 4004);
    // A dead bind code resolves like an unknown one, for anyone.
    expectRefused(await call('shortLink/resolve', { code: third.code }, outsider.token), 404, '链接不存在或已失效', 4004);
    expectRefused(await call('company/bind', { code: 'YST0001' }, outsider.token), 404, '绑定码无效或已过期', 4004);
    expect((await whoAmI(outsider.token)).companyInfo).toBeNull();
    // The taxi company's code binds to the taxi company only.
    const taxiCode = await good<{ code: string }>('company/createBindCode', {}, taxiManager);
    expect(await good('company/bind', { code: taxiCode.code }, outsider.token)).toEqual({
      companyId: taxiId,
      companyName: '杭州顺达出租汽车有限公司',
    });
  });

  test('two binds at once with the same code: one joins, the other is told it is a member; never a 500', async () => {
    const { code } = await good<{ code: string }>('company/createBindCode', {}, manager);
    for (let round = 0; round < 3; round++) {
      const joiner = await newUser();
      const answers = await Promise.all([call('company/bind', { code }, joiner.token), call('company/bind', { code }, joiner.token)]);
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
      expect(answers.find((answer) => answer.status === 409)?.body).toMatchObject({ errorCode: 2005, message: '您已是该企业的成员' });
      expect(await server.database.db.select().from(memberships).where(eq(memberships.userId, joiner.id))).toHaveLength(1);
    }
  });

  test('previewBind and bind are rate-limited against guessing', async () => {
    const guesser = await newUser();
    let refused = 0;
    for (let i = 0; i < 12; i++) {
      const answer = await call('company/previewBind', { code: `ZZZZZZ${String(i).padStart(2, '2')}` }, guesser.token);
      if (answer.body.errorCode === 4029) refused++;
      else expect(answer.body.errorCode).toBe(4004);
    }
    expect(refused).toBeGreaterThan(0);
  });

  test('members: the manager lists members and pending invitations; invites by phone (never joins anyone at once, echoes nothing of an account); cancels', async () => {
    type Member = {
      id: string;
      pending: boolean;
      name: string;
      phone: string;
      role: string;
      roleName: string;
      self: boolean;
      joinedAt: string;
    };
    expectRefused(await call('companyUser/list', {}, employee), 403, '您没有此操作的权限', 1003);
    expectRefused(await call('companyUser/add', { phone: '13912345678', name: '新人', role: 'employee' }, employee), 403, undefined, 1003);
    const listed = await good<{ total: number; list: Member[] }>('companyUser/list', {}, manager);
    const byName = Object.fromEntries(listed.list.map((member) => [member.name, member]));
    expect(byName.李明).toMatchObject({
      pending: false,
      self: true,
      role: 'manager',
      roleName: '管理员',
      phone: '13800000002',
      id: await server.userIdOf('企业管理员'),
    });
    expect(byName.王芳).toMatchObject({ pending: false, self: false, role: 'employee', phone: '13800000003' });
    expect(byName.陈静).toMatchObject({ role: 'offline_pay_manager', roleName: '收款管理员' });
    expect(byName.赵强).toBeUndefined();
    expect(listed.total).toBe(listed.list.length);

    // A user with that phone (普通用户, no company) is invited, not joined: the answer is what the manager typed.
    const added = await good<Member>('companyUser/add', { phone: '13800000001', name: '张晓', role: 'taxi_manager' }, manager);
    expect(added).toMatchObject({
      pending: true,
      name: '张晓',
      phone: '13800000001',
      role: 'taxi_manager',
      roleName: '车队管理员',
      self: false,
    });
    expect(added.id).not.toBe(await server.userIdOf('普通用户'));
    expect(JSON.stringify(added)).not.toContain(await server.userIdOf('普通用户'));
    expect((await whoAmI(await server.tokenFor('普通用户'))).companyInfo).toBeNull();
    expectRefused(
      await call('companyUser/add', { phone: '13800000001', name: '张晓', role: 'employee' }, manager),
      409,
      '已邀请该手机号，等待对方接受',
      2005,
    );
    expectRefused(
      await call('companyUser/add', { phone: '13800000002', name: '李明', role: 'employee' }, manager),
      409,
      '该手机号已是本企业员工',
      2005,
    );
    // Another company's member is only invited: nothing of theirs is told, their company and sessions stay theirs.
    const other = await good<Member>('companyUser/add', { phone: '13800000004', name: '某人', role: 'employee' }, manager);
    expect(other).toMatchObject({ pending: true, name: '某人', phone: '13800000004' });
    expect(JSON.stringify(other)).not.toContain('赵强');
    expect((await whoAmI(taxiManager)).companyInfo?.id).toBe(taxiId);
    expect(
      await server.database.db
        .select()
        .from(memberships)
        .where(and(eq(memberships.companyId, tradingId), eq(memberships.userId, await server.userIdOf('出租车管理员')))),
    ).toEqual([]);

    // No account with that phone: an invitation too, listed first as pending.
    const invited = await good<Member>('companyUser/add', { phone: '13912345678', name: ' 孙悦 ', role: 'employee' }, manager);
    expect(invited).toMatchObject({ pending: true, name: '孙悦', phone: '13912345678', role: 'employee', roleName: '员工', self: false });
    const withInvitation = await good<{ total: number; list: Member[] }>('companyUser/list', {}, manager);
    expect(withInvitation.list[0]).toEqual(invited);
    expect(withInvitation.total).toBe(listed.total + 3);
    expect((await good<{ list: Member[] }>('companyUser/list', { keyword: '孙' }, manager)).list).toEqual([invited]);
    expect(
      (await good<{ list: Member[] }>('companyUser/list', { keyword: '13800000003' }, manager)).list.map((member) => member.name),
    ).toEqual(['王芳']);
    const paged = await good<{ total: number; list: Member[] }>('companyUser/list', { page: 2, pageSize: 2 }, manager);
    expect(paged.list).toEqual(withInvitation.list.slice(2, 4));
    expectRefused(
      await call('companyUser/add', { phone: '13912345678', name: '孙悦', role: 'manager' }, manager),
      409,
      '已邀请该手机号',
      2005,
    );
    expectRefused(
      await call('companyUser/add', { phone: '12345', name: '孙悦', role: 'employee' }, manager),
      400,
      '手机号(phone) 格式不正确',
    );
    expectRefused(await call('companyUser/add', { phone: '13912345670', name: '   ', role: 'employee' }, manager), 400, '请填写姓名');
    expectRefused(
      await call('companyUser/add', { phone: '13912345670', name: '某人', role: 'boss' }, manager),
      400,
      '角色(role) 的取值无效',
    );

    // Only the company's own invitation can be taken back.
    expectRefused(await call('companyUser/cancelInvitation', { id: invited.id }, taxiManager), 403, '无权操作该企业的邀请', 1004);
    expectRefused(await call('companyUser/cancelInvitation', { id: invited.id }, employee), 403, undefined, 1003);
    expect(await good('companyUser/cancelInvitation', { id: invited.id.toUpperCase() }, manager)).toEqual({ id: invited.id });
    expectRefused(await call('companyUser/cancelInvitation', { id: invited.id }, manager), 404, '该邀请不存在', 4004);
    for (const pending of [added, other]) await good('companyUser/cancelInvitation', { id: pending.id }, manager);
    expect((await good<{ total: number }>('companyUser/list', {}, manager)).total).toBe(listed.total);
  });

  test('two additions of the same phone at once: one is invited, the other told; for a user and for someone without an account', async () => {
    for (const phone of ['13600000001', '13600000002']) {
      if (phone.endsWith('2')) await newUser(phone);
      const body = { phone, name: '并发', role: 'employee' };
      const answers = await Promise.all([
        call('companyUser/add', body, manager),
        call('companyUser/add', body, manager),
        call('companyUser/add', body, manager),
      ]);
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409, 409]);
      for (const answer of answers.filter((one) => one.status === 409)) expect(answer.body.errorCode).toBe(2005);
      expect(await server.database.db.select().from(memberInvitations).where(eq(memberInvitations.phone, phone))).toHaveLength(1);
    }
  });

  test('an invitation waits for its person: signing in joins nothing; they see it, decline one, accept another (once), with the role', async () => {
    type Invitation = { id: string; companyName: string; xsfNsrsbh: string; role: string; roleName: string; invitedAt: string };
    await good('companyUser/add', { phone: '13700000007', name: '周七', role: 'offline_pay_manager' }, manager);
    await good('companyUser/add', { phone: '13700000007', name: '周七', role: 'employee' }, taxiManager);
    const [user] = await server.database.db
      .insert(users)
      .values({ provider: 'demo', providerSubject: `demo-claim-${kind}`, nickname: '周七', phone: '13700000007' })
      .returning();
    const token = await createSession(server.database.db, user!.id);
    expect((await whoAmI(token)).companyInfo).toBeNull();
    expect((await good<{ list: unknown[] }>('company/getMyCompanies', {}, token)).list).toEqual([]);

    const { list } = await good<{ list: Invitation[] }>('company/myInvitations', {}, token);
    expect(list.map((invitation) => [invitation.companyName, invitation.roleName])).toEqual([
      ['杭州顺达出租汽车有限公司', '员工'],
      ['杭州优税通科技有限公司', '收款管理员'],
    ]);
    const [fromTaxi, fromTrading] = list as [Invitation, Invitation];
    // Nobody else sees or answers them.
    const stranger = await newUser('13700000008');
    expect((await good<{ list: unknown[] }>('company/myInvitations', {}, stranger.token)).list).toEqual([]);
    expectRefused(await call('company/acceptInvitation', { id: fromTrading.id }, stranger.token), 403, '无权处理该邀请', 1004);
    expectRefused(await call('company/declineInvitation', { id: fromTrading.id }, manager), 403, '无权处理该邀请', 1004);
    expectRefused(await call('company/acceptInvitation', { id: fromTrading.id }, null), 401, undefined, 1001);

    expect(await good('company/declineInvitation', { id: fromTaxi.id }, token)).toEqual({ id: fromTaxi.id });
    expectRefused(await call('company/acceptInvitation', { id: fromTaxi.id }, token), 404, '该邀请不存在或已失效', 4004);
    // Two answers at once: one joins, the other is told.
    const answers = await Promise.all([
      call('company/acceptInvitation', { id: fromTrading.id.toUpperCase() }, token),
      call('company/acceptInvitation', { id: fromTrading.id }, token),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 404]);
    expect(answers.find((answer) => answer.status === 200)?.body.result).toEqual({
      companyId: tradingId,
      companyName: '杭州优税通科技有限公司',
      current: true,
    });
    const me = await whoAmI(token);
    expect(me.companyInfo).toMatchObject({ id: tradingId, roleName: '收款管理员' });
    expect(me.permissions).toEqual(['company_user_role', 'benefit_payment']);
    expect((await good<{ list: { id: string }[] }>('company/getMyCompanies', {}, token)).list.map((company) => company.id)).toEqual([
      tradingId,
    ]);
    expect(await server.database.db.select().from(memberInvitations).where(eq(memberInvitations.phone, '13700000007'))).toEqual([]);
    const listed = await good<{ list: { id: string; pending: boolean; name: string }[] }>('companyUser/list', { keyword: '周七' }, manager);
    expect(listed.list).toEqual([expect.objectContaining({ id: user!.id, pending: false, name: '周七' })]);
  });

  test('removing a member: they lose this company (not their sessions, not their other companies) and cannot walk back in with the bind code they used', async () => {
    const managerId = await server.userIdOf('企业管理员');
    const [newCompany] = await server.database.db
      .insert(companies)
      .values({
        name: '杭州单人商贸有限公司',
        qylx: '1',
        xsfNsrsbh: '91330100MA0000009X',
        code: 'YST0009',
        serviceExpiresAt: new Date(Date.now() + 86_400_000),
      })
      .returning();
    const solo = await newUser('13500000001');
    await server.database.db
      .insert(memberships)
      .values({ userId: solo.id, companyId: newCompany!.id, roleName: '管理员', permissions: ['company_manage', 'company_user_role'] });
    await server.database.db.update(users).set({ currentCompanyId: newCompany!.id }).where(eq(users.id, solo.id));
    expectRefused(await call('companyUser/remove', { userId: solo.id }, solo.token), 409, '企业至少需要保留一名管理员', 2005);

    // The helper belongs to the taxi company too, then joins this one with its bind code and makes it current.
    const helper = await newUser('13500000002');
    const { code } = await good<{ code: string }>('company/createBindCode', {}, taxiManager);
    await good('company/bind', { code }, helper.token);
    const soloCode = await good<{ code: string }>('company/createBindCode', {}, solo.token);
    await good('company/bind', { code: soloCode.code }, helper.token);
    expect((await whoAmI(helper.token)).companyInfo?.id).toBe(newCompany!.id);

    expect(await good('companyUser/remove', { userId: helper.id }, solo.token)).toEqual({ removed: true, bindCodeRevoked: true });
    // Still signed in, in no company (not silently in another one), the other company still theirs.
    const after = await whoAmI(helper.token);
    expect(after.companyInfo).toBeNull();
    expect((await good<{ list: { id: string }[] }>('company/getMyCompanies', {}, helper.token)).list.map((company) => company.id)).toEqual([
      taxiId,
    ]);
    expectRefused(await call('goods/list', {}, helper.token), 403, undefined, 1003);
    // The code they joined with is gone: signing in again and binding with it is refused.
    expectRefused(
      await call('company/bind', { code: soloCode.code }, await createSession(server.database.db, helper.id)),
      404,
      '绑定码无效或已过期',
      4004,
    );
    expect(await good('company/getBindCode', {}, solo.token)).toBeNull();
    expect(
      await server.database.db
        .select()
        .from(memberships)
        .where(and(eq(memberships.companyId, newCompany!.id), eq(memberships.userId, helper.id))),
    ).toEqual([]);
    // A code the manager makes afterwards works again; removal with no live code says none was revoked.
    const fresh = await good<{ code: string }>('company/createBindCode', {}, solo.token);
    await good('company/bind', { code: fresh.code }, helper.token);
    await good('company/revokeBindCode', {}, solo.token);
    expect(await good('companyUser/remove', { userId: helper.id }, solo.token)).toEqual({ removed: true, bindCodeRevoked: false });
    expectRefused(await call('companyUser/remove', { userId: managerId }, solo.token), 403, '该用户不是本企业的员工', 1004);
  });

  test('goods: get; the classification must be from the table; goods an issued invoice names are archived, not deleted', async () => {
    const saveBody = {
      name: '会议服务',
      taxCode: '3040304000000000000',
      taxShortName: '文化创意服务',
      model: '',
      unit: '次',
      unitPriceFen: 10_000,
      taxRatePermille: 60,
      taxFree: null,
    };
    expectRefused(await call('goods/save', { ...saveBody, taxCode: '3040304000000000001' }, manager), 400, '请从税收分类编码表中选择');
    const mismatch = await call('goods/save', { ...saveBody, taxShortName: '餐饮服务' }, manager);
    expectRefused(mismatch, 400, '请从税收分类编码表中选择');
    expect((mismatch.body.result as { fields: Record<string, string> }).fields).toEqual({ taxCode: '请从税收分类编码表中选择' });
    const used = await good<{ id: string }>('goods/save', saveBody, manager);
    const unused = await good<{ id: string }>('goods/save', { ...saveBody, name: '会议服务（未用）' }, manager);
    expect(await good('goods/get', { id: used.id }, employee)).toMatchObject({
      id: used.id,
      name: '会议服务',
      taxShortName: '文化创意服务',
    });
    expectRefused(await call('goods/get', { id: used.id }, taxiManager), 403, '无权访问该企业的商品', 1004);
    expectRefused(await call('goods/get', { id: '00000000-0000-4000-8000-000000000000' }, manager), 404, '商品不存在', 4004);

    await server.database.db
      .update(taxAccounts)
      .set({ expirationTime: new Date(Date.now() + 3600_000), scanFaceTime: new Date() })
      .where(eq(taxAccounts.companyId, tradingId));
    const buyer = { name: '王小明', taxNumber: '', address: '', phone: '', bankName: '', bankAccount: '', naturalPerson: true };
    const blue = await good<{ taskId: string; invoiceId: string }>(
      'task/createBlueInvoiceTask',
      {
        requestSerial: `onboarding-${kind}-1`,
        type: '数电普票',
        buyer,
        lines: [{ goodsId: used.id, quantity: null, grossFen: 10_000, rate: 60 }],
        remarks: '',
        deliverPhone: '',
        deliverEmail: '',
      },
      manager,
    );
    await eventually(
      async () => (await good<{ taskStatus: number }>('task/getTaskDetail', { id: blue.taskId }, manager)).taskStatus === 1,
      15_000,
    );

    expect(await good('goods/delete', { id: used.id }, manager)).toEqual({ id: used.id, archived: true });
    expect(await good('goods/delete', { id: unused.id }, manager)).toEqual({ id: unused.id, archived: false });
    expect(await server.database.db.select().from(goods).where(eq(goods.id, unused.id))).toEqual([]);
    const [archived] = await server.database.db.select().from(goods).where(eq(goods.id, used.id));
    expect(archived?.archivedAt).toBeInstanceOf(Date);
    const names = (await good<{ list: { id: string }[] }>('goods/list', { pageSize: 100 }, manager)).list.map((item) => item.id);
    expect(names).not.toContain(used.id);
    expectRefused(await call('goods/get', { id: used.id }, manager), 404, '商品已删除', 4004);
    expectRefused(await call('goods/delete', { id: used.id }, manager), 404, '商品已删除', 4004);
    expectRefused(await call('goods/save', { ...saveBody, id: used.id }, manager), 404, '商品已删除', 4004);
    const again = await call(
      'task/createBlueInvoiceTask',
      {
        requestSerial: `onboarding-${kind}-2`,
        type: '数电普票',
        buyer,
        lines: [{ goodsId: used.id, quantity: null, grossFen: 10_000, rate: 60 }],
        remarks: '',
        deliverPhone: '',
        deliverEmail: '',
      },
      manager,
    );
    expectRefused(again, 400, '第 1 行的商品已删除');
    expectRefused(
      await call('subCode/save', { name: '前台', goodsId: used.id, amountFen: 100, enabled: true }, manager),
      400,
      '该商品已删除，请重新选择',
    );
    // The issued invoice still shows its line, and a red invoice of it still names the goods.
    const invoice = await good<{ lines: { itemName: string }[] }>('invoice/get', { id: blue.invoiceId }, manager);
    expect(invoice.lines[0]?.itemName).toContain('会议服务');
  });

  test('sub-codes and the shop: fixed goods and amount both or neither; the public shop page says who and whether it is open', async () => {
    type SubCode = {
      id: string;
      name: string;
      code: string;
      goodsId: string | null;
      goodsName: string | null;
      amountFen: number | null;
      enabled: boolean;
      shortPath: string;
      createdAt: string;
    };
    const [item] = await server.database.db
      .select()
      .from(goods)
      .where(and(eq(goods.companyId, tradingId), eq(goods.name, '餐饮服务')));
    const [taxiGoods] = await server.database.db.select().from(goods).where(eq(goods.companyId, taxiId));
    expectRefused(
      await call('subCode/save', { name: '前台', goodsId: null, amountFen: null, enabled: true }, employee),
      403,
      undefined,
      1003,
    );
    expectRefused(
      await call('subCode/save', { name: '前台', goodsId: item!.id, amountFen: null, enabled: true }, manager),
      400,
      '固定商品与固定金额需同时填写',
    );
    expectRefused(
      await call('subCode/save', { name: '前台', goodsId: null, amountFen: 100, enabled: true }, manager),
      400,
      '固定商品与固定金额需同时填写',
    );
    expectRefused(
      await call('subCode/save', { name: '前台', goodsId: taxiGoods!.id, amountFen: 100, enabled: true }, manager),
      403,
      '无权访问该企业的商品',
      1004,
    );
    const desk = await good<SubCode>('subCode/save', { name: '前台', goodsId: null, amountFen: null, enabled: true }, manager);
    expect(desk).toMatchObject({
      name: '前台',
      goodsId: null,
      goodsName: null,
      amountFen: null,
      enabled: true,
      shortPath: `/t/${desk.code}`,
    });
    expect(desk.code).toMatch(CODE);
    expect(await good('shortLink/resolve', { code: desk.code }, null)).toEqual({ target: `/shop/${desk.code}` });
    const table = await good<SubCode>('subCode/save', { name: '3 号桌', goodsId: item!.id, amountFen: 8800, enabled: true }, manager);
    expect(table).toMatchObject({ goodsId: item!.id, goodsName: '餐饮服务', amountFen: 8800 });
    expect((await good<{ total: number; list: SubCode[] }>('subCode/list', {}, employee)).list.map((row) => row.name)).toEqual([
      '3 号桌',
      '前台',
    ]);
    expect((await good<{ list: SubCode[] }>('subCode/list', { keyword: '桌' }, employee)).list.map((row) => row.id)).toEqual([table.id]);
    expect(await good('subCode/get', { id: table.id }, employee)).toEqual(table);
    expectRefused(await call('subCode/get', { id: table.id }, taxiManager), 403, '无权访问该企业的子码', 1004);
    expectRefused(await call('subCode/delete', { id: table.id }, taxiManager), 403, undefined, 1004);
    expectRefused(await call('subCode/get', { id: '00000000-0000-4000-8000-000000000000' }, manager), 404, '子码不存在', 4004);

    expect(await good('shop/get', { code: table.code.toLowerCase() }, null)).toEqual({
      code: table.code,
      shopName: '杭州优税通科技有限公司',
      subCodeName: '3 号桌',
      goodsName: '餐饮服务',
      amountFen: 8800,
      closedReason: null,
      channels: ['demo'],
    });
    expect(await good('shop/get', { code: 'YST0001' }, null)).toEqual({
      code: 'YST0001',
      shopName: '杭州优税通科技有限公司',
      subCodeName: null,
      goodsName: null,
      amountFen: null,
      closedReason: null,
      channels: ['demo'],
    });
    expectRefused(await call('shop/get', { code: 'NOSUCHSHOP' }, null), 404, '店铺不存在', 4004);
    // Disabled: the cash desk says so.
    const disabled = await good<SubCode>(
      'subCode/save',
      { id: desk.id, name: '前台', goodsId: null, amountFen: null, enabled: false },
      manager,
    );
    expect(disabled).toMatchObject({ id: desk.id, code: desk.code, enabled: false });
    expect(await good('shop/get', { code: desk.code }, null)).toMatchObject({ subCodeName: '前台', closedReason: '该收款码已停用' });
    // The company's service expired: closed, and the shop code too.
    const [trading] = await server.database.db.select().from(companies).where(eq(companies.id, tradingId));
    await server.database.db
      .update(companies)
      .set({ serviceExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(companies.id, tradingId));
    try {
      expect(await good('shop/get', { code: table.code }, null)).toMatchObject({ closedReason: '商户服务已到期，暂不能收款' });
      expect(await good('shop/get', { code: 'YST0001' }, null)).toMatchObject({ closedReason: '商户服务已到期，暂不能收款' });
    } finally {
      await server.database.db.update(companies).set({ serviceExpiresAt: trading!.serviceExpiresAt }).where(eq(companies.id, tradingId));
    }
    // The shop code and its link, made once.
    const shop = await good('shopCode/get', {}, employee);
    expect(shop).toEqual({ code: 'YST0001', shopName: '杭州优税通科技有限公司', shortPath: '/t/YST0001' });
    expect(await good('shopCode/get', {}, manager)).toEqual(shop);
    expect(await good('shortLink/resolve', { code: 'YST0001' }, null)).toEqual({ target: '/shop/YST0001' });
    // A sub-code that fixes goods keeps them when they are deleted (archived).
    expect(await good('goods/delete', { id: item!.id }, manager)).toEqual({ id: item!.id, archived: true });
    expect(await good('subCode/get', { id: table.id }, manager)).toMatchObject({ goodsName: '餐饮服务' });
    expect(await good('subCode/delete', { id: table.id }, manager)).toEqual({ id: table.id });
    expectRefused(await call('shop/get', { code: table.code }, null), 404, '店铺不存在', 4004);
    expectRefused(await call('shortLink/resolve', { code: table.code }, null), 404, undefined, 4004);
  });

  test('life services: a manager applies once while it is under review; the company sees its latest request', async () => {
    const body = { contactName: '李明', phone: '13800000002', city: '杭州', kind: '餐饮美食', remarks: '两家门店' };
    expect(await good('lifeService/mine', {}, manager)).toBeNull();
    expectRefused(await call('lifeService/apply', body, employee), 403, '您没有此操作的权限', 1003);
    const answers = await Promise.all([call('lifeService/apply', body, manager), call('lifeService/apply', body, manager)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    const created = answers.find((answer) => answer.status === 200)!.body.result as { id: string; state: string };
    expect(created).toMatchObject({ ...body, state: '审核中' });
    expectRefused(await call('lifeService/apply', body, manager), 409, '您已提交申请，请等待审核', 2005);
    expect(await good('lifeService/mine', {}, employee)).toEqual(created);
    expect(await good('lifeService/mine', {}, taxiManager)).toBeNull();
    expectRefused(await call('lifeService/apply', { ...body, phone: '0571-8888' }, taxiManager), 400, '联系电话(phone) 格式不正确');
    expectRefused(await call('lifeService/apply', { ...body, city: '  ' }, taxiManager), 400, '请填写所在城市');
  });
});
