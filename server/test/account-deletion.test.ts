/**
 * 注销账号 and 个人信息副本 (PIPL): a person signed in with WeChat, with a bound phone, titles, an invitation, a payment
 * and an invoice they made in the demo trading company, deletes their account with the SMS code. Afterwards no text or
 * JSON column of any table holds their openid, phone or nickname; the company's invoices and ledger are intact and
 * balance; the old token is refused; the same WeChat signs in as a new, empty account. Also: the code's refusals, the
 * last manager (2008), the phrase, an empty company deleted with its only member, and the copy holding exactly the
 * person's data.
 */
import { afterAll, beforeAll, expect, test } from '@rstest/core';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { DELETED_USER_NAME, DELETION_MESSAGES, DELETION_PHRASE } from '@app/domain/account-deletion';
import { createSession } from '../src/auth/session-tokens';
import { cashOrders } from '../src/db/schema/cash';
import { companies, goods, memberInvitations, memberships } from '../src/db/schema/companies';
import { taxAccounts } from '../src/db/schema/tax-accounts';
import { cars, taxiTrips } from '../src/db/schema/taxi';
import { outboxMessages } from '../src/db/schema/invoices';
import { invoices } from '../src/db/schema/invoices';
import { accountDeletionCodes, users } from '../src/db/schema/users';
import { DEMO_TAX_NUMBERS } from '../src/db/seed';
import { paymentConfigFromEnv } from '../src/payments/payment-config';
import { expectRefused } from './support/call-kit';
import { describeEachDatabase } from './support/database-suites';
import { startFakeOAuthProvider, type FakeOAuthProvider } from './support/fake-oauth-provider';
import { expectLedgerSound } from './support/money-audit';
import { newVerifier, signInCodeIn } from './support/sign-in-handover';
import { createTestServer, eventually, type TestServer } from './support/test-server';
import { PLAIN_BUYER } from './support/invoice-fixtures';

const WECHAT = {
  appId: 'wx-test-app',
  secret: 'wx-test-secret-value',
  authorizeUrl: 'https://open.weixin.qq.com/connect/oauth2/authorize',
};
const PERSON = { openid: 'openid-leaving-7f3a', nickname: '注销测试甲', phone: '13712345678' };
const OTHER = { openid: 'openid-staying-9c1d', nickname: '留下的乙', phone: '13787654321' };

let addressCount = 0;
const freshAddress = () => `10.77.${(++addressCount >> 8) & 255}.${addressCount & 255}`;

type Job = {
  id: string;
  state: string;
  url: string | null;
  fileName: string;
  format: string;
  emailedTo: string | null;
  mailState: string | null;
};

