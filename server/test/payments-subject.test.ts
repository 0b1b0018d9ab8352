/**
 * What the payer's provider is told is being bought: `cash/createOrder` at sub-codes and shops
 * named with every character class (URL and form syntax, spaces, quotes, markup, emoji, full-width punctuation,
 * Chinese, very long names), with WeChat Pay v3 and Alipay configured as a deployment configures them. WeChat Pay's
 * API is a local stand-in (support/fake-wechat-pay.ts, through the gateway's API base on the loopback) that checks the
 * merchant's signature over the body it received; Alipay's request is the redirect the browser takes, read and checked
 * as Alipay's gateway would (decoded parameters, RSA2 with the app's public key). WeChat gets the name exactly (cut to
 * 127 characters), Alipay as its subject rule allows (`/ = &` full-width, cut to 256), never splitting a character.
 */
import { afterAll, beforeAll, expect, test } from '@rstest/core';
import { eq } from 'drizzle-orm';
import { createSession } from '../src/auth/session-tokens';
import { companies } from '../src/db/schema/companies';
import { users } from '../src/db/schema/users';
import {
  ALIPAY,
  alipayRequestSignContent,
  alipaySubjectOf,
  FAMILY,
  NAMES_OF_EVERY_KIND,
  rsaKeyPair,
  rsaVerifies,
  WECHAT,
  type TestKeyPair,
} from './fixtures/payments/payment-fixtures';
import { startFakeWechatPay, type FakeWechatPay } from './support/fake-wechat-pay';
import { createTestServer, type TestServer } from './support/test-server';
import { describeEachDatabase } from './support/database-suites';

const SEEDED_SHOP = '杭州优税通科技有限公司';

