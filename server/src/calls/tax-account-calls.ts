/** The company's e-tax account: its state, its set-up, the authorisation agreement, clearing the authorisation. */
import { audited, recordAudit } from '../audit/audit-trail';
import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { TaskStatus } from '@app/contract/task-status';
import { PRIVACY_POLICY_VERSION } from '@app/domain/privacy-policy';
import { agreementAcceptances, agreements } from '../db/schema/agreements';
import { tasks } from '../db/schema/tasks';
import { taxAccounts } from '../db/schema/tax-accounts';
import { ApiFailure, ErrorCode, invalidField } from '../http/api-failure';
import { defineCall } from '../http/define-call';
import { encryptSecret } from '../security/secret-box';
import { loadTaxAccount, taxAccountView } from '../tax-accounts/tax-account-records';

const getTaxAccount = defineCall('taxAccount/getTaxAccount', {
  access: { kind: 'company' },
  handler: async ({ company, services }) => {
    const account = await loadTaxAccount(services.db, company.id);
    return account ? taxAccountView(account) : null;
  },
});

const setTaxAccount = defineCall('taxAccount/setTaxAccount', {
  access: { kind: 'company', anyOf: ['company_manage'], agreement: true },
  rateLimit: { max: 10, windowMs: 60_000 },
  handler: async ({ company, body, services }) => {
    const existing = await loadTaxAccount(services.db, company.id);
    if (!existing && !body.password) throw invalidField('password', '请设置电子税务局密码');
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
    const changed = body.password ? '（含密码）' : '';
    const [saved] = await audited(
      services.db,
      (tx) =>
        tx
          .insert(taxAccounts)
          .values({ companyId: company.id, ...values, passwordEncrypted: values.passwordEncrypted ?? '' })
          .onConflictDoUpdate({ target: taxAccounts.companyId, set: values })
          .returning(),
      () => ({
        type: 'taxAccount',
        id: company.id,
        summary: `${existing ? '修改' : '设置'}税务账号${changed}`,
      }),
    );
    if (!saved) throw new Error('setTaxAccount: no row');
    return taxAccountView(saved);
  },
});

const getAgreement = defineCall('taxAccount/getAgreement', {
  access: { kind: 'user' },
  handler: async ({ body, services }) => {
    const query = services.db.select().from(agreements);
    const [agreement] = await (body.version ? query.where(eq(agreements.version, body.version)) : query.orderBy(desc(agreements.id))).limit(
      1,
    );
    if (!agreement) throw new ApiFailure(ErrorCode.NotFound, '协议不存在');
    return {
      id: agreement.id,
      version: agreement.version,
      title: agreement.title,
      content: agreement.content,
      createdAt: agreement.createdAt.toISOString(),
    };
  },
});

const agreedAgreement = defineCall('taxAccount/agreedAgreement', {
  access: { kind: 'user' },
  handler: async ({ caller, body, services }) => {
    const [agreement] = await services.db.select({ id: agreements.id }).from(agreements).where(eq(agreements.id, body.id));
    if (!agreement) throw new ApiFailure(ErrorCode.NotFound, '协议不存在');
    // Consent counts only for the policy in force: a stale page (or a made-up future version) is refused.
    if (body.privacyPolicyVersion !== PRIVACY_POLICY_VERSION) {
      throw invalidField('privacyPolicyVersion', '隐私政策已更新，请刷新页面后重新阅读并同意');
    }
    const acceptance = { privacyPolicyVersion: body.privacyPolicyVersion, acceptedAt: new Date() };
    await audited(
      services.db,
      (tx) =>
        tx
          .insert(agreementAcceptances)
          .values({ userId: caller.userId, agreementId: body.id, ...acceptance })
          .onConflictDoUpdate({ target: [agreementAcceptances.userId, agreementAcceptances.agreementId], set: acceptance }),
      () => ({
        type: 'taxAccount',
        id: String(body.id),
        summary: `同意《用户授权协议》（隐私政策 ${body.privacyPolicyVersion}）`,
        companyId: caller.company?.id ?? null,
        role: caller.company?.roleName ?? null,
      }),
    );
    return { agreed: true };
  },
});

const clearAuthState = defineCall('taxAccount/clearAuthState', {
  access: { kind: 'company', anyOf: ['company_manage'] },
  handler: async ({ company, services }) => {
    await services.db.transaction(async (tx) => {
      await tx
        .update(taxAccounts)
        .set({ loggedInAt: null, expirationTime: null, scanFaceTime: null, updatedAt: new Date() })
        .where(eq(taxAccounts.companyId, company.id));
      await tx
        .update(tasks)
        .set({ status: TaskStatus.Failed, failReason: '授权已清除', finishedAt: sql`now()`, updatedAt: sql`now()` })
        .where(and(eq(tasks.companyId, company.id), inArray(tasks.type, ['login_sms', 'login_qr', 'face']), isNull(tasks.finishedAt)));
      await recordAudit(tx, { type: 'taxAccount', id: company.id, summary: '清除电子税务局登录状态' });
    });
    return { cleared: true };
  },
});

export const taxAccountCalls = [getTaxAccount, setTaxAccount, getAgreement, agreedAgreement, clearAuthState];