describeEachDatabase('account deletion and the personal copy (%s)', (kind) => {
  let fake: FakeOAuthProvider;
  let server: TestServer;
  let person: { id: string; token: string };
  let other: { id: string; token: string };
  let tradingId: string;

  const as = <T = unknown>(token: string, path: string, body: unknown = {}) => server.call<T>(path, body, token);
  const good = async <T = unknown>(token: string, path: string, body: unknown = {}): Promise<T> => {
    const answer = await as<T>(token, path, body);
    if (!answer.body.success) throw new Error(`${path}: ${JSON.stringify(answer.body)}`);
    return answer.body.result;
  };

  /** A full WeChat sign-in through the fake provider: the user's id and session token. */
  async function wechatSignIn(app: FastifyInstance, openid: string, nickname: string) {
    const verifier = newVerifier();
    const start = await app.inject({
      method: 'GET',
      url: `/api/auth/authorize?authType=wechat&returnUrl=${encodeURIComponent('/my')}&challenge=${verifier.challenge}`,
      remoteAddress: freshAddress(),
    });
    const state = new URL(start.headers.location ?? '').searchParams.get('state') ?? '';
    const code = `code-${openid}-${Math.random().toString(36).slice(2)}`;
    fake.wechat.codes.set(code, { openid, scope: 'snsapi_userinfo', nickname, headimgurl: 'https://thirdwx.qlogo.cn/mmopen/test/132' });
    const back = await app.inject({
      method: 'GET',
      url: `/api/auth/callback/wechat?code=${code}&state=${state}`,
      remoteAddress: freshAddress(),
    });
    const exchanged = await app.inject({
      method: 'POST',
      url: '/api/auth/exchange',
      payload: { code: signInCodeIn(back.headers.location), verifier: verifier.verifier },
      remoteAddress: freshAddress(),
    });
    const token = exchanged.json<{ result: { token: string } }>().result.token;
    const detail = await good<{ id: string }>(token, 'user/getOfficialAccountLoginUserInfo');
    return { id: detail.id, token };
  }
  const latestCode = async (phone: string) => {
    const answer = await server.app.inject(`/etax-sim/api/latest-sms?phone=${phone}`);
    return answer.json<{ code: string }>().code;
  };
  const newCompany = async (name: string, taxNumber: string, code: string) => {
    const [company] = await server.database.db
      .insert(companies)
      .values({ name, qylx: '1', xsfNsrsbh: taxNumber, code, serviceExpiresAt: new Date(Date.now() + 30 * 86_400_000) })
      .returning();
    return company!.id;
  };
  const newMember = async (subject: string, companyId: string, manager: boolean) => {
    const db = server.database.db;
    const [user] = await db
      .insert(users)
      .values({ provider: 'test', providerSubject: subject, nickname: subject, currentCompanyId: companyId })
      .returning();
    const permissions = manager ? (['company_manage', 'company_user_role'] as const) : (['company_user_role'] as const);
    await db
      .insert(memberships)
      .values({ userId: user!.id, companyId, roleName: manager ? '管理员' : '员工', permissions: [...permissions] });
    return { id: user!.id, token: await createSession(db, user!.id) };
  };

  beforeAll(async () => {
    fake = await startFakeOAuthProvider({
      wechat: { appId: WECHAT.appId, secret: WECHAT.secret },
      alipay: { appId: 'unused', publicKey: 'unused' },
    });
    const auth = { wechat: { ...WECHAT, tokenUrl: `${fake.url}/sns/oauth2/access_token` }, alipay: null, demo: true };
    server = await createTestServer(kind, { auth, payments: paymentConfigFromEnv({ PAYMENT_DEMO: 'true' }, { realSignIn: true }) });
    const db = server.database.db;
    const [trading] = await db.select().from(companies).where(eq(companies.xsfNsrsbh, DEMO_TAX_NUMBERS.trading));
    tradingId = trading!.id;
    person = await wechatSignIn(server.app, PERSON.openid, PERSON.nickname);
    other = await wechatSignIn(server.app, OTHER.openid, OTHER.nickname);
    for (const [who, data] of [
      [person, PERSON],
      [other, OTHER],
    ] as const) {
      await db.update(users).set({ phone: data.phone, currentCompanyId: tradingId }).where(eq(users.id, who.id));
      await db.insert(memberships).values({ userId: who.id, companyId: tradingId, roleName: '员工', permissions: ['company_user_role'] });
      await good(who.token, 'title/save', { kind: '个人', name: `${data.nickname}的抬头`, isDefault: true });
    }
    // A company invited the person by phone; the person paid the trading company at its cash desk.
    const taxiCompany = await newCompany('杭州邀请方出行有限公司', '91330100MA0000077K', 'YST0077');
    await db.insert(memberInvitations).values({ companyId: taxiCompany, phone: PERSON.phone, name: PERSON.nickname, role: 'employee' });
    expect((await as(person.token, 'cash/createOrder', { code: 'YST0001', amountFen: 12_300, channel: 'demo' })).body.success).toBe(true);
  }, 120_000);
  afterAll(async () => {
    await server?.close();
    await fake?.close();
  });

  test('the preview: the bound phone masked, SMS confirmation, what is erased and kept, the company left', async () => {
    const preview = await good<Record<string, unknown>>(person.token, 'account/deletionPreview');
    expect(preview).toMatchObject({ nickname: PERSON.nickname, phone: '137****5678', confirmBy: 'sms', refusal: null });
    expect(preview.companies).toEqual([{ id: tradingId, name: expect.any(String), roleName: '员工', outcome: 'leave' }]);
    expect((preview.erased as string[]).length).toBeGreaterThan(3);
  });

  test('the code: one a minute (2006), the phrase refused with a phone, a wrong and an expired code refused', async () => {
    expect(await good(person.token, 'account/sendDeletionCode')).toEqual({ sentTo: '137****5678', waitSeconds: 60 });
    const again = await as<{ waitSeconds: number }>(person.token, 'account/sendDeletionCode');
    expect(again.body.errorCode).toBe(2006);
    expect(again.body.result.waitSeconds).toBeGreaterThan(0);
    const code = await latestCode(PERSON.phone);
    expectRefused(await as(person.token, 'account/delete', { phrase: DELETION_PHRASE }), 400, DELETION_MESSAGES.phoneBound, 4000);
    const wrong = code === '000000' ? '111111' : '000000';
    expectRefused(await as(person.token, 'account/delete', { code: wrong }), 400, DELETION_MESSAGES.wrongCode, 4000);
    await server.database.db
      .update(accountDeletionCodes)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(accountDeletionCodes.userId, person.id));
    expectRefused(await as(person.token, 'account/delete', { code }), 400, DELETION_MESSAGES.codeExpired, 4000);
    expect((await as(person.token, 'user/getOfficialAccountLoginUserInfo')).body.success).toBe(true);
  });

  test('the last manager of a company with other members is refused with 2008, and nothing changes', async () => {
    const companyId = await newCompany('杭州唯一管理员科技有限公司', '91330100MA0000088L', 'YST0088');
    const manager = await newMember('last-manager', companyId, true);
    await newMember('staying-employee', companyId, false);
    const preview = await good<{ refusal: string | null; companies: { outcome: string }[] }>(manager.token, 'account/deletionPreview');
    expect(preview.companies.map((company) => company.outcome)).toEqual(['blocked']);
    expect(preview.refusal).toContain('唯一的管理员');
    const refused = await as(manager.token, 'account/delete', { phrase: DELETION_PHRASE });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ success: false, errorCode: 2008, message: preview.refusal });
    expect((await as(manager.token, 'user/getOfficialAccountLoginUserInfo')).body.success).toBe(true);
    expect(await server.database.db.select().from(memberships).where(eq(memberships.companyId, companyId))).toHaveLength(2);
  });

  test('with no phone the phrase confirms; an empty company whose only member leaves is deleted with the account', async () => {
    const companyId = await newCompany('杭州空壳商贸有限公司', '91330100MA0000099M', 'YST0099');
    const alone = await newMember('alone-manager', companyId, true);
    const preview = await good<{ confirmBy: string; companies: { outcome: string }[] }>(alone.token, 'account/deletionPreview');
    expect(preview).toMatchObject({ confirmBy: 'phrase', companies: [{ outcome: 'delete' }] });
    expectRefused(await as(alone.token, 'account/delete', { phrase: '注销' }), 400, DELETION_MESSAGES.wrongPhrase, 4000);
    expectRefused(await as(alone.token, 'account/sendDeletionCode'), 400, DELETION_MESSAGES.noPhone, 4000);
    expect(await good(alone.token, 'account/delete', { phrase: DELETION_PHRASE })).toEqual({ deleted: true });
    expect(await server.database.db.select().from(companies).where(eq(companies.id, companyId))).toEqual([]);
  });

  test('five wrong codes use the code up: even the right one is refused until a new one is sent', async () => {
    const companyId = await newCompany('杭州试错科技有限公司', '91330100MA0000066J', 'YST0066');
    const manager = await newMember('tries-manager', companyId, true);
    await server.database.db.update(users).set({ phone: '13600001234' }).where(eq(users.id, manager.id));
    await good(manager.token, 'account/sendDeletionCode');
    const code = await latestCode('13600001234');
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 4; i++)
      expectRefused(await as(manager.token, 'account/delete', { code: wrong }), 400, DELETION_MESSAGES.wrongCode, 4000);
    expectRefused(await as(manager.token, 'account/delete', { code: wrong }), 400, DELETION_MESSAGES.tooManyTries, 4000);
    expectRefused(await as(manager.token, 'account/delete', { code }), 400, DELETION_MESSAGES.tooManyTries, 4000);
    expect((await as(manager.token, 'user/getOfficialAccountLoginUserInfo')).body.success).toBe(true);
  });

  test('the only member of a company that holds records leaves it; the company and its records stay', async () => {
    const companyId = await newCompany('杭州留档商贸有限公司', '91330100MA0000055H', 'YST0055');
    const alone = await newMember('records-manager', companyId, true);
    await server.database.db.insert(cars).values({ companyId, licensePlateNumber: '浙A12345' });
    await server.database.db.insert(taxiTrips).values({
      companyId,
      licensePlateNumber: '浙A12345',
      createdBy: alone.id,
      startTime: new Date(Date.now() - 3600_000),
      endTime: new Date(),
      fromPlace: '西湖',
      toPlace: '东站',
      distanceMetres: 8000,
      fareFen: 3600,
    });
    const preview = await good<{ companies: { outcome: string }[] }>(alone.token, 'account/deletionPreview');
    expect(preview.companies.map((company) => company.outcome)).toEqual(['keep']);
    expect(await good(alone.token, 'account/delete', { phrase: DELETION_PHRASE })).toEqual({ deleted: true });
    expect(await server.database.db.select().from(companies).where(eq(companies.id, companyId))).toHaveLength(1);
    expect(await server.database.db.select().from(taxiTrips).where(eq(taxiTrips.companyId, companyId))).toHaveLength(1);
    expect(await server.database.db.select().from(memberships).where(eq(memberships.companyId, companyId))).toEqual([]);
  });

  test('deleted: nothing holds the openid, phone or nickname; invoices and ledger intact; old token refused', async () => {
    const db = server.database.db;
    // An invoice the company issued, made by the person: the company keeps it, made by 已注销用户.
    const manager = await server.tokenFor('企业管理员');
    await db
      .update(taxAccounts)
      .set({ expirationTime: new Date(Date.now() + 3600_000), scanFaceTime: new Date() })
      .where(eq(taxAccounts.companyId, tradingId));
    const [item] = await db.select().from(goods).where(eq(goods.companyId, tradingId));
    const created = await good<{ taskId: string; invoiceId: string }>(manager, 'task/createBlueInvoiceTask', {
      requestSerial: `deletion-${kind}`,
      type: '数电普票',
      buyer: PLAIN_BUYER,
      lines: [{ goodsId: item!.id, quantity: null, grossFen: 10_600, rate: 60 }],
      remarks: '',
      deliverPhone: '',
      deliverEmail: '',
    });
    const issued = await eventually(async () => {
      const detail = await good<{ status: string }>(manager, 'invoice/get', { id: created.invoiceId });
      return detail.status === '已开具' ? detail : null;
    });
    await db.update(invoices).set({ createdBy: person.id }).where(eq(invoices.id, created.invoiceId));
    const keptBefore = await server.database.raw(
      `select (select count(*) from invoices where company_id = $1)::int as invoices,
              (select count(*) from ledger_entries)::int as entries,
              (select count(*) from cash_orders where company_id = $1)::int as orders`,
      [tradingId],
    );
    // The person e-mailed themselves the copy of their data: the outbox holds it, as a file (bytea) too.
    const copy = await good<Job>(person.token, 'account/createDataCopy', { format: 'json' });
    await good(person.token, 'account/sendDataCopy', { id: copy.id, email: 'leaving@example.test' });
    await server.database.db
      .update(accountDeletionCodes)
      .set({ sentAt: sql`now() - interval '2 minutes'` })
      .where(eq(accountDeletionCodes.userId, person.id));
    await good(person.token, 'account/sendDeletionCode');
    expect(await good(person.token, 'account/delete', { code: await latestCode(PERSON.phone) })).toEqual({ deleted: true });

    expectRefused(await as(person.token, 'user/getOfficialAccountLoginUserInfo'), 401, '登录信息无效', 1001);
    const columns = await server.database.raw(
      `select table_name, column_name, data_type from information_schema.columns
        where table_schema = 'public' and data_type in ('text', 'character varying', 'json', 'jsonb', 'bytea')`,
    );
    expect(columns.length).toBeGreaterThan(50);
    const found: string[] = [];
    for (const { table_name: table, column_name: column, data_type: type } of columns as Record<string, string>[]) {
      for (const needle of [PERSON.openid, PERSON.phone, PERSON.nickname]) {
        const holds = type === 'bytea' ? `position(convert_to($1, 'UTF8') in "${column}") > 0` : `"${column}"::text like '%' || $1 || '%'`;
        const rows = await server.database.raw(`select 1 from "${table}" where ${holds} limit 1`, [needle]);
        if (rows.length) found.push(`${table}.${column}: ${needle}`);
      }
    }
    expect(found).toEqual([]);
    const [row] = await db.select().from(users).where(eq(users.id, person.id));
    expect(row).toMatchObject({ nickname: DELETED_USER_NAME, phone: null, avatarUrl: null, currentCompanyId: null });
    expect(row!.deletedAt).toBeInstanceOf(Date);

    expect(
      await server.database.raw(
        `select (select count(*) from invoices where company_id = $1)::int as invoices,
              (select count(*) from ledger_entries)::int as entries,
              (select count(*) from cash_orders where company_id = $1)::int as orders`,
        [tradingId],
      ),
    ).toEqual(keptBefore);
    expect(await db.select().from(cashOrders).where(eq(cashOrders.payerId, person.id))).toHaveLength(1);
    await expectLedgerSound(server.database.raw);
    expect(await good(manager, 'invoice/get', { id: created.invoiceId })).toEqual(issued);
    const [kept] = await db.select({ createdBy: invoices.createdBy }).from(invoices).where(eq(invoices.id, created.invoiceId));
    expect(kept!.createdBy).toBe(person.id);
  });

  test('the same WeChat signs in again as a new, empty account', async () => {
    const again = await wechatSignIn(server.app, PERSON.openid, PERSON.nickname);
    expect(again.id).not.toBe(person.id);
    expect(await good(again.token, 'company/getMyCompanies')).toMatchObject({ total: 0 });
    expect(await good(again.token, 'title/list')).toMatchObject({ total: 0 });
    expect((await good<{ confirmBy: string }>(again.token, 'account/deletionPreview')).confirmBy).toBe('phrase');
  });

  test('the copy holds exactly the person’s data, as JSON and xlsx, by link and by e-mail; another person cannot read it', async () => {
    const job = await good<Job>(other.token, 'account/createDataCopy', { format: 'json' });
    expect(job).toMatchObject({
      state: '已生成',
      format: 'json',
      fileName: expect.stringMatching(/^个人信息副本_\d{4}-\d{2}-\d{2}\.json$/),
    });
    const file = await server.app.inject(job.url!);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('application/json');
    const copy = JSON.parse(file.body) as Record<string, Record<string, unknown>[] & Record<string, unknown>>;
    expect(copy.profile).toMatchObject({ 昵称: OTHER.nickname, 手机号: OTHER.phone, 第三方账号标识: OTHER.openid, 登录方式: 'wechat' });
    expect(copy.企业与角色!.map((row) => row.角色)).toEqual(['员工']);
    expect(copy.发票抬头!.map((row) => row.名称)).toEqual([`${OTHER.nickname}的抬头`]);
    expect(copy.登录记录!.length).toBeGreaterThan(0);
    for (const stranger of [PERSON.openid, PERSON.phone, PERSON.nickname, '张晓', '13800000002', 'demo-2'])
      expect(file.body).not.toContain(stranger);

    const xlsx = await good<Job>(other.token, 'account/createDataCopy', { format: 'xlsx' });
    const workbook = await server.app.inject(xlsx.url!);
    expect(workbook.rawPayload.subarray(0, 2).toString()).toBe('PK');

    expect(await good<Job>(other.token, 'account/getDataCopy', { id: job.id })).toMatchObject({ id: job.id, state: '已生成' });
    const sent = await good<Job>(other.token, 'account/sendDataCopy', { id: job.id, email: 'me@example.test' });
    expect(sent).toMatchObject({ emailedTo: 'me@example.test', mailState: '发送中' });
    // Sent by its task (data-copy-mail.test.ts has the retries and the refusals).
    const mail = await eventually(async () => {
      const [stored] = await server.database.db.select().from(outboxMessages).where(eq(outboxMessages.recipient, 'me@example.test'));
      return stored;
    });
    expect(mail).toMatchObject({ attachmentName: job.fileName, subject: expect.stringContaining('个人信息副本') });

    const someone = await server.tokenFor('普通用户');
    expectRefused(await as(someone, 'account/getDataCopy', { id: job.id }), 404, '导出记录不存在', 4004);
    const manager = await server.tokenFor('企业管理员');
    expectRefused(await as(manager, 'export/get', { id: job.id }), 404, '导出记录不存在', 4004);
  });
});