describeEachDatabase('names of every kind reach WeChat Pay and Alipay intact (%s)', (kind) => {
  let server: TestServer;
  let wechatPay: FakeWechatPay;
  let alipayApp: TestKeyPair;
  let payer: string;
  let manager: string;
  let companyId: string;

  beforeAll(async () => {
    const merchant = rsaKeyPair();
    const platform = rsaKeyPair();
    alipayApp = rsaKeyPair();
    const alipay = rsaKeyPair();
    wechatPay = await startFakeWechatPay({ merchantPublicKey: merchant.publicKey, platformPrivateKey: platform.privateKey });
    server = await createTestServer(kind, {
      // The providers notify an https address.
      publicUrl: 'https://pay.example.test',
      payments: {
        wechat: {
          mchId: WECHAT.mchId,
          appId: WECHAT.appId,
          apiV3Key: WECHAT.apiV3Key,
          serialNo: WECHAT.serialNo,
          privateKey: merchant.privateKey,
          platformKeys: [{ serial: WECHAT.platformSerial, publicKey: platform.publicKey }],
          apiBase: wechatPay.url,
        },
        alipay: { appId: ALIPAY.appId, privateKey: alipayApp.privateKey, alipayPublicKey: alipay.publicKey },
        demo: false,
        demoForced: false,
      },
    });
    manager = await server.tokenFor('企业管理员');
    const [company] = await server.database.db.select().from(companies).where(eq(companies.code, 'YST0001'));
    companyId = company!.id;
  });
  afterAll(async () => {
    await server?.close();
    await wechatPay?.close();
  });

  /** A customer signed in with WeChat (JSAPI pays under their openid); one a test, each within the call's rate limit. */
  async function newPayer(): Promise<void> {
    const openid = `oSubjectTestCustomer${String(++payers).padStart(8, '0')}`;
    const [customer] = await server.database.db
      .insert(users)
      .values({ provider: 'wechat', providerSubject: openid, nickname: '顾客' })
      .returning();
    payer = await createSession(server.database.db, customer!.id);
  }
  let payers = 0;

  /** A sub-code of the seeded shop, saved by its manager through the API: its code, and its name as saved (trimmed). */
  async function subCode(name: string): Promise<{ code: string; name: string }> {
    const saved = await server.call<{ code: string; name: string }>(
      'subCode/save',
      { name, goodsId: null, amountFen: null, enabled: true },
      manager,
    );
    expect(saved.body, name).toMatchObject({ success: true });
    return saved.body.result;
  }

  async function renameShop(name: string): Promise<void> {
    await server.database.db.update(companies).set({ name }).where(eq(companies.id, companyId));
  }

  /** Pays `code` with Alipay: the subject the gateway reads from the redirect, once its signature verified. */
  async function alipaySubject(code: string): Promise<string> {
    const created = await server.call<{ start: { kind: string; redirectUrl: string } }>(
      'cash/createOrder',
      { code, amountFen: 1234, channel: 'alipay' },
      payer,
    );
    expect(created.body, `${code}: ${JSON.stringify(created.body)}`).toMatchObject({
      success: true,
      result: { start: { kind: 'alipay-wap' } },
    });
    const params: Record<string, string> = {};
    for (const [name, value] of new URL(created.body.result.start.redirectUrl).searchParams) {
      expect(Object.hasOwn(params, name), `parameter ${name} twice`).toBe(false);
      params[name] = value;
    }
    expect(rsaVerifies(alipayApp.publicKey, alipayRequestSignContent(params), params.sign ?? ''), `signature of ${code}`).toBe(true);
    const biz = JSON.parse(params.biz_content ?? '{}') as { subject: string; total_amount: string };
    expect(biz.total_amount).toBe('12.34');
    return biz.subject;
  }

  /** Pays `code` with WeChat Pay: the description in the body the stand-in received, signed by the merchant. */
  async function wechatDescription(code: string): Promise<string> {
    const before = wechatPay.requests.length;
    const created = await server.call<{ orderNo: string; start: { kind: string } }>(
      'cash/createOrder',
      { code, amountFen: 1234, channel: 'wechat' },
      payer,
    );
    expect(created.body, `${code}: ${JSON.stringify(created.body)}`).toMatchObject({
      success: true,
      result: { start: { kind: 'wechat-jsapi' } },
    });
    const sent = wechatPay.requests.slice(before);
    expect(sent.map((request) => request.signed)).toEqual([true]);
    const description = (JSON.parse(sent[0]?.body ?? '{}') as { description: string }).description;
    expect(wechatPay.orders.get(created.body.result.orderNo)?.description).toBe(description);
    return description;
  }

  test('sub-codes named with every character class', async () => {
    await newPayer();
    await renameShop(SEEDED_SHOP);
    for (const typed of NAMES_OF_EVERY_KIND) {
      const { code, name } = await subCode(typed);
      expect(name.trim(), typed).toBe(typed.trim());
      const description = `${SEEDED_SHOP}-${name}`;
      expect(await wechatDescription(code), name).toBe(description);
      expect(await alipaySubject(code), name).toBe(alipaySubjectOf(description));
    }
    expect(wechatPay.refused).toBe(0);
  });

  test('shops named with every character class', async () => {
    await newPayer();
    try {
      for (const name of NAMES_OF_EVERY_KIND) {
        await renameShop(name);
        expect(await wechatDescription('YST0001'), name).toBe(name);
        expect(await alipaySubject('YST0001'), name).toBe(alipaySubjectOf(name));
      }
    } finally {
      await renameShop(SEEDED_SHOP);
    }
  });

  test('a very long shop name is cut to each provider’s limit, never inside a character', async () => {
    // 99 + 1 + 25 + 5 + 200 code points: WeChat's 127 end inside the family emoji, Alipay's 256 inside the tail.
    const long = `${'杭'.repeat(99)}😀${'州'.repeat(25)}${FAMILY}${'店/'.repeat(100)}`;
    await newPayer();
    try {
      await renameShop(long);
      const { code } = await subCode('前台&收银');
      const description = await wechatDescription(code);
      expect(description).toBe(`${'杭'.repeat(99)}😀${'州'.repeat(25)}`);
      const subject = await alipaySubject(code);
      expect(subject).toBe(alipaySubjectOf(`${'杭'.repeat(99)}😀${'州'.repeat(25)}${FAMILY}${'店/'.repeat(63)}`));
      expect([...subject].length).toBe(256);
      for (const text of [description, subject]) expect(text.isWellFormed()).toBe(true);
    } finally {
      await renameShop(SEEDED_SHOP);
    }
  });
});
