/** The company's e-tax account: its state, its set-up, the authorisation agreement, clearing the authorisation. */
import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import Type from 'typebox';
import type { Database } from '../db/database';
import { agreementAcceptances, agreements, taxAccounts, tasks } from '../db/schema';
import { ApiFailure, ErrorCode } from '../http/api-failure';
import { defineCall } from '../http/define-call';
import { Body, Empty, Text } from '../http/schemas';
import { encryptSecret } from '../security/secret-box';
import { TaskStatus } from '../tasks/task-queue';
import { chinaDate } from '@app/domain/china-time';

export const LOGIN_IDENTITIES: Record<string, string> = { '01': '法定代表人', '02': '财务负责人', '03': '办税员', '09': '开票员' };

/** Today's date in China, for "authenticated today". */

export function isLoggedIn(account: { expirationTime: Date | null }, now = new Date()): boolean {
  return !!account.expirationTime && account.expirationTime.getTime() > now.getTime();
}

export function faceAuthenticatedToday(account: { scanFaceTime: Date | null }, now = new Date()): boolean {
  return !!account.scanFaceTime && chinaDate(account.scanFaceTime) === chinaDate(now);
}

export async function loadTaxAccount(db: Database, companyId: string) {
  const [account] = await db.select().from(taxAccounts).where(eq(taxAccounts.companyId, companyId));
  return account;
}

function maskPhone(phone: string): string {
  return phone.length === 11 ? `${phone.slice(0, 3)}****${phone.slice(7)}` : phone;
}

/** The tax account of spec §3, as the client sees it. */
export function taxAccountView(account: typeof taxAccounts.$inferSelect) {
  return {
    nsrsbh: account.nsrsbh,
    loginIdentity: account.loginIdentity,
    loginIdentityName: LOGIN_IDENTITIES[account.loginIdentity] ?? account.loginIdentity,
    personName: account.personName,
    phone: maskPhone(account.phone),
    accountState: account.accountState,
    loginState: isLoggedIn(account) ? '已登录' : '未登录',
    expirationTime: account.expirationTime?.toISOString() ?? null,
    scanFaceState: faceAuthenticatedToday(account) ? '已认证' : '未认证',
    scanFaceTime: account.scanFaceTime?.toISOString() ?? null,
    supportedLoginMethod: account.supportedLoginMethods,
    passwordSet: account.passwordEncrypted !== '',
  };
}

export const getTaxAccount = defineCall({
  path: 'taxAccount/getTaxAccount',
  body: Empty,
  access: { kind: 'company' },
  handler: async ({ company, services }) => {
    const account = await loadTaxAccount(services.db, company.id);
    return account ? taxAccountView(account) : null;
  },
});

export const setTaxAccount = defineCall({
  path: 'taxAccount/setTaxAccount',
  body: Body({
    loginIdentity: Type.Union([Type.Literal('01'), Type.Literal('02'), Type.Literal('03'), Type.Literal('09')], { title: '登录身份' }),
    personName: Text('姓名', 30, 1),
    phone: Type.String({ title: '手机号', pattern: '^1[3-9]\\d{9}$', maxLength: 11 }),
    idNumber: Type.Optional(Type.String({ title: '证件号码', pattern: '^(\\d{17}[\\dXx]|)$', maxLength: 18 })),
    password: Type.Optional(Text('密码', 32, 6)),
  }),
  access: { kind: 'company', anyOf: ['company_manage'] },
  rateLimit: { max: 10, windowMs: 60_000 },
  handler: async ({ company, body, services }) => {
    const existing = await loadTaxAccount(services.db, company.id);
    if (!existing && !body.password) throw new ApiFailure(ErrorCode.InvalidInput, '缺少参数 密码(password)');
    const identityChanged = existing && (existing.phone !== body.phone || existing.loginIdentity !== body.loginIdentity);
    const values = {
      nsrsbh: company.xsfNsrsbh,
      loginIdentity: body.loginIdentity,
      personName: body.personName,
      phone: body.phone,
      idNumber: (body.idNumber ?? existing?.idNumber ?? '').toUpperCase(),
      ...(body.password && { passwordEncrypted: encryptSecret(services.secretKey, body.password) }),
      // A new login identity must log in again.
      ...((identityChanged || body.password) && { loggedInAt: null, expirationTime: null }),
      updatedAt: new Date(),
    };
    const [saved] = await services.db
      .insert(taxAccounts)
      .values({ companyId: company.id, ...values, passwordEncrypted: values.passwordEncrypted ?? '' })
      .onConflictDoUpdate({ target: taxAccounts.companyId, set: values })
      .returning();
    return taxAccountView(saved as typeof taxAccounts.$inferSelect);
  },
});

export const getAgreement = defineCall({
  path: 'taxAccount/getAgreement',
  body: Body({ version: Type.Optional(Text('协议版本', 20)) }),
  access: { kind: 'user' },
  handler: async ({ body, services }) => {
    const query = services.db.select().from(agreements);
    const [agreement] = await (body.version ? query.where(eq(agreements.version, body.version)) : query.orderBy(desc(agreements.id))).limit(1);
    if (!agreement) throw new ApiFailure(ErrorCode.NotFound, '协议不存在');
    return { id: agreement.id, version: agreement.version, title: agreement.title, content: agreement.content, createdAt: agreement.createdAt.toISOString() };
  },
});

export const agreedAgreement = defineCall({
  path: 'taxAccount/agreedAgreement',
  body: Body({ id: Type.Integer({ title: '协议编号', minimum: 1, maximum: 2_147_483_647 }) }),
  access: { kind: 'user' },
  handler: async ({ caller, body, services }) => {
    const [agreement] = await services.db.select({ id: agreements.id }).from(agreements).where(eq(agreements.id, body.id));
    if (!agreement) throw new ApiFailure(ErrorCode.NotFound, '协议不存在');
    await services.db.insert(agreementAcceptances).values({ userId: caller.userId, agreementId: body.id }).onConflictDoNothing();
    return { agreed: true };
  },
});

export const clearAuthState = defineCall({
  path: 'taxAccount/clearAuthState',
  body: Empty,
  access: { kind: 'company', anyOf: ['company_manage'] },
  handler: async ({ company, services }) => {
    await services.db.transaction(async (tx) => {
      await tx.update(taxAccounts).set({ loggedInAt: null, expirationTime: null, scanFaceTime: null, updatedAt: new Date() }).where(eq(taxAccounts.companyId, company.id));
      await tx
        .update(tasks)
        .set({ status: TaskStatus.Failed, failReason: '授权已清除', finishedAt: sql`now()`, updatedAt: sql`now()` })
        .where(and(eq(tasks.companyId, company.id), inArray(tasks.type, ['login_sms', 'login_qr', 'face']), isNull(tasks.finishedAt)));
    });
    return { cleared: true };
  },
});
