/**
 * Demo payment follows demo sign-in: a deployment with WeChat sign-in configured and no payment
 * provider yet is a real one, so the demo provider (which "pays" at once) is off there: `cash/createOrder` with channel
 * demo answers 4000 on the field channel and nothing is stored or credited, and `shop/get` tells the cash desk that no
 * channel is offered (it says 商户暂未开通在线支付). PAYMENT_DEMO=true turns demo payment on anyway, and the server
 * says so loudly at start. The config comes from the environment through `configFromEnv`, as `npm start` builds it;
 * the customer is a fresh WeChat user signed in through the WeChat web authorisation (a local fake of WeChat's OAuth).
 */
import { afterAll, beforeAll, describe, expect, test } from '@rstest/core';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildServer } from '../src/app';
import { configFromEnv } from '../src/config';
import type { DatabaseHandle, RawQuery } from '../src/db/database';
import { openTestDatabase } from './support/pglite-image';
import { companies } from '../src/db/schema/companies';
import { expectRefused } from './support/call-kit';
import { startFakeOAuthProvider, type FakeOAuthProvider } from './support/fake-oauth-provider';
import { createPostgresDatabase, testConfig, type DatabaseKind } from './support/test-server';
import { describeEachDatabase } from './support/database-suites';
import { newVerifier, signInCodeIn } from './support/sign-in-handover';

const WECHAT_SIGN_IN = { appId: 'wx5f2c3a9d7e1b4c60', secret: 'wechat-sign-in-secret-for-tests' };
const SHOP = { code: 'SHOP0001', name: '杭州真实商户有限公司' };

interface Deployment {
  app: FastifyInstance;
  database: DatabaseHandle & { raw: RawQuery };
  /** Every log line the server wrote, parsed. */
  logs: { level: number; msg: string }[];
  close(): Promise<void>;
}

/** The server `npm start` would build from this environment (its config from configFromEnv), on a fresh database. */
async function deploy(kind: DatabaseKind, env: Record<string, string>): Promise<Deployment> {
  const fromEnv = configFromEnv(env);
  const postgres = kind === 'postgres' ? await createPostgresDatabase({ migrated: true }) : null;
  const config = await testConfig({
    database: postgres ? { kind: 'postgres', url: postgres.url } : { kind: 'pglite', dataDir: null },
    auth: fromEnv.auth,
    payments: fromEnv.payments,
  });
  const database = await openTestDatabase(config.database);
  const logs: Deployment['logs'] = [];
  const app = await buildServer(config, {
    database,
    logger: true,
    logStream: { write: (line) => void logs.push(JSON.parse(line) as { level: number; msg: string }) },
  });
  await app.ready();
  // A real merchant (a real deployment's database has no demo companies).
  await database.db.insert(companies).values({
    name: SHOP.name,
    qylx: '1',
    xsfNsrsbh: `91330100MA2${kind === 'pglite' ? 'PGL' : 'PGS'}0001X`,
    code: SHOP.code,
    serviceExpiresAt: new Date(Date.now() + 365 * 86_400_000),
  });
  return {
    app,
    database,
    logs,
    close: async () => {
      await app.close();
      await database.close();
      await postgres?.drop();
    },
  };
}

let addressCount = 0;
/** Each sign-in from its own address, so the sign-in rate limit never meets this file's requests. */
const freshAddress = () => `10.20.${Math.floor(++addressCount / 250)}.${(addressCount % 250) + 1}`;

/** A fresh WeChat user signs in through WeChat's web authorisation and the handover: the session token. */
async function wechatSignIn(deployment: Deployment, oauth: FakeOAuthProvider, openid: string): Promise<string> {
  const { verifier, challenge } = newVerifier();
  const query = new URLSearchParams({ authType: 'wechat', returnUrl: `/shop/${SHOP.code}`, challenge });
  const authorize = await deployment.app.inject({ method: 'GET', url: `/api/auth/authorize?${query}`, remoteAddress: freshAddress() });
  expect(authorize.statusCode).toBe(302);
  const state = new URL(authorize.headers.location ?? '').searchParams.get('state') ?? '';
  const code = `code-${openid}`;
  oauth.wechat.codes.set(code, { openid, scope: 'snsapi_userinfo', nickname: '新顾客' });
  const callback = await deployment.app.inject({
    method: 'GET',
    url: `/api/auth/callback/wechat?${new URLSearchParams({ code, state }).toString()}`,
    remoteAddress: freshAddress(),
  });
  if (callback.statusCode !== 303) {
    // Which of the callback's refusals it was (its message), and the provider's failure the server logged, if any.
    const warnings = deployment.logs.filter((line) => line.level >= 40).map((line) => JSON.stringify(line));
    throw new Error(`WeChat sign-in answered ${callback.statusCode} ${callback.body}\n${warnings.join('\n')}`);
  }
  const exchanged = await deployment.app.inject({
    method: 'POST',
    url: '/api/auth/exchange',
    payload: { code: signInCodeIn(callback.headers.location), verifier },
    remoteAddress: freshAddress(),
  });
  const token = (exchanged.json() as { result: { token?: string } | null }).result?.token;
  if (!token) throw new Error(`the exchange answered ${exchanged.statusCode} ${exchanged.body}`);
  return token;
}

