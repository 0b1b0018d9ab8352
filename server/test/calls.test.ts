/**
 * Every call of the API (server/src/calls/all-calls.ts): its good path, with the shape and values the contract (`@app/contract`)
 * and the code promise, and each error code it can give (docs/product.md, "Errors" and api-failure.ts). The last test checks that the
 * good paths covered every call in ALL_CALLS, so a call added later needs its test here.
 */
import { afterAll, beforeAll, expect, test } from '@rstest/core';
import { count, eq, inArray } from 'drizzle-orm';
import { createSession, hashToken } from '../src/auth/session-tokens';
import { updateRegistry } from '@app/deploy/registry';
import { agreementAcceptances, agreements } from '../src/db/schema/agreements';
import { companies, memberships } from '../src/db/schema/companies';
import { clientFailures } from '../src/db/schema/releases';
import { serviceContacts } from '../src/db/schema/service';
import { tasks } from '../src/db/schema/tasks';
import { taxAccounts } from '../src/db/schema/tax-accounts';
import { sessions, users } from '../src/db/schema/users';
import { DEMO_TAX_NUMBERS } from '../src/db/seed';
import { decryptSecret } from '../src/security/secret-box';
import {
  ALL_CALLS,
  callNamed,
  demoPermissions,
  expectEnvelope,
  expectRefused,
  mayCall,
  sessionFor,
  validBody,
  type DemoLabel,
} from './support/call-kit';
import { createTestServer, DEMO_LABELS, eventually, type TestServer } from './support/test-server';
import { describeEachDatabase } from './support/database-suites';
import { WritesByCall } from './support/writes-by-call';
import { API, readOnlyCalls, type ApiPath } from '@app/contract/api';
import type { CallContract } from '@app/contract/schema-kit';
import { auditEntries } from '../src/db/schema/audit';
import { startFakeWechatApi } from './support/fake-wechat-api';
import { WechatJsapi } from '../src/wechat/jsapi';
import { PRIVACY_POLICY_VERSION } from '@app/domain/privacy-policy';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const PNG_DATA_URL = /^data:image\/png;base64,[A-Za-z0-9+/]+=*$/;
const NOBODY = '00000000-0000-4000-8000-000000000000';

interface UserDetail {
  id: string;
  company: boolean;
  companyUser: boolean;
  companyInfo: null | {
    id: string;
    name: string;
    xsfNsrsbh: string;
    qylx: string;
    businessTypes: string[];
    code: string;
    roleName: string;
    serviceExpiresAt: string;
  };
  permissions: string[];
  account: { username: string | null; agreed: boolean };
}
interface TaxAccountView {
  nsrsbh: string;
  loginIdentity: string;
  loginIdentityName: string;
  personName: string;
  phone: string;
  accountState: number;
  loginState: string;
  expirationTime: string | null;
  scanFaceState: string;
  scanFaceTime: string | null;
  supportedLoginMethod: string[];
  passwordSet: boolean;
}
interface Progress {
  taskStatus: number;
  failReason: string | null;
  extensionData: string | null;
}
interface TaskView {
  id: string;
  taskId: string;
  type: string;
  typeName: string;
  taskStatus: number;
  failReason: string | null;
  attempts: number;
  createdAt: string;
  updatedAt: string;
  finishedAt: string | null;
  extensionData?: string | null;
}
interface CompanyRow {
  id: string;
  name: string;
  xsfNsrsbh: string;
  roleName: string;
  permissions: string[];
  current: boolean;
}

type Who = DemoLabel | { token: string | null };

describeEachDatabase('every call (%s)', (kind) => {
  let server: TestServer;
  const tokens = {} as Record<DemoLabel, string>;
  const userIds = {} as Record<DemoLabel, string>;
  let permissions: Record<DemoLabel, string[]>;
  let tradingId: string;
  let taxiId: string;
  /** A company without a tax account, and its manager. */
  let newCompanyId: string;
  let newManagerToken: string;
  const covered = new Set<string>();

  /** What each call sent to the database, for the check that the read-only calls write nothing. */
  const writes = new WritesByCall();
  const as = <T = unknown>(who: Who, path: string, body: unknown = {}) =>
    writes.during(path, () => server.call<T>(path, body, typeof who === 'string' ? tokens[who] : who.token));
  /** A call that must succeed: its result. Counts as the good path of the call. */
  /** How many audit entries each successful call wrote, call by call. */
  const auditWrites = new Map<string, number[]>();
  const auditCount = async () => (await server.database.db.select({ entries: count() }).from(auditEntries))[0]?.entries ?? 0;
  const good = async <T = unknown>(who: Who, path: string, body: unknown = {}): Promise<T> => {
    const entriesBefore = await auditCount();
    const { status, body: envelope } = await as<T>(who, path, body);
    expectEnvelope(envelope);
    if (status !== 200 || !envelope.success) throw new Error(`${path}: expected success, got ${status}: ${JSON.stringify(envelope)}`);
    auditWrites.set(path, [...(auditWrites.get(path) ?? []), (await auditCount()) - entriesBefore]);
    covered.add(path);
    return envelope.result;
  };
  const companyOf = async (xsfNsrsbh: string) => {
    const [company] = await server.database.db.select({ id: companies.id }).from(companies).where(eq(companies.xsfNsrsbh, xsfNsrsbh));
    if (!company) throw new Error(`no company ${xsfNsrsbh}`);
    return company.id;
  };
  const progress = async (token: string, id: string) => (await server.call<Progress>('task/getTaskProcess', { id }, token)).body.result;
  const waitForStatus = (token: string, id: string, status: number) =>
    eventually(async () => {
      const state = await progress(token, id);
      return state.taskStatus === status ? state : null;
    });
  const latestSms = async (phone: string) => {
    const answer = await server.app.inject(`/etax-sim/api/latest-sms?phone=${phone}`);
    return answer.statusCode === 200 ? answer.json<{ code: string; sentAt: string }>() : null;
  };

  beforeAll(async () => {
    server = await createTestServer(kind, {}, { logQuery: writes.logQuery });
    for (const label of DEMO_LABELS) {
      tokens[label] = await server.tokenFor(label);
      userIds[label] = await server.userIdOf(label);
    }
    permissions = await demoPermissions(server);
    tradingId = await companyOf(DEMO_TAX_NUMBERS.trading);
    taxiId = await companyOf(DEMO_TAX_NUMBERS.taxi);
    const db = server.database.db;
    // 企业员工 also works for the taxi company (to switch companies).
    await db
      .insert(memberships)
      .values({ userId: userIds.企业员工, companyId: taxiId, roleName: '员工', permissions: ['company_user_role'] });
    // A third company that has not set up its tax account yet.
    const [company] = await db
      .insert(companies)
      .values({
        name: '杭州新开张商贸有限公司',
        qylx: '1',
        xsfNsrsbh: '91330100MA0000001X',
        code: 'YST0003',
        serviceExpiresAt: new Date(Date.now() + 30 * 24 * 3600 * 1000),
      })
      .returning();
    const [manager] = await db
      .insert(users)
      .values({ provider: 'test', providerSubject: 'new-manager', nickname: '周新', username: 'zhouxin', currentCompanyId: company!.id })
      .returning();
    await db
      .insert(memberships)
      .values({ userId: manager!.id, companyId: company!.id, roleName: '管理员', permissions: ['company_manage', 'company_user_role'] });
    const [agreement] = await db.select({ id: agreements.id }).from(agreements);
    await db
      .insert(agreementAcceptances)
      .values({ userId: manager!.id, agreementId: agreement!.id, privacyPolicyVersion: PRIVACY_POLICY_VERSION });
    newCompanyId = company!.id;
    newManagerToken = await createSession(db, manager!.id);
  });
  afterAll(async () => server?.close());

  // ---- Good paths ----------------------------------------------------------------------------------------------

  test('user/getOfficialAccountLoginUserInfo: id, company flag, companyInfo, permissions and the account', async () => {
    const manager = await good<UserDetail>('企业管理员', 'user/getOfficialAccountLoginUserInfo');
    expect(manager).toMatchObject({
      id: userIds.企业管理员,
      company: true,
      companyUser: true,
      permissions: ['company_manage', 'company_user_role'],
      account: { username: 'liming', agreed: true },
    });
    expect(manager.companyInfo).toMatchObject({
      id: tradingId,
      name: '杭州优税通科技有限公司',
      qylx: '1',
      businessTypes: ['零售', '服务'],
      xsfNsrsbh: DEMO_TAX_NUMBERS.trading,
      code: 'YST0001',
      roleName: '管理员',
    });
    expect(manager.companyInfo?.serviceExpiresAt).toMatch(ISO_TIME);

    const taxi = await good<UserDetail>('出租车管理员', 'user/getOfficialAccountLoginUserInfo');
    expect(taxi).toMatchObject({ company: true, companyUser: true, account: { username: 'zhaoqiang', agreed: true } });
    expect(taxi.companyInfo?.xsfNsrsbh).toBe(DEMO_TAX_NUMBERS.taxi);
    expect(taxi.permissions).toContain('taxi_trip_manage');

    for (const label of ['企业员工', '线下收款管理员'] as const) {
      const detail = await good<UserDetail>(label, 'user/getOfficialAccountLoginUserInfo');
      expect(detail).toMatchObject({
        id: userIds[label],
        company: true,
        companyUser: true,
        permissions: permissions[label],
        account: { agreed: true },
      });
    }

    const ordinary = await good<UserDetail>('普通用户', 'user/getOfficialAccountLoginUserInfo');
    expect(ordinary).toMatchObject({
      id: userIds.普通用户,
      company: false,
      companyUser: false,
      companyInfo: null,
      permissions: [],
      account: { username: null },
    });
  });

  test('company/getMyCompanies: the user’s companies, the current one flagged; keyword and paging', async () => {
    const mine = await good<{ total: number; list: CompanyRow[] }>('企业员工', 'company/getMyCompanies');
    expect(mine.total).toBe(2);
    expect(mine.list.map((row) => [row.id, row.current])).toEqual(
      expect.arrayContaining([
        [tradingId, true],
        [taxiId, false],
      ]),
    );
    const trading = mine.list.find((row) => row.id === tradingId);
    expect(trading).toMatchObject({
      id: tradingId,
      name: '杭州优税通科技有限公司',
      xsfNsrsbh: DEMO_TAX_NUMBERS.trading,
      roleName: '员工',
      permissions: ['company_user_role'],
      current: true,
    });

    const byName = await good<{ total: number; list: CompanyRow[] }>('企业员工', 'company/getMyCompanies', { keyword: '出租' });
    expect(byName.list.map((row) => row.id)).toEqual([taxiId]);
    const byTaxNumber = await good<{ total: number; list: CompanyRow[] }>('企业员工', 'company/getMyCompanies', {
      keyword: DEMO_TAX_NUMBERS.trading.toLowerCase(),
    });
    expect(byTaxNumber.list.map((row) => row.id)).toEqual([tradingId]);
    const page2 = await good<{ total: number; list: CompanyRow[] }>('企业员工', 'company/getMyCompanies', { page: 2, pageSize: 1 });
    expect(page2.total).toBe(2);
    expect(page2.list).toHaveLength(1);
    expect(page2.list[0]?.id).toBe(mine.list[1]?.id);

    expect(await good('普通用户', 'company/getMyCompanies')).toEqual({ total: 0, list: [] });
  });

  test('company/changeCompany: switches the current company, and back', async () => {
    expect(await good('企业员工', 'company/changeCompany', { id: taxiId })).toEqual({ id: taxiId });
    const detail = await good<UserDetail>('企业员工', 'user/getOfficialAccountLoginUserInfo');
    expect(detail.companyInfo?.id).toBe(taxiId);
    expect(detail.companyInfo?.roleName).toBe('员工');
    const list = await good<{ list: CompanyRow[] }>('企业员工', 'company/getMyCompanies');
    expect(list.list.find((row) => row.current)?.id).toBe(taxiId);
    const account = await good<TaxAccountView>('企业员工', 'taxAccount/getTaxAccount');
    expect(account.nsrsbh).toBe(DEMO_TAX_NUMBERS.taxi);

    await good('企业员工', 'company/changeCompany', { id: tradingId });
    expect((await good<UserDetail>('企业员工', 'user/getOfficialAccountLoginUserInfo')).companyInfo?.id).toBe(tradingId);
  });

  test('taxAccount/getTaxAccount: the tax account of docs/product.md, never the password', async () => {
    const trading = await good<TaxAccountView>('企业员工', 'taxAccount/getTaxAccount');
    expect(Object.keys(trading).filter((key) => /password|secret|idNumber/i.test(key) && key !== 'passwordSet')).toEqual([]);
    expect(trading).toMatchObject({
      nsrsbh: DEMO_TAX_NUMBERS.trading,
      loginIdentity: '03',
      loginIdentityName: '办税员',
      personName: '李明',
      phone: '138****1111',
      accountState: 0,
      loginState: '未登录',
      expirationTime: null,
      scanFaceState: '未认证',
      scanFaceTime: null,
      supportedLoginMethod: ['smscode', 'qrcode'],
      passwordSet: true,
    });
    const taxi = await good<TaxAccountView>('出租车管理员', 'taxAccount/getTaxAccount');
    expect(taxi).toMatchObject({
      nsrsbh: DEMO_TAX_NUMBERS.taxi,
      loginIdentity: '01',
      loginIdentityName: '法定代表人',
      supportedLoginMethod: ['qrcode'],
      loginState: '未登录',
    });
    // A company that has not set one up gets null.
    expect(await good({ token: newManagerToken }, 'taxAccount/getTaxAccount')).toBeNull();
  });

  test('taxAccount/setTaxAccount: a manager saves it; the password is stored encrypted and never returned', async () => {
    const password = 'NewPass#2026';
    const saved = await good<TaxAccountView>('企业管理员', 'taxAccount/setTaxAccount', {
      loginIdentity: '02',
      personName: '李明',
      phone: '13800001111',
      idNumber: '33010619900101123x',
      password,
    });
    expect(saved).toMatchObject({
      nsrsbh: DEMO_TAX_NUMBERS.trading,
      loginIdentity: '02',
      loginIdentityName: '财务负责人',
      personName: '李明',
      phone: '138****1111',
      loginState: '未登录',
      passwordSet: true,
    });
    expect(JSON.stringify(saved)).not.toContain(password);
    expect(Object.keys(saved)).not.toContain('password');
    expect(Object.keys(saved)).not.toContain('passwordEncrypted');

    const [row] = await server.database.db.select().from(taxAccounts).where(eq(taxAccounts.companyId, tradingId));
    expect(row?.passwordEncrypted).not.toBe(password);
    expect(row?.passwordEncrypted).not.toContain(password);
    expect(row?.passwordEncrypted).toMatch(/^v1:/);
    expect(decryptSecret(server.app.services.secretKey, row!.passwordEncrypted)).toBe(password);
    expect(row?.idNumber).toBe('33010619900101123X');

    // Without a password the stored one is kept.
    await good('企业管理员', 'taxAccount/setTaxAccount', { loginIdentity: '03', personName: '李明', phone: '13800001111' });
    const [kept] = await server.database.db.select().from(taxAccounts).where(eq(taxAccounts.companyId, tradingId));
    expect(kept?.passwordEncrypted).toBe(row?.passwordEncrypted);
    expect(kept?.idNumber).toBe('33010619900101123X');
    expect((await good<TaxAccountView>('企业员工', 'taxAccount/getTaxAccount')).loginIdentity).toBe('03');

    // A company without one: the password is required (4000), then the account is created for its tax number.
    const missing = await as({ token: newManagerToken }, 'taxAccount/setTaxAccount', {
      loginIdentity: '01',
      personName: '周新',
      phone: '13700003333',
    });
    expectRefused(missing, 400, '请设置电子税务局密码');
    expect(await server.database.db.select().from(taxAccounts).where(eq(taxAccounts.companyId, newCompanyId))).toEqual([]);
  });

  test('taxAccount/getAgreement: {id, content, createdAt}, the HTML sanitised', async () => {
    const agreement = await good<{ id: number; version: string; title: string; content: string; createdAt: string }>(
      '企业管理员',
      'taxAccount/getAgreement',
    );
    expect(agreement).toMatchObject({ id: expect.any(Number), version: '2026.1', title: '用户授权协议' });
    expect(agreement.createdAt).toMatch(ISO_TIME);
    expect(agreement.content).toContain('<h2>用户授权协议</h2>');
    expect(agreement.content).toContain('<a href="tel:4008001234">');
    expect(agreement.content).not.toMatch(/<script|alert\(|javascript:|\son\w+=/i);
    expect(await good('普通用户', 'taxAccount/getAgreement', { version: '2026.1' })).toEqual(agreement);
    expectRefused(await as('企业管理员', 'taxAccount/getAgreement', { version: '1999.1' }), 404, '协议不存在', 4004);
  });

  test('taxAccount/agreedAgreement: stores the 隐私政策 version; then account.agreed is true (and only for that user)', async () => {
    // Both back at the gate, as the seed leaves them.
    await server.database.db
      .delete(agreementAcceptances)
      .where(inArray(agreementAcceptances.userId, [userIds.企业管理员, userIds.企业员工]));
    expect((await good<UserDetail>('企业管理员', 'user/getOfficialAccountLoginUserInfo')).account).toEqual({
      username: 'liming',
      agreed: false,
      privacyPolicyVersion: null,
    });
    const { id } = await good<{ id: number }>('企业管理员', 'taxAccount/getAgreement');
    const accept = { id, privacyPolicyVersion: PRIVACY_POLICY_VERSION };
    expect(await good('企业管理员', 'taxAccount/agreedAgreement', accept)).toEqual({ agreed: true });
    expect(await good('企业管理员', 'taxAccount/agreedAgreement', accept)).toEqual({ agreed: true });
    expect((await good<UserDetail>('企业管理员', 'user/getOfficialAccountLoginUserInfo')).account).toEqual({
      username: 'liming',
      agreed: true,
      privacyPolicyVersion: PRIVACY_POLICY_VERSION,
    });
    expect((await good<UserDetail>('企业员工', 'user/getOfficialAccountLoginUserInfo')).account.agreed).toBe(false);
    const rows = await server.database.db.select().from(agreementAcceptances).where(eq(agreementAcceptances.userId, userIds.企业管理员));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.privacyPolicyVersion).toBe(PRIVACY_POLICY_VERSION);
    await good('企业员工', 'taxAccount/agreedAgreement', accept);
    expectRefused(await as('企业管理员', 'taxAccount/agreedAgreement', { ...accept, id: 999_999 }), 404, '协议不存在', 4004);
  });

  test('taxAccount/agreedAgreement: only the 隐私政策 in force counts; an older accepted version asks again', async () => {
    const userId = userIds.企业员工;
    const { id } = await good<{ id: number }>('企业员工', 'taxAccount/getAgreement');
    // A stale page, a made-up future version (which would silence later updates), none, or not a date: refused.
    for (const privacyPolicyVersion of ['2020-01-01', '9999-12-31']) {
      expectRefused(await as('企业员工', 'taxAccount/agreedAgreement', { id, privacyPolicyVersion }), 400, '隐私政策已更新');
    }
    expectRefused(await as('企业员工', 'taxAccount/agreedAgreement', { id }), 400);
    expectRefused(await as('企业员工', 'taxAccount/agreedAgreement', { id, privacyPolicyVersion: 'x'.repeat(5000) }), 400);

    // Accepted before the policy was versioned (the migration leaves those rows without one), or an older version.
    for (const older of [null, '2025-06-30']) {
      await server.database.db
        .update(agreementAcceptances)
        .set({ privacyPolicyVersion: older })
        .where(eq(agreementAcceptances.userId, userId));
      expect((await good<UserDetail>('企业员工', 'user/getOfficialAccountLoginUserInfo')).account).toMatchObject({
        agreed: false,
        privacyPolicyVersion: older,
      });
      // Acting at the tax bureau waits for the new consent too.
      const task = { nsrsbh: DEMO_TAX_NUMBERS.trading, userId, loginMethod: '2' };
      expectRefused(await as('企业员工', 'task/createLoginTask', task), 403, '用户授权协议', 2007);
    }
    await good('企业员工', 'taxAccount/agreedAgreement', { id, privacyPolicyVersion: PRIVACY_POLICY_VERSION });
    expect((await good<UserDetail>('企业员工', 'user/getOfficialAccountLoginUserInfo')).account).toMatchObject({
      agreed: true,
      privacyPolicyVersion: PRIVACY_POLICY_VERSION,
    });
    const rows = await server.database.db.select().from(agreementAcceptances).where(eq(agreementAcceptances.userId, userId));
    expect(rows.map((row) => row.privacyPolicyVersion)).toEqual([PRIVACY_POLICY_VERSION]);
  });

  test('the tax-bureau task calls: SMS login with resend, face authentication, progress, detail and the task list', async () => {
    const token = tokens.企业管理员;
    const userId = userIds.企业管理员;
    const request = { nsrsbh: DEMO_TAX_NUMBERS.trading, userId };

    expectRefused(await as('企业管理员', 'task/createScanFaceTask', request), 409, '请先登录税务局!', 2002);
    expectRefused(
      await as('出租车管理员', 'task/createLoginTask', {
        nsrsbh: DEMO_TAX_NUMBERS.taxi,
        userId: userIds.出租车管理员,
        loginMethod: '2',
      }),
      409,
      '不支持短信登录',
      2004,
    );

    // The user id and tax number are accepted in either letter case.
    const created = await good<{ taskId: string }>('企业管理员', 'task/createLoginTask', {
      nsrsbh: request.nsrsbh.toLowerCase(),
      userId: userId.toUpperCase(),
      loginMethod: '2',
    });
    expect(created.taskId).toMatch(UUID);
    const loginId = created.taskId;
    const again = await as<{ taskId: string }>('企业管理员', 'task/createLoginTask', { ...request, loginMethod: '2' });
    expectRefused(again, 409, '已有进行中的登录任务', 2001);
    expect(again.body.result).toEqual({ taskId: loginId });

    const waiting = await waitForStatus(token, loginId, 2020);
    expect(waiting).toEqual({ taskStatus: 2020, failReason: null, extensionData: null });
    expect(await good('企业员工', 'task/getTaskProcess', { id: loginId })).toEqual(waiting);

    const tooSoon = await as<{ waitSeconds: number }>('企业管理员', 'bus/reSendSmsCode', { id: loginId });
    expectRefused(tooSoon, 429, /^请在 \d+ 秒后重新获取验证码$/, 2006);
    expect(tooSoon.body.result.waitSeconds).toBeGreaterThan(200);

    // Four minutes later the code may be sent again.
    const first = await latestSms('13800001111');
    await server.database.db
      .update(tasks)
      .set({ smsSentAt: new Date(Date.now() - 5 * 60_000) })
      .where(eq(tasks.id, loginId));
    expect(await good('企业管理员', 'bus/reSendSmsCode', { id: loginId })).toEqual({ taskId: loginId });
    const second = await eventually(async () => {
      const [row] = await server.database.db.select().from(tasks).where(eq(tasks.id, loginId));
      const sms = await latestSms('13800001111');
      return row?.payload.stage === 'awaitCode' &&
        row.smsSentAt &&
        row.smsSentAt.getTime() > Date.now() - 60_000 &&
        sms &&
        sms.sentAt !== first?.sentAt
        ? sms
        : null;
    });
    expect(second.code).toMatch(/^\d{6}$/);

    expectRefused(
      await as('企业管理员', 'task/submitLoginTaskSmsCode', { id: loginId, smsCode: '12345' }),
      400,
      '验证码(smsCode) 格式不正确',
    );
    expect(await good('企业管理员', 'task/submitLoginTaskSmsCode', { id: loginId, smsCode: second.code })).toEqual({ taskId: loginId });
    expect(await waitForStatus(token, loginId, 1)).toEqual({ taskStatus: 1, failReason: null, extensionData: null });

    const account = await good<TaxAccountView>('企业管理员', 'taxAccount/getTaxAccount');
    expect(account.loginState).toBe('已登录');
    expect(Date.parse(account.expirationTime ?? '')).toBeGreaterThan(Date.now());
    expectRefused(await as('企业管理员', 'task/createLoginTask', { ...request, loginMethod: '1' }), 409, '您已登录，请勿重复登录', 2005);
    expectRefused(
      await as('企业管理员', 'task/submitLoginTaskSmsCode', { id: loginId, smsCode: second.code }),
      409,
      '当前任务不在等待验证码的状态',
      2005,
    );
    expectRefused(await as('企业管理员', 'bus/reSendSmsCode', { id: loginId }), 409, '当前任务不能重新发送验证码', 2005);

    // Face authentication, now that the company is logged in.
    const face = await good<{ taskId: string }>('企业管理员', 'task/createScanFaceTask', request);
    expect(face.taskId).toMatch(UUID);
    const faceAgain = await as<{ taskId: string }>('企业员工', 'task/createScanFaceTask', { ...request, userId: userIds.企业员工 });
    expectRefused(faceAgain, 409, '上一', 2001);
    expect(faceAgain.body.result).toEqual({ taskId: face.taskId });
    const scanning = await waitForStatus(token, face.taskId, 3010);
    expect(scanning.extensionData).toMatch(PNG_DATA_URL);
    expectRefused(
      await as('企业管理员', 'task/submitLoginTaskSmsCode', { id: face.taskId, smsCode: '123456' }),
      409,
      '该任务不是短信登录任务',
      2005,
    );
    expectRefused(await as('企业管理员', 'bus/reSendSmsCode', { id: face.taskId }), 409, '该任务不是短信登录任务', 2005);

    // The detail of a task.
    const detail = await good<TaskView>('企业员工', 'task/getTaskDetail', { id: loginId });
    expect(detail).toMatchObject({
      id: loginId,
      taskId: loginId,
      type: 'login_sms',
      typeName: '短信登录',
      taskStatus: 1,
      failReason: null,
      extensionData: null,
    });
    expect(detail.createdAt).toMatch(ISO_TIME);
    expect(detail.updatedAt).toMatch(ISO_TIME);
    expect(detail.finishedAt).toMatch(ISO_TIME);
    const faceDetail = await good<TaskView>('企业管理员', 'task/getTaskDetail', { id: face.taskId.toUpperCase() });
    expect(faceDetail).toMatchObject({ id: face.taskId, type: 'face', typeName: '刷脸认证', taskStatus: 3010, finishedAt: null });
    expect(faceDetail.extensionData).toMatch(PNG_DATA_URL);

    // The company's task list: newest first, filters and paging.
    const all = await good<{ total: number; list: TaskView[] }>('企业员工', 'task/getMyTasks');
    expect(all.total).toBe(2);
    expect(all.list.map((task) => task.id)).toEqual([face.taskId, loginId]);
    expect(all.list[0]).not.toHaveProperty('extensionData');
    expect((await good<{ list: TaskView[] }>('企业员工', 'task/getMyTasks', { type: 'face' })).list.map((task) => task.id)).toEqual([
      face.taskId,
    ]);
    expect((await good<{ list: TaskView[] }>('企业员工', 'task/getMyTasks', { status: 'success' })).list.map((task) => task.id)).toEqual([
      loginId,
    ]);
    expect((await good<{ list: TaskView[] }>('企业员工', 'task/getMyTasks', { status: 'pending' })).list.map((task) => task.id)).toEqual([
      face.taskId,
    ]);
    expect(await good('企业员工', 'task/getMyTasks', { status: 'failed' })).toEqual({ total: 0, list: [] });
    expect(await good('企业员工', 'task/getMyTasks', { status: 'success', type: 'face' })).toEqual({ total: 0, list: [] });
    const paged = await good<{ total: number; list: TaskView[] }>('企业员工', 'task/getMyTasks', { page: 2, pageSize: 1 });
    expect(paged).toMatchObject({ total: 2 });
    expect(paged.list.map((task) => task.id)).toEqual([loginId]);
    expect(await good('企业员工', 'task/getMyTasks', { page: 1000, pageSize: 100 })).toEqual({ total: 2, list: [] });
    expect(await good('出租车管理员', 'task/getMyTasks')).toEqual({ total: 0, list: [] });

    // Clearing the authorisation logs out, forgets the face scan and fails the unfinished tax-bureau tasks.
    await server.database.db.update(taxAccounts).set({ scanFaceTime: new Date() }).where(eq(taxAccounts.companyId, tradingId));
    expect((await good<TaxAccountView>('企业管理员', 'taxAccount/getTaxAccount')).scanFaceState).toBe('已认证');
    expect(await good('企业管理员', 'taxAccount/clearAuthState')).toEqual({ cleared: true });
    const cleared = await good<TaxAccountView>('企业员工', 'taxAccount/getTaxAccount');
    expect(cleared).toMatchObject({ loginState: '未登录', expirationTime: null, scanFaceState: '未认证', scanFaceTime: null });
    expect(await progress(token, face.taskId)).toMatchObject({ taskStatus: -1, failReason: '授权已清除' });
    expect((await good<TaskView>('企业管理员', 'task/getTaskDetail', { id: loginId })).taskStatus).toBe(1);
    expect((await good<{ list: TaskView[] }>('企业员工', 'task/getMyTasks', { status: 'failed' })).list.map((task) => task.id)).toEqual([
      face.taskId,
    ]);
  });

  test('taxiCar/getMyCars: the taxi company’s three cars', async () => {
    const cars = await good<{ id: string; licensePlateNumber: string }[]>('出租车管理员', 'taxiCar/getMyCars');
    expect(cars.map((car) => car.licensePlateNumber)).toEqual(['浙A·D9021', '浙A·T1234', '浙A·T5678']);
    for (const car of cars) {
      expect(car.id).toMatch(UUID);
    }
  });

  test('serviceHotline/getAll: the hotlines in order, for any signed-in user', async () => {
    expect(await good('普通用户', 'serviceHotline/getAll')).toMatchObject([
      { id: expect.any(Number), name: '客服热线', phone: '400-800-1234', serviceHours: '工作日 9:00-18:00' },
      { id: expect.any(Number), name: '开票技术支持', phone: '0571-88881234', serviceHours: '每天 8:30-21:00' },
    ]);
  });

  test('serviceWechat/randomlyGetOne: one enabled contact with a PNG QR image; 4004 when there is none', async () => {
    const contact = await good<{ id: number; name: string; wechatId: string; contactUrl: string; qrImage: string }>(
      '普通用户',
      'serviceWechat/randomlyGetOne',
    );
    expect(['优税通客服小优', '优税通客服小通']).toContain(contact.name);
    expect(contact.wechatId).toMatch(/^youshuitong-kf0[12]$/);
    expect(contact.contactUrl).toMatch(/^https:\/\/work\.weixin\.qq\.com\/kfid\//);
    expect(contact.qrImage).toMatch(PNG_DATA_URL);
    const png = Buffer.from(contact.qrImage.split(',')[1] ?? '', 'base64');
    expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

    await server.database.db.update(serviceContacts).set({ enabled: false }).where(eq(serviceContacts.wechatId, 'youshuitong-kf01'));
    try {
      for (let i = 0; i < 5; i++)
        expect((await good<{ name: string }>('普通用户', 'serviceWechat/randomlyGetOne')).name).toBe('优税通客服小通');
      await server.database.db.update(serviceContacts).set({ enabled: false });
      expectRefused(await as('普通用户', 'serviceWechat/randomlyGetOne'), 404, '暂无在线客服', 4004);
    } finally {
      await server.database.db.update(serviceContacts).set({ enabled: true });
    }
  });

  test('sysConfig/get: the service config, without a token', async () => {
    const config = await good({ token: null }, 'sysConfig/get');
    expect(config).toMatchObject({
      id: 1,
      appHotLine: '400-800-1234',
      etaxAreas: [
        { code: '33', name: '浙江' },
        { code: '31', name: '上海' },
        { code: '32', name: '江苏' },
        { code: '44', name: '广东' },
      ],
      systemServiceConfig: { available: 'all', closeReason: '' },
      frontVersion: 100,
    });
    // A stale or garbage token does not stop it.
    expect(await good({ token: 'x'.repeat(43) }, 'sysConfig/get')).toEqual(config);
    // A call without a body is a call with an empty object.
    const bare = await server.app.inject({ method: 'POST', url: '/api/sysConfig/get' });
    expect(bare.statusCode).toBe(200);
    expect(bare.json()).toEqual({ success: true, result: config, message: null, errorCode: null });
  });

  test('shortLink/resolve: the target of a short link, without a token; 4004 for an unknown one', async () => {
    expect(await good({ token: null }, 'shortLink/resolve', { code: 'shop1' })).toEqual({ target: '/shop/YST0001' });
    expect(await good('普通用户', 'shortLink/resolve', { code: 'shop1' })).toEqual({ target: '/shop/YST0001' });
    expectRefused(await as({ token: null }, 'shortLink/resolve', { code: 'nope' }), 404, '链接不存在或已失效', 4004);
  });

  // ---- Errors --------------------------------------------------------------------------------------------------

  const signedInCalls = () => ALL_CALLS.filter((spec) => spec.access.kind !== 'public');

  test('1001: every signed-in call without a token, with a garbage token, with an unknown token', async () => {
    const unknown = 'A'.repeat(43);
    for (const spec of signedInCalls()) {
      const body = validBody(spec);
      expectRefused(await server.call(spec.path, body, null), 401, '请先登录', 1001);
      expectRefused(await server.call(spec.path, body, 'garbage'), 401, '请先登录', 1001);
      const malformed = await server.app.inject({
        method: 'POST',
        url: `/api/${spec.path}`,
        payload: body,
        headers: { authorization: tokens.企业管理员 },
      });
      expectRefused({ status: malformed.statusCode, body: malformed.json() }, 401, '请先登录', 1001);
      expectRefused(await server.call(spec.path, body, unknown), 401, '登录信息无效，请重新登录', 1001);
    }
    for (const spec of ALL_CALLS.filter((call) => call.access.kind === 'public')) {
      const answer = await server.call(spec.path, validBody(spec), 'garbage');
      expect(answer.body.errorCode).not.toBe(1001);
    }
  });

  test('1002: every signed-in call with an expired session', async () => {
    const expired = await createSession(server.database.db, userIds.企业管理员, -60_000);
    for (const spec of signedInCalls())
      expectRefused(await server.call(spec.path, validBody(spec), expired), 401, '登录已过期，请重新登录', 1002);
    // A session that runs out while in use.
    const token = await server.tokenFor('企业员工');
    expect((await server.call('taxAccount/getTaxAccount', {}, token)).body.success).toBe(true);
    await server.database.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.tokenHash, hashToken(token)));
    expectRefused(await server.call('taxAccount/getTaxAccount', {}, token), 401, '登录已过期', 1002);
  });

  test('1003: each demo user on each company call their permissions do not allow', async () => {
    let refusals = 0;
    for (const spec of ALL_CALLS.filter((call) => call.access.kind === 'company')) {
      for (const label of DEMO_LABELS) {
        if (mayCall(spec, permissions[label])) continue;
        const hasCompany = label !== '普通用户';
        expectRefused(
          await as(label, spec.path, validBody(spec)),
          403,
          hasCompany ? '您没有此操作的权限' : '仅企业用户可以使用此功能',
          1003,
        );
        refusals++;
      }
    }
    // The ones the brief names: ordinary user on company calls, 企业员工 on manager-only calls, non-taxi users on cars.
    expect(mayCall(callNamed('taxAccount/setTaxAccount'), permissions.企业员工)).toBe(false);
    expect(mayCall(callNamed('taxAccount/clearAuthState'), permissions.企业员工)).toBe(false);
    expect(mayCall(callNamed('taxiCar/getMyCars'), permissions.企业管理员)).toBe(false);
    expect(refusals).toBeGreaterThanOrEqual(15);
    // Nothing was changed by the refused manager-only calls.
    expect((await good<TaxAccountView>('企业管理员', 'taxAccount/getTaxAccount')).personName).toBe('李明');
  });

  test('1004: data and users of another company, and a company the user is not a member of', async () => {
    const taxiTask = await good<{ taskId: string }>('出租车管理员', 'task/createLoginTask', {
      nsrsbh: DEMO_TAX_NUMBERS.taxi,
      userId: userIds.出租车管理员,
      loginMethod: '1',
    });
    for (const path of ['task/getTaskProcess', 'task/getTaskDetail', 'bus/reSendSmsCode']) {
      expectRefused(await as('企业管理员', path, { id: taxiTask.taskId }), 403, '无权访问该企业的任务', 1004);
    }
    expectRefused(
      await as('企业管理员', 'task/submitLoginTaskSmsCode', { id: taxiTask.taskId, smsCode: '123456' }),
      403,
      '无权访问该企业的任务',
      1004,
    );
    const request = { nsrsbh: DEMO_TAX_NUMBERS.trading, userId: userIds.企业管理员 };
    expectRefused(
      await as('企业管理员', 'task/createLoginTask', { ...request, userId: userIds.企业员工, loginMethod: '1' }),
      403,
      '只能为自己发起任务',
      1004,
    );
    expectRefused(
      await as('企业管理员', 'task/createLoginTask', { ...request, nsrsbh: DEMO_TAX_NUMBERS.taxi, loginMethod: '1' }),
      403,
      '无权操作该纳税人的账号',
      1004,
    );
    expectRefused(
      await as('企业管理员', 'task/createScanFaceTask', { ...request, userId: userIds.出租车管理员 }),
      403,
      '只能为自己发起任务',
      1004,
    );
    expectRefused(await as('企业管理员', 'company/changeCompany', { id: taxiId }), 403, '您不是该企业的成员', 1004);
    expect((await good<UserDetail>('企业管理员', 'user/getOfficialAccountLoginUserInfo')).companyInfo?.id).toBe(tradingId);
  });

  test('2003: every company call once the company’s service has expired; the date is China’s', async () => {
    const db = server.database.db;
    const saved = await db.select({ id: companies.id, serviceExpiresAt: companies.serviceExpiresAt }).from(companies);
    // 20:00 UTC on New Year's Day is already 2 January in China.
    await db
      .update(companies)
      .set({ serviceExpiresAt: new Date('2020-01-01T20:00:00Z') })
      .where(inArray(companies.id, [tradingId, taxiId]));
    try {
      let refusals = 0;
      for (const spec of ALL_CALLS) {
        if (spec.access.kind !== 'company' || spec.access.allowExpired) {
          // Calls that need no company, and the wallet (open after expiry), still work.
          const who = { token: await sessionFor(server, spec, tokens.企业管理员) };
          expect((await as(who, spec.path, validBody(spec))).body.errorCode).not.toBe(2003);
          continue;
        }
        for (const label of DEMO_LABELS.filter((candidate) => candidate !== '普通用户' && mayCall(spec, permissions[candidate]))) {
          const name = label === '出租车管理员' ? '杭州顺达出租汽车有限公司' : '杭州优税通科技有限公司';
          expectRefused(await as(label, spec.path, validBody(spec)), 403, `${name}的服务已于 2020-01-02 到期，请联系客服续费`, 2003);
          refusals++;
        }
      }
      expect(refusals).toBeGreaterThanOrEqual(
        ALL_CALLS.filter((spec) => spec.access.kind === 'company' && !spec.access.allowExpired).length,
      );
      // Other companies are not affected.
      await good({ token: newManagerToken }, 'taxAccount/getTaxAccount');
    } finally {
      for (const company of saved)
        await db.update(companies).set({ serviceExpiresAt: company.serviceExpiresAt }).where(eq(companies.id, company.id));
    }
    await good('企业管理员', 'taxAccount/getTaxAccount');
  });

  test('2004: an account that cannot log in, or is not set up', async () => {
    const db = server.database.db;
    const taxi = { nsrsbh: DEMO_TAX_NUMBERS.taxi, userId: userIds.出租车管理员 };
    await db.update(taxAccounts).set({ accountState: 3 }).where(eq(taxAccounts.companyId, taxiId));
    try {
      expectRefused(
        await as('出租车管理员', 'task/createLoginTask', { ...taxi, loginMethod: '1' }),
        409,
        '该电子税务局账号状态异常，暂不能登录',
        2004,
      );
      expectRefused(await as('出租车管理员', 'task/createScanFaceTask', taxi), 409, '该电子税务局账号状态异常', 2004);
    } finally {
      await db.update(taxAccounts).set({ accountState: 0 }).where(eq(taxAccounts.companyId, taxiId));
    }
    const [manager] = await db.select({ id: users.id }).from(users).where(eq(users.providerSubject, 'new-manager'));
    const unset = { nsrsbh: '91330100MA0000001X', userId: manager!.id };
    expectRefused(
      await as({ token: newManagerToken }, 'task/createLoginTask', { ...unset, loginMethod: '1' }),
      409,
      '请先设置电子税务局账号',
      2004,
    );
    expectRefused(await as({ token: newManagerToken }, 'task/createScanFaceTask', unset), 409, '请先设置电子税务局账号', 2004);
  });

  test('4000: a body the schema refuses names the field', async () => {
    expectRefused(
      await as('企业管理员', 'task/createLoginTask', { nsrsbh: DEMO_TAX_NUMBERS.trading, userId: userIds.企业管理员, loginMethod: '3' }),
      400,
      '登录方式(loginMethod) 的取值无效',
    );
    expectRefused(await as('企业管理员', 'task/getTaskDetail', { id: 'not-an-id' }), 400, '任务编号(id) 格式不正确');
    expectRefused(await as('企业管理员', 'task/getTaskDetail', {}), 400, '缺少参数 任务编号(id)');
    expectRefused(await as('企业管理员', 'taxAccount/getTaxAccount', { extra: 1 }), 400, '不支持的参数 extra');
    expectRefused(
      await as('企业管理员', 'taxAccount/setTaxAccount', { loginIdentity: '03', personName: '', phone: '13800001111' }),
      400,
      '姓名(personName) 不能为空',
    );
    expectRefused(await as('企业管理员', 'task/getMyTasks', { pageSize: 101 }), 400, '每页条数(pageSize) 不能大于 100');
  });

  test('4004: unknown tasks and paths (unknown agreements, links and contacts: with their calls above)', async () => {
    for (const path of ['task/getTaskProcess', 'task/getTaskDetail', 'task/submitLoginTaskSmsCode', 'bus/reSendSmsCode']) {
      expectRefused(
        await as('企业员工', path, { id: NOBODY, ...(path === 'task/submitLoginTaskSmsCode' && { smsCode: '123456' }) }),
        404,
        '任务不存在',
        4004,
      );
    }
    const unknownPath = await server.call('task/nothingHere', {}, tokens.企业管理员);
    expectRefused(unknownPath, 404, '接口不存在: POST /api/task/nothingHere', 4004);
  });

  // Well over a thousand calls through the whole stack, on each database: a budget a loaded machine keeps.
  test('4029: every rate-limited call refuses the call after its limit, per user (and per address where it says so)', async () => {
    const db = server.database.db;
    // A second manager of the company without a tax account: every one of these calls fails harmlessly in the handler.
    const [user] = await db
      .insert(users)
      .values({ provider: 'test', providerSubject: 'busy-manager', nickname: '钱忙', currentCompanyId: newCompanyId })
      .returning();
    await db.insert(memberships).values({
      userId: user!.id,
      companyId: newCompanyId,
      roleName: '管理员',
      permissions: ['company_manage', 'company_user_role', 'taxi_trip_manage'],
    });
    const busy = { token: await createSession(db, user!.id) };
    const [agreement] = await db.select({ id: agreements.id }).from(agreements);
    await db
      .insert(agreementAcceptances)
      .values({ userId: user!.id, agreementId: agreement!.id, privacyPolicyVersion: PRIVACY_POLICY_VERSION });
    // Calls that share a limit (its name: a code looked up by link or by call) are counted together: the first of them
    // uses it up. Each limit is used up from an address of its own, so that the other tests' calls are not refused.
    const limited = ALL_CALLS.filter(
      (spec, index, all) =>
        spec.rateLimit && all.findIndex((other) => (other.rateLimit?.name ?? other.path) === (spec.rateLimit?.name ?? spec.path)) === index,
    );
    expect(limited.length).toBeGreaterThan(0);
    let addresses = 0;
    const from = (who: Who, path: string, body: unknown, remoteAddress: string) =>
      writes.during(path, async () => {
        const token = typeof who === 'string' ? tokens[who] : who.token;
        const response = await server.app.inject({
          method: 'POST',
          url: `/api/${path}`,
          payload: body as Record<string, unknown>,
          remoteAddress,
          headers: token ? { authorization: `Bearer ${token}` } : {},
        });
        return {
          status: response.statusCode,
          body: response.json() as { success: boolean; errorCode: number | null; message: string | null; result: unknown },
        };
      });
    for (const spec of limited) {
      const body = validBody(spec);
      const address = `10.61.0.${++addresses}`;
      for (let i = 0; i < spec.rateLimit!.max; i++) {
        const answer = await from(busy, spec.path, body, address);
        expect(answer.body.success).toBe(false);
        expect([1004, 2002, 2004, 4000, 4004]).toContain(answer.body.errorCode);
      }
      expectRefused(await from(busy, spec.path, body, address), 429, '操作过于频繁，请稍后再试', 4029);
      // Another user is not limited; on the same address they are where the limit counts addresses too.
      const other = spec.path === 'taxAccount/setTaxAccount' ? { loginIdentity: '01', personName: '赵强', phone: '13900002222' } : body;
      expect((await from('出租车管理员', spec.path, other, `10.62.0.${addresses}`)).body.errorCode).not.toBe(4029);
      expect((await from('出租车管理员', spec.path, other, address)).body.errorCode === 4029).toBe(!!spec.rateLimit!.perAddress);
    }
    expect(await db.select().from(taxAccounts).where(eq(taxAccounts.companyId, newCompanyId))).toEqual([]);
  }, 180_000);

  test('invoice area: goods, titles, blue and red invoices, lists, PDF link, resend, counts, the invoicing link, applications', async () => {
    const db = server.database.db;
    const [account] = await db.select().from(taxAccounts).where(eq(taxAccounts.companyId, tradingId));
    await db
      .update(taxAccounts)
      .set({ expirationTime: new Date(Date.now() + 3600_000), scanFaceTime: new Date() })
      .where(eq(taxAccounts.companyId, tradingId));

    const goodsList = await good<{ total: number; list: { id: string; name: string; taxCode: string }[] }>('企业员工', 'goods/list', {
      keyword: '办公',
    });
    expect(goodsList.list.map((item) => item.name)).toEqual(['办公用品']);
    const saved = await good<{ id: string; taxRatePermille: number }>('企业管理员', 'goods/save', {
      name: '咨询服务',
      taxCode: '3040602000000000000',
      taxShortName: '咨询服务',
      model: '',
      unit: '次',
      unitPriceFen: 50_000,
      taxRatePermille: 60,
      taxFree: null,
    });
    expect(saved).toMatchObject({ id: expect.stringMatching(UUID), taxRatePermille: 60 });
    expectRefused(
      await as('企业员工', 'goods/save', {
        name: '咨询服务',
        taxCode: '3040602000000000000',
        taxShortName: '咨询服务',
        model: '',
        unit: '次',
        unitPriceFen: null,
        taxRatePermille: 60,
        taxFree: null,
      }),
      403,
      undefined,
      1003,
    );
    expectRefused(
      await as('企业管理员', 'goods/save', {
        name: '咨询服务',
        taxCode: '3040602000000000000',
        taxShortName: '咨询服务',
        model: '',
        unit: '次',
        unitPriceFen: null,
        taxRatePermille: 60,
        taxFree: '免税',
      }),
      400,
      '请选择税率，或选择免税 / 不征税',
    );

    const titles = await good<{ list: { id: string; isDefault: boolean }[] }>('企业管理员', 'title/list');
    const defaultTitle = titles.list.find((title) => title.isDefault) ?? titles.list[0]!;
    await good('企业管理员', 'title/get', { id: defaultTitle.id });
    const title = await good<{ id: string }>('企业管理员', 'title/save', {
      kind: '个人',
      name: '王小明',
      taxNumber: '',
      address: '',
      phone: '',
      bankName: '',
      bankAccount: '',
      email: 'wang@example.cn',
      isDefault: false,
    });
    await good('企业管理员', 'title/setDefault', { id: title.id });
    await good('企业管理员', 'title/setDefault', { id: defaultTitle.id });
    await good('企业管理员', 'title/delete', { id: title.id });

    // 开票统计 over the China days around now (issuing may cross China midnight), before and after what is issued here.
    const statsRange = {
      from: new Date(Date.now() - 16 * 3600_000).toISOString().slice(0, 10),
      to: new Date(Date.now() + 32 * 3600_000).toISOString().slice(0, 10),
      by: 'day',
    };
    type Totals = { totals: { blueCount: number; blueFen: number; redCount: number; redFen: number; netFen: number }; series: unknown[] };
    const statsBefore = await good<Totals>('企业员工', 'statistics/invoice', statsRange);
    const buyer = {
      name: '杭州西湖文化传媒有限公司',
      taxNumber: DEMO_TAX_NUMBERS.taxi,
      address: '',
      phone: '',
      bankName: '',
      bankAccount: '',
      naturalPerson: false,
    };
    const blue = await good<{ taskId: string; invoiceId: string }>('企业管理员', 'task/createBlueInvoiceTask', {
      requestSerial: 'calls-test-blue-0001',
      type: '数电专票',
      buyer,
      lines: [{ goodsId: saved.id, quantity: '2', grossFen: 100_000, rate: 60 }],
      remarks: '',
      deliverPhone: '13800001111',
      deliverEmail: '',
    });
    const issued = await eventually(async () => {
      const detail = await good<{ taskStatus: number; result: { invoiceNumber: string } | null; invoiceId: string }>(
        '企业管理员',
        'task/getTaskDetail',
        { id: blue.taskId },
      );
      return detail.taskStatus === 1 ? detail : null;
    });
    expect(issued.invoiceId).toBe(blue.invoiceId);
    expect(issued.result?.invoiceNumber).toMatch(/^\d{20}$/);
    const invoice = await good<{ number: string; issuedAt: string; type: string; issuer: string; grossFen: number; leftFen: number }>(
      '企业员工',
      'invoice/get',
      { id: blue.invoiceId },
    );
    expect(invoice).toMatchObject({ type: '数电专票', issuer: account!.personName, grossFen: 100_000, leftFen: 100_000 });
    const listed = await good<{ total: number; list: { id: string; status: string }[] }>('企业员工', 'invoice/list', {
      kind: 'blue',
      status: '已开具',
      keyword: invoice.number.slice(-6),
    });
    expect(listed.list).toEqual([expect.objectContaining({ id: blue.invoiceId, status: '已开具' })]);
    const issueDate = new Date(Date.parse(invoice.issuedAt) + 8 * 3600_000).toISOString().slice(0, 10);
    expect(await good<{ id: string }>('企业员工', 'invoice/findBlue', { number: invoice.number, issueDate })).toMatchObject({
      id: blue.invoiceId,
    });
    expect(await good<{ url: string }>('企业员工', 'invoice/pdfLink', { id: blue.invoiceId })).toMatchObject({
      url: expect.stringMatching(/^\/files\/invoices\/.+\.pdf\?expires=\d+&signature=/),
    });
    expect(await good('企业员工', 'invoice/resend', { id: blue.invoiceId, email: 'finance@example.cn' })).toEqual({
      sentTo: 'finance@example.cn',
      deliveries: [
        expect.objectContaining({ channel: 'email', channelName: '邮箱', address: 'finance@example.cn', state: 'pending', resent: true }),
      ],
    });
    // Sent by the worker: the SMS as the invoice was issued, the e-mail asked for again (both through the outbox).
    const delivered = await eventually(async () => {
      const { list } = await good<{
        list: { channel: string; address: string; state: string; stateName: string; sentAt: string | null }[];
      }>('企业员工', 'invoice/deliveries', { id: blue.invoiceId });
      return list.length === 2 && list.every((row) => row.state === 'sent') ? list : null;
    });
    expect(delivered.map((row) => [row.channel, row.address, row.stateName])).toEqual([
      ['email', 'finance@example.cn', '已发送'],
      ['sms', '13800001111', '已发送'],
    ]);
    expect(delivered.every((row) => ISO_TIME.test(row.sentAt ?? ''))).toBe(true);
    expect(await good('企业员工', 'invoice/list', { deliveryFailed: true })).toEqual({ total: 0, list: [] });
    expect(await good<{ issuedThisMonth: number }>('企业员工', 'invoice/homeSummary')).toMatchObject({
      issuedThisMonth: 1,
      issuedThisMonthFen: 100_000,
    });
    const [trading] = await db.select().from(companies).where(eq(companies.id, tradingId));
    expect(await good('企业员工', 'company/getInvoiceQrcode')).toEqual({
      url: `http://sim.test/shop/${trading!.code}`,
      companyName: trading!.name,
      code: trading!.code,
    });

    const red = await good<{ taskId: string }>('企业管理员', 'task/createRedInvoiceTask', {
      requestSerial: 'calls-test-red-0001',
      blueInvoiceId: blue.invoiceId,
      reason: '04',
      lines: [{ lineNo: 1, grossFen: 10_000 }],
    });
    await eventually(
      async () => (await as<{ taskStatus: number }>('企业管理员', 'task/getTaskDetail', { id: red.taskId })).body.result.taskStatus === 1,
    );
    // A failed invoice task can be retried.
    await db.update(taxAccounts).set({ scanFaceTime: null }).where(eq(taxAccounts.companyId, tradingId));
    const failing = await good<{ taskId: string }>('企业管理员', 'task/createBlueInvoiceTask', {
      requestSerial: 'calls-test-blue-0002',
      type: '数电普票',
      buyer,
      lines: [{ goodsId: saved.id, quantity: null, grossFen: 500, rate: 60 }],
      remarks: '',
      deliverPhone: '',
      deliverEmail: '',
    });
    await eventually(
      async () =>
        (await as<{ taskStatus: number }>('企业管理员', 'task/getTaskDetail', { id: failing.taskId })).body.result.taskStatus === -1,
    );
    await db.update(taxAccounts).set({ scanFaceTime: new Date() }).where(eq(taxAccounts.companyId, tradingId));
    expect(await good('企业管理员', 'task/retryTask', { id: failing.taskId })).toEqual({ taskId: failing.taskId });
    await eventually(
      async () =>
        (await as<{ taskStatus: number }>('企业管理员', 'task/getTaskDetail', { id: failing.taskId })).body.result.taskStatus === 1,
    );
    const statsAfter = await good<Totals>('企业员工', 'statistics/invoice', statsRange);
    expect(statsAfter.series).toHaveLength(3);
    expect(statsAfter.totals).toEqual({
      blueCount: statsBefore.totals.blueCount + 2,
      blueFen: statsBefore.totals.blueFen + 100_500,
      redCount: statsBefore.totals.redCount + 1,
      redFen: statsBefore.totals.redFen - 10_000,
      netFen: statsBefore.totals.netFen + 90_500,
    });

    const application = await good<{ id: string }>('普通用户', 'invoiceApplication/submit', {
      companyCode: trading!.code,
      buyer: { ...buyer, name: '王小明', taxNumber: '', naturalPerson: true },
      grossFen: 6600,
      deliverEmail: 'wang@example.cn',
    });
    const second = await good<{ id: string }>('普通用户', 'invoiceApplication/submit', {
      companyCode: trading!.code,
      subCode: '前台',
      buyer: { ...buyer, name: '李四', taxNumber: '', naturalPerson: true },
      grossFen: 1200,
    });
    expect(
      (await good<{ list: { id: string; status: string }[] }>('普通用户', 'invoiceApplication/mine')).list.map((row) => row.status),
    ).toEqual(['待审核', '待审核']);
    expect(
      (await good<{ list: { id: string; source: string }[] }>('企业员工', 'invoiceApplication/list', { status: '待审核' })).list.map(
        (row) => row.source,
      ),
    ).toEqual(['子码', '店铺码']);
    expect(await good<{ status: string }>('企业员工', 'invoiceApplication/reject', { id: second.id, reason: '重复申请' })).toMatchObject({
      status: '已拒绝',
    });
    await db.update(taxAccounts).set({ scanFaceTime: null }).where(eq(taxAccounts.companyId, tradingId));
    expect(
      (await good<{ results: { status: string }[] }>('企业员工', 'invoiceApplication/approve', { ids: [application.id] })).results,
    ).toEqual([expect.objectContaining({ status: '待开票' })]);
    await db.update(taxAccounts).set({ scanFaceTime: new Date() }).where(eq(taxAccounts.companyId, tradingId));
    expect(
      (await good<{ results: { status: string }[] }>('企业员工', 'invoiceApplication/issueWaiting', { ids: [application.id] })).results,
    ).toEqual([expect.objectContaining({ status: '开票中' })]);
    // Issued invoices name the goods: they are archived, not deleted.
    expect(await good('企业管理员', 'goods/delete', { id: saved.id })).toEqual({ id: saved.id, archived: true });
  });

  test('ticket area: the folder with the invoice collected above, import and 查验, reimbursed, PDF, delete, the JS-SDK signature (tickets.test.ts has the rest)', async () => {
    type Ticket = { id: string; source: string; number: string; verifyState: string; reimbursed: boolean; invoiceId: string | null };
    // The blue invoice trading issued to the taxi company above is in the taxi company's folder, verified.
    const folder = await good<{ total: number; list: Ticket[]; totals: { count: number } }>('出租车管理员', 'ticket/list', {
      verifyState: '查验通过',
    });
    const collected = folder.list.find((row) => row.source === '自动归集')!;
    expect(collected).toMatchObject({ verifyState: '查验通过', reimbursed: false });
    expect(folder.totals.count).toBe(folder.total);
    expect(await good<Ticket>('出租车管理员', 'ticket/get', { id: collected.id })).toMatchObject({
      id: collected.id,
      invoiceId: expect.stringMatching(UUID),
    });
    expect(await good<{ url: string; fileName: string }>('出租车管理员', 'ticket/pdfLink', { id: collected.id })).toMatchObject({
      url: expect.stringMatching(/^\/files\/invoices\/.+\.pdf\?expires=\d+&signature=/),
      fileName: `发票_${collected.number}.pdf`,
    });
    expect(await good<Ticket>('出租车管理员', 'ticket/markReimbursed', { id: collected.id, reimbursed: true })).toMatchObject({
      reimbursed: true,
    });
    expectRefused(
      await as('出租车管理员', 'ticket/import', {
        source: '手动输入',
        number: collected.number,
        issueDate: `20${collected.number.slice(0, 2)}-01-01`,
        netFen: 1,
      }),
      409,
      undefined,
      2005,
    );

    const year = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 4);
    const imported = await good<{ ticket: Ticket; taskId: string }>('企业员工', 'ticket/import', {
      source: '手动输入',
      number: `${year.slice(2)}440000000000012345`,
      issueDate: `${year}-01-02`,
      netFen: 12_345,
    });
    expect(imported.ticket).toMatchObject({ source: '手动输入', verifyState: '查验中' });
    await eventually(
      async () => (await as<Ticket>('企业员工', 'ticket/get', { id: imported.ticket.id })).body.result.verifyState === '查无此票',
    );
    expect(await good<{ taskId: string }>('企业员工', 'ticket/verify', { id: imported.ticket.id })).toMatchObject({
      taskId: expect.stringMatching(UUID),
    });
    await eventually(
      async () => (await as<Ticket>('企业员工', 'ticket/get', { id: imported.ticket.id })).body.result.verifyState === '查无此票',
    );
    expect(await good('企业员工', 'ticket/delete', { id: imported.ticket.id })).toEqual({ id: imported.ticket.id });

    const wechat = await startFakeWechatApi();
    server.app.services.wechatJsapi = new WechatJsapi({ appId: wechat.appId, secret: wechat.secret, apiUrl: wechat.url });
    try {
      expect(await good('企业员工', 'wechat/jsapiConfig', { url: 'http://sim.test/ticket/import/index' })).toMatchObject({
        appId: wechat.appId,
        timestamp: expect.any(Number),
        nonceStr: expect.any(String),
        signature: expect.stringMatching(/^[0-9a-f]{40}$/),
      });
    } finally {
      server.app.services.wechatJsapi = null;
      await wechat.close();
    }
  });

  test('export area: the month’s invoices as an xlsx, its progress, a fresh link, e-mailed, the latest exports (exports.test.ts has the rest)', async () => {
    type Job = { id: string; state: string; url: string | null; fileName: string };
    const month = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 7);
    const job = await good<Job>('企业员工', 'export/create', { source: 'invoices', format: 'xlsx', month });
    expect(job).toMatchObject({ state: '生成中', fileName: `发票_${month}.xlsx` });
    const done = await eventually(async () => {
      const seen = await good<Job>('企业员工', 'export/get', { id: job.id });
      return seen.state === '已生成' ? seen : null;
    });
    expect(done.url).toMatch(/^\/files\/exports\/.+\?expires=\d+&signature=/);
    expect(await good<{ url: string }>('企业员工', 'export/link', { id: job.id })).toMatchObject({ fileName: `发票_${month}.xlsx` });
    expect(await good<Job>('企业员工', 'export/send', { id: job.id, email: 'staff@trading.test' })).toMatchObject({ id: job.id });
    expect((await good<{ list: Job[] }>('企业员工', 'export/list')).list.map((row) => row.id)).toContain(job.id);
  });

  test('account area: the deletion preview, the SMS code, deleting; the personal copy made, read and e-mailed (account-deletion.test.ts has the rest)', async () => {
    const db = server.database.db;
    const [user] = await db
      .insert(users)
      .values({ provider: 'test', providerSubject: 'leaving-user', nickname: '将注销', phone: '13600006666' })
      .returning();
    const leaving = { token: await createSession(db, user!.id) };
    expect(await good(leaving, 'account/deletionPreview')).toMatchObject({ confirmBy: 'sms', phone: '136****6666', refusal: null });
    type Copy = { id: string; state: string };
    const copy = await good<Copy>(leaving, 'account/createDataCopy', { format: 'json' });
    expect(copy.state).toBe('已生成');
    expect(await good<Copy>(leaving, 'account/getDataCopy', { id: copy.id })).toMatchObject({ id: copy.id });
    expect(await good<Copy>(leaving, 'account/sendDataCopy', { id: copy.id, email: 'leaving@example.test' })).toMatchObject({
      id: copy.id,
    });
    expect(await good(leaving, 'account/sendDeletionCode')).toMatchObject({ sentTo: '136****6666' });
    const sms = await latestSms('13600006666');
    expect(await good(leaving, 'account/delete', { code: sms!.code })).toEqual({ deleted: true });
    expectRefused(await as(leaving, 'user/getOfficialAccountLoginUserInfo'), 401, '登录信息无效', 1001);
  });

  test('sessions: user/signOut ends the session it is made with; companyUser/remove takes a member out of the company', async () => {
    const leaving = { token: await server.tokenFor('企业员工') };
    expect(await good(leaving, 'user/signOut')).toEqual({ signedOut: true });
    expectRefused(await as(leaving, 'user/getOfficialAccountLoginUserInfo'), 401, '登录信息无效', 1001);
    const db = server.database.db;
    const [temp] = await db
      .insert(users)
      .values({ provider: 'test', providerSubject: 'temp-staff', nickname: '临时工', currentCompanyId: tradingId })
      .returning();
    await db.insert(memberships).values({ userId: temp!.id, companyId: tradingId, roleName: '员工', permissions: ['company_user_role'] });
    expect(await good('企业管理员', 'companyUser/remove', { userId: temp!.id })).toEqual({ removed: true, bindCodeRevoked: false });
    expect(await db.select().from(memberships).where(eq(memberships.userId, temp!.id))).toEqual([]);
  });

  test('my area: bind codes and binding, members, goods/get, sub-codes and the shop, life services (company-onboarding.test.ts has the rest)', async () => {
    const db = server.database.db;
    const code = await good<{ code: string; shortPath: string; expiresAt: string }>('企业管理员', 'company/createBindCode');
    expect(code).toMatchObject({
      code: expect.stringMatching(/^[A-HJ-NP-Z2-9]{8}$/),
      shortPath: `/t/${code.code}`,
      expiresAt: expect.stringMatching(ISO_TIME),
    });
    expect(await good('企业管理员', 'company/getBindCode')).toEqual(code);
    const [joiner] = await db.insert(users).values({ provider: 'test', providerSubject: 'calls-joiner', nickname: '钱进' }).returning();
    const joinerToken = { token: await createSession(db, joiner!.id) };
    expect(await good(joinerToken, 'company/previewBind', { code: code.code.toLowerCase() })).toEqual({
      companyName: '杭州优税通科技有限公司',
      xsfNsrsbh: DEMO_TAX_NUMBERS.trading,
    });
    expect(await good(joinerToken, 'company/bind', { code: code.code })).toEqual({
      companyId: tradingId,
      companyName: '杭州优税通科技有限公司',
    });
    expectRefused(await as(joinerToken, 'company/bind', { code: code.code }), 409, '您已是该企业的成员', 2005);
    expect(await good('企业管理员', 'company/revokeBindCode')).toEqual({ revoked: true });
    expect(await good('企业管理员', 'company/getBindCode')).toBeNull();
    expectRefused(await as(joinerToken, 'company/previewBind', { code: code.code }), 404, '绑定码无效或已过期', 4004);

    const members = await good<{ total: number; list: { id: string; pending: boolean; self: boolean; role: string }[] }>(
      '企业管理员',
      'companyUser/list',
    );
    expect(members.list).toContainEqual(expect.objectContaining({ id: userIds.企业管理员, pending: false, self: true, role: 'manager' }));
    expect(members.list).toContainEqual(expect.objectContaining({ id: joiner!.id, pending: false, self: false, role: 'employee' }));
    const invited = await good<{ id: string; pending: boolean }>('企业管理员', 'companyUser/add', {
      phone: '13912340000',
      name: '孙悦',
      role: 'employee',
    });
    expect(invited).toMatchObject({ id: expect.stringMatching(UUID), pending: true });
    expectRefused(
      await as('企业管理员', 'companyUser/add', { phone: '13800000003', name: '王芳', role: 'employee' }),
      409,
      '该手机号已是本企业员工',
      2005,
    );
    expect(await good('企业管理员', 'companyUser/cancelInvitation', { id: invited.id })).toEqual({ id: invited.id });
    expectRefused(await as('出租车管理员', 'companyUser/cancelInvitation', { id: invited.id }), 404, undefined, 4004);
    // The invited person's side: they see, decline and accept invitations to their phone.
    const again = await good<{ id: string }>('企业管理员', 'companyUser/add', { phone: '13912340001', name: '钱进', role: 'employee' });
    await db.update(users).set({ phone: '13912340001' }).where(eq(users.id, joiner!.id));
    const toTaxi = await good<{ id: string }>('出租车管理员', 'companyUser/add', { phone: '13912340001', name: '钱进', role: 'employee' });
    expect(
      (await good<{ list: { id: string; companyName: string }[] }>(joinerToken, 'company/myInvitations')).list.map((row) => row.id).sort(),
    ).toEqual([toTaxi.id, again.id].sort());
    expect(await good(joinerToken, 'company/declineInvitation', { id: again.id })).toEqual({ id: again.id });
    expect(await good(joinerToken, 'company/acceptInvitation', { id: toTaxi.id })).toEqual({
      companyId: taxiId,
      companyName: '杭州顺达出租汽车有限公司',
      current: false,
    });

    const goodsList = await good<{ list: { id: string; name: string }[] }>('企业员工', 'goods/list', { keyword: '办公' });
    expect(await good('企业员工', 'goods/get', { id: goodsList.list[0]!.id })).toMatchObject({
      name: '办公用品',
      taxCode: '1060599000000000000',
      taxShortName: '纸制品',
    });
    const sub = await good<{ id: string; code: string; shortPath: string }>('企业管理员', 'subCode/save', {
      name: '前台',
      goodsId: goodsList.list[0]!.id,
      amountFen: 15_800,
      enabled: true,
    });
    expect(sub).toMatchObject({ shortPath: `/t/${sub.code}` });
    expect(await good('企业员工', 'subCode/get', { id: sub.id })).toMatchObject({ name: '前台', goodsName: '办公用品', amountFen: 15_800 });
    expect((await good<{ list: { id: string }[] }>('企业员工', 'subCode/list')).list.map((row) => row.id)).toEqual([sub.id]);
    expect(await good({ token: null }, 'shop/get', { code: sub.code })).toEqual({
      code: sub.code,
      shopName: '杭州优税通科技有限公司',
      subCodeName: '前台',
      goodsName: '办公用品',
      amountFen: 15_800,
      closedReason: null,
      channels: ['demo'],
    });
    expect(await good('企业员工', 'shopCode/get')).toEqual({
      code: 'YST0001',
      shopName: '杭州优税通科技有限公司',
      shortPath: '/t/YST0001',
    });
    expect(await good('企业管理员', 'subCode/delete', { id: sub.id })).toEqual({ id: sub.id });
    expectRefused(await as({ token: null }, 'shop/get', { code: sub.code }), 404, '店铺不存在', 4004);

    expect(await good('企业管理员', 'lifeService/mine')).toBeNull();
    const applied = await good<{ id: string; state: string }>('企业管理员', 'lifeService/apply', {
      contactName: '李明',
      phone: '13800000002',
      city: '杭州',
      kind: '餐饮美食',
      remarks: '',
    });
    expect(applied).toMatchObject({ id: expect.stringMatching(UUID), state: '审核中' });
    expect(await good('企业员工', 'lifeService/mine')).toEqual(applied);
    expectRefused(
      await as('企业管理员', 'lifeService/apply', {
        contactName: '李明',
        phone: '13800000002',
        city: '杭州',
        kind: '餐饮美食',
        remarks: '',
      }),
      409,
      '您已提交申请，请等待审核',
      2005,
    );
    // The joiner leaves again (the suites after this one count the company's members).
    await good('企业管理员', 'companyUser/remove', { userId: joiner!.id });
  });

  test('money area: the cash desk, 收支, the wallet and withdrawals, income statistics (cash/wallet.test.ts have the rest)', async () => {
    const paid = await good<{ orderNo: string; start: { kind: string } }>('普通用户', 'cash/createOrder', {
      code: 'YST0001',
      amountFen: 12_300,
      channel: 'demo',
    });
    expect(paid.start).toEqual({ kind: 'demo' });
    expect(await good('普通用户', 'cash/getOrder', { orderNo: paid.orderNo })).toMatchObject({
      orderNo: paid.orderNo,
      amountFen: 12_300,
      state: '已支付',
      channel: 'demo',
    });
    const second = await good<{ orderNo: string }>('普通用户', 'cash/createOrder', { code: 'YST0001', amountFen: 4_500, channel: 'demo' });
    const buyer = { name: '王小明', taxNumber: '', address: '', phone: '', bankName: '', bankAccount: '', naturalPerson: true };
    expect(await good('普通用户', 'cash/applyInvoice', { orderNo: second.orderNo, buyer })).toMatchObject({
      applicationId: expect.stringMatching(UUID),
    });
    const records = await good<{ total: number; incomeFen: number; list: { id: string; orderNo: string; invoiceState: string }[] }>(
      '线下收款管理员',
      'payment/list',
      { type: 'income' },
    );
    expect(records.incomeFen).toBeGreaterThanOrEqual(16_800);
    const record = records.list.find((row) => row.orderNo === paid.orderNo)!;
    expect(records.list.find((row) => row.orderNo === second.orderNo)?.invoiceState).toBe('申请中');
    expect(await good('企业管理员', 'payment/get', { id: record.id })).toMatchObject({
      id: record.id,
      type: 'income',
      amountFen: 12_300,
      invoiceState: '未开票',
    });
    await server.database.db
      .update(taxAccounts)
      .set({ expirationTime: new Date(Date.now() + 3600_000), scanFaceTime: new Date() })
      .where(eq(taxAccounts.companyId, tradingId));
    const issued = await good<{ invoiceId: string; taskId: string }>('线下收款管理员', 'payment/issueInvoice', {
      id: record.id,
      requestSerial: 'calls-test-pay-0001',
      buyer,
    });
    expect(issued).toMatchObject({ invoiceId: expect.stringMatching(UUID), taskId: expect.stringMatching(UUID) });
    expect(await good('线下收款管理员', 'payment/issueInvoice', { id: record.id, requestSerial: 'calls-test-pay-0001', buyer })).toEqual(
      issued,
    );
    expectRefused(
      await as('线下收款管理员', 'payment/issueInvoice', { id: record.id, requestSerial: 'calls-test-pay-0002', buyer }),
      409,
      '该笔收款已开具发票',
      2005,
    );
    expect(['开票中', '已开票']).toContain(
      (await good<{ invoiceState: string }>('企业管理员', 'payment/get', { id: record.id })).invoiceState,
    );

    const wallet = await good<{ frozenFen: number; availableFen: number; recent: unknown[] }>('企业管理员', 'wallet/get');
    expect(wallet.frozenFen + wallet.availableFen).toBeGreaterThanOrEqual(16_800);
    expect((await good<{ total: number }>('线下收款管理员', 'wallet/entries')).total).toBeGreaterThanOrEqual(2);
    expect(await good('企业管理员', 'wallet/withdrawPreview', { amountFen: 10_000 })).toEqual({
      amountFen: 10_000,
      feeFen: 100,
      arriveFen: 10_000,
    });
    // The income is frozen until T+1: nothing to withdraw yet.
    expectRefused(
      await as('企业管理员', 'wallet/withdraw', { amountFen: 10_000, requestSerial: 'calls-test-wd-0001' }),
      400,
      '提现金额超过可提现余额',
    );
    await server.database.raw(`update cash_orders set paid_at = paid_at - interval '2 days' where company_id = $1`, [tradingId]);
    const withdrawal = await good<{ id: string; state: string; feeFen: number }>('企业管理员', 'wallet/withdraw', {
      amountFen: 10_000,
      requestSerial: 'calls-test-wd-0001',
    });
    expect(withdrawal).toMatchObject({ state: '审核中', feeFen: 100 });
    expect((await good<{ list: { id: string }[] }>('线下收款管理员', 'wallet/withdrawals')).list.map((row) => row.id)).toContain(
      withdrawal.id,
    );
    const today = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
    const stats = await good<{ totals: { incomeFen: number }; series: unknown[] }>('企业管理员', 'statistics/income', {
      from: today,
      to: today,
      by: 'day',
    });
    expect(stats.series).toHaveLength(1);
  });

  test('taxi area: cars, a trip recorded, shared, received, asked to be invoiced, listed with totals, invoiced (taxi.test.ts has the rest)', async () => {
    const db = server.database.db;
    await db
      .update(taxAccounts)
      .set({ expirationTime: new Date(Date.now() + 3600_000), scanFaceTime: new Date() })
      .where(eq(taxAccounts.companyId, taxiId));
    const car = await good<{ id: string; licensePlateNumber: string }>('出租车管理员', 'taxiCar/add', { licensePlateNumber: '浙a t9999' });
    expect(car).toEqual({ id: expect.stringMatching(UUID), licensePlateNumber: '浙A·T9999' });
    const startTime = new Date(Date.now() - 40 * 60_000).toISOString();
    const endTime = new Date(Date.now() - 10 * 60_000).toISOString();
    const trip = await good<{ id: string; state: string; carId: string; licensePlateNumber: string; companyName: string }>(
      '出租车管理员',
      'taxiTrip/create',
      {
        carId: car.id,
        startTime,
        endTime,
        fromPlace: '西湖文化广场',
        toPlace: '杭州东站',
        distanceMetres: 12_350,
        fareFen: 4_560,
      },
    );
    expect(trip).toMatchObject({
      id: expect.stringMatching(UUID),
      state: '未分享',
      carId: car.id,
      licensePlateNumber: '浙A·T9999',
      companyName: '杭州顺达出租汽车有限公司',
      startTime,
      endTime,
    });
    const shared = await good<{ code: string; url: string; trip: { state: string; shareCode: string } }>(
      '出租车管理员',
      'taxiTrip/shareTrip',
      { id: trip.id },
    );
    expect(shared).toMatchObject({ url: `/t/${shared.code}`, trip: { state: '待领取', shareCode: shared.code } });
    expect((await good<{ id: string }>('普通用户', 'taxiTrip/get', { code: shared.code })).id).toBe(trip.id);
    const received = await good<{ state: string; receivedByMe: boolean; shareCode: string | null; passengerName: string | null }>(
      '普通用户',
      'taxiTrip/receiveTrip',
      { id: trip.id, code: shared.code },
    );
    expect(received).toMatchObject({ state: '已领取', receivedByMe: true, shareCode: null, passengerName: null });
    const mine = await good<{ total: number; list: { id: string }[] }>('普通用户', 'taxiTrip/getMyTrips', { state: '已领取' });
    expect(mine).toMatchObject({ total: 1, list: [{ id: trip.id }] });
    const title = await good<{ id: string }>('普通用户', 'title/save', {
      kind: '个人',
      name: '陈乘客',
      taxNumber: '',
      address: '',
      phone: '',
      bankName: '',
      bankAccount: '',
      email: '',
      isDefault: false,
    });
    const applied = await good<{ trips: { state: string; invoiceBuyer: { name: string } | null }[] }>('普通用户', 'taxiTrip/applyInvoice', {
      ids: [trip.id],
      titleId: title.id,
    });
    expect(applied.trips).toMatchObject([{ state: '待开票', invoiceBuyer: { name: '陈乘客', naturalPerson: true } }]);
    const byId = await good<{ passengerName: string; invoiceBuyer: { name: string } }>('出租车管理员', 'taxiTrip/get', { id: trip.id });
    expect(byId).toMatchObject({ passengerName: '张晓', invoiceBuyer: { name: '陈乘客' } });
    const listed = await good<{ total: number; list: { id: string }[]; totals: unknown }>('出租车管理员', 'taxiTrip/queryTrips', {
      carId: car.id,
    });
    expect(listed).toEqual({
      total: 1,
      list: [expect.objectContaining({ id: trip.id })],
      totals: { trips: 1, fareFen: 4_560, distanceMetres: 12_350 },
    });
    const created = await good<{ taskId: string; invoiceId: string }>('出租车管理员', 'taxiInvoice/create', {
      requestSerial: `taxi-calls-${kind}`,
      tripIds: [trip.id],
      buyer: { name: '陈乘客', taxNumber: '', address: '', phone: '', bankName: '', bankAccount: '', naturalPerson: true },
    });
    await waitForStatus(tokens.出租车管理员, created.taskId, 1);
    const invoicesListed = await good<{
      total: number;
      list: { invoice: { id: string; status: string; grossFen: number }; trips: { id: string }[] }[];
    }>('出租车管理员', 'taxiInvoice/list');
    expect(invoicesListed.list[0]).toMatchObject({
      invoice: { id: created.invoiceId, status: '已开具', grossFen: 4_560 },
      trips: [{ id: trip.id }],
    });
    expect((await good<{ state: string }>('普通用户', 'taxiTrip/get', { id: trip.id })).state).toBe('已开票');
    expect(await good('出租车管理员', 'taxiCar/remove', { id: car.id })).toEqual({ id: car.id });
    expect(await good('出租车管理员', 'taxiTrip/get', { id: trip.id })).toMatchObject({ carId: null, licensePlateNumber: '浙A·T9999' });
  });

  test('client/reportFailure and reportLoad: a failure of a released version is counted; an unreleased one is refused under version', async () => {
    await updateRegistry(
      server.app.services.liveApps.storeDir,
      (registry) => {
        registry.apps.ticket ??= {
          live: '1.0.0',
          versions: { '1.0.0': { version: '1.0.0', releasedAt: new Date().toISOString(), prefixes: ['/ticket'], sourceHash: 'test' } },
        };
      },
      null,
    );
    expect(await good('普通用户', 'client/reportFailure', { app: 'ticket', version: '1.0.0', kind: 'remote-load' })).toBeNull();
    const [row] = await server.database.db.select().from(clientFailures).where(eq(clientFailures.app, 'ticket'));
    expect(row).toMatchObject({ version: '1.0.0', kind: 'remote-load', count: 1 });
    expectRefused(
      await as('普通用户', 'client/reportFailure', { app: 'ticket', version: '0.0.1', kind: 'remote-load' }),
      400,
      '未发布的模块版本',
      4000,
    );
    // A load: counted for a running canary only (canary-releases.test.ts); accepted, and refused for an unreleased version.
    expect(await good('普通用户', 'client/reportLoad', { app: 'ticket', version: '1.0.0' })).toBeNull();
    expectRefused(await as('普通用户', 'client/reportLoad', { app: 'ticket', version: '0.0.1' }), 400, '未发布的模块版本', 4000);
  });

  test('audit/list and audit/actors: the trading company’s trail of the calls above, newest first, and its people', async () => {
    const page = await good<{
      list: { kind: string; userName: string; role: string | null; summary: string; createdAt: string }[];
      hasMore: boolean;
    }>('企业管理员', 'audit/list', { kind: 'goods.save', pageSize: 1 });
    expect(page.list).toEqual([expect.objectContaining({ kind: 'goods.save', userName: expect.any(String), role: '管理员' })]);
    expect(page.list[0]?.createdAt).toMatch(ISO_TIME);
    const actors = await good<{ list: { userId: string; name: string; roleName: string }[] }>('企业管理员', 'audit/actors');
    expect(actors.list).toContainEqual({ userId: userIds.企业管理员, name: expect.any(String), roleName: '管理员' });
  });

  test('the good paths above covered every call in ALL_CALLS', () => {
    expect(ALL_CALLS.map((spec) => spec.path).filter((path) => !covered.has(path))).toEqual([]);
  });

  test('the calls the contract declares read-only (READ_ONLY: the fleet proxy retries them) wrote nothing, good path or refused', () => {
    const readOnly = readOnlyCalls();
    expect(readOnly.length).toBeGreaterThan(20);
    expect(readOnly.filter((path) => !covered.has(path))).toEqual([]);
    expect(
      Object.fromEntries(readOnly.flatMap((path) => (writes.writesOf(path).length > 0 ? [[path, writes.writesOf(path)]] : []))),
    ).toEqual({});
    // The recorder sees what the read-only calls read, and it sees writes: those of calls that change something.
    expect(writes.statementsOf('invoice/list')).toBeGreaterThan(0);
    expect(
      ['title/save', 'goods/delete', 'task/createLoginTask', 'shopCode/get'].filter((path) => writes.writesOf(path).length === 0),
    ).toEqual([]);
  });

  // A repeat of a request already made (the same request serial) changes nothing: it writes no entry.
  test('each call that changes state wrote one audit entry per change; the reads and the upkeep calls wrote none', () => {
    const wrong = Object.fromEntries(
      [...auditWrites].filter(([path, written]) => {
        if (!(API[path as ApiPath] as CallContract).changes) return written.some((entries) => entries !== 0);
        return written[0] !== 1 || written.some((entries) => entries > 1);
      }),
    );
    expect(wrong).toEqual({});
    const changing = (Object.keys(API) as ApiPath[]).filter((path) => (API[path] as CallContract).changes);
    expect(changing.length).toBeGreaterThan(40);
    expect(changing.filter((path) => !auditWrites.has(path))).toEqual([]);
  });
});