async function call(deployment: Deployment, path: string, body: unknown, token: string | null) {
  const response = await deployment.app.inject({
    method: 'POST',
    url: `/api/${path}`,
    payload: body as object,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  return {
    status: response.statusCode,
    body: response.json() as { success: boolean; result: unknown; message: string | null; errorCode: number | null },
  };
}

/** What the shop's money looks like in the database: its orders, its payment postings and its frozen balance. */
async function moneyOf(deployment: Deployment) {
  const [company] = await deployment.database.db.select({ id: companies.id }).from(companies).where(eq(companies.code, SHOP.code));
  const raw = deployment.database.raw;
  const [orders] = await raw(`select count(*) as n from cash_orders where company_id = $1`, [company?.id]);
  const [paid] = await raw(`select count(*) as n from cash_orders where company_id = $1 and state = '已支付'`, [company?.id]);
  const [postings] = await raw(`select count(*) as n from ledger_transactions where company_id = $1 and kind = 'payment'`, [company?.id]);
  const [frozen] = await raw(`select balance from ledger_accounts where company_id = $1 and kind = 'merchant_frozen'`, [company?.id]);
  return { orders: Number(orders?.n), paid: Number(paid?.n), postings: Number(postings?.n), frozenFen: Number(frozen?.balance ?? 0) };
}

const ORDER = { code: SHOP.code, amountFen: 880_000, channel: 'demo' };

describeEachDatabase('a deployment with WeChat sign-in and no payment provider (%s)', (kind) => {
  let oauth: FakeOAuthProvider;
  let env: Record<string, string>;

  beforeAll(async () => {
    oauth = await startFakeOAuthProvider({ wechat: WECHAT_SIGN_IN, alipay: { appId: '2021004100000009', publicKey: 'unused' } });
    env = {
      WECHAT_APP_ID: WECHAT_SIGN_IN.appId,
      WECHAT_APP_SECRET: WECHAT_SIGN_IN.secret,
      WECHAT_TOKEN_URL: `${oauth.url}/sns/oauth2/access_token`,
    };
  });
  afterAll(async () => oauth?.close());

  describe('without PAYMENT_DEMO', () => {
    let deployment: Deployment;
    let customer: string;
    beforeAll(async () => {
      deployment = await deploy(kind, env);
      customer = await wechatSignIn(deployment, oauth, 'oFreshWechatCustomer000001');
    });
    afterAll(async () => deployment?.close());

    test('cash/createOrder with channel demo is refused on the field channel (4000), and nothing is stored or credited', async () => {
      const answer = await call(deployment, 'cash/createOrder', ORDER, customer);
      expectRefused(answer, 400, '商户暂未开通在线支付', 4000);
      expect((answer.body.result as { fields: Record<string, string> }).fields).toEqual({ channel: '商户暂未开通在线支付' });
      // Nor WeChat Pay or Alipay, which are not set up either.
      for (const channel of ['wechat', 'alipay']) {
        const refused = await call(deployment, 'cash/createOrder', { ...ORDER, channel }, customer);
        expectRefused(refused, 400, undefined, 4000);
        expect(Object.keys((refused.body.result as { fields: Record<string, string> }).fields)).toEqual(['channel']);
      }
      expect(await moneyOf(deployment)).toEqual({ orders: 0, paid: 0, postings: 0, frozenFen: 0 });
    });

    test('shop/get tells the cash desk that no channel is offered', async () => {
      const shop = await call(deployment, 'shop/get', { code: SHOP.code }, null);
      expect(shop.body).toMatchObject({
        success: true,
        result: { code: SHOP.code, shopName: SHOP.name, closedReason: null, channels: [] },
      });
    });

    test('no loud demo warning, and the start says no payment channel is set up', () => {
      expect(deployment.logs.filter((line) => line.level >= 40 && /PAYMENT_DEMO/.test(line.msg))).toEqual([]);
      expect(deployment.logs.some((line) => line.msg.includes('未配置支付渠道'))).toBe(true);
    });
  });

  describe('with PAYMENT_DEMO=true', () => {
    let deployment: Deployment;
    let customer: string;
    beforeAll(async () => {
      deployment = await deploy(kind, { ...env, PAYMENT_DEMO: 'true' });
      customer = await wechatSignIn(deployment, oauth, 'oFreshWechatCustomer000002');
    });
    afterAll(async () => deployment?.close());

    test('the server warns loudly at start that anyone can complete orders without paying', () => {
      const warnings = deployment.logs.filter((line) => line.level >= 40 && line.msg.includes('PAYMENT_DEMO=true'));
      expect(warnings).toHaveLength(1);
      expect(warnings[0]?.msg).toContain('切勿在生产环境中使用');
    });

    test('demo payment is offered, and an order is paid at once', async () => {
      const shop = await call(deployment, 'shop/get', { code: SHOP.code }, null);
      expect(shop.body.result).toMatchObject({ channels: ['demo'] });
      const created = await call(deployment, 'cash/createOrder', ORDER, customer);
      expect(created.body).toMatchObject({ success: true, result: { start: { kind: 'demo' } } });
      expect(await moneyOf(deployment)).toEqual({ orders: 1, paid: 1, postings: 1, frozenFen: 880_000 });
    });
  });
});
