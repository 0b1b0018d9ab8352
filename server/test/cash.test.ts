/**
 * The cash desk and paying (cash/*, cash/pay-order.ts): demo orders paid at once, bad amounts refused in Chinese,
 * fixed-amount sub-codes, closed shops, the payer's own orders only, one invoice application per order; WeChat Pay
 * notifications credit once however often (and however concurrently) they arrive, and a tampered or unsigned one
 * credits nothing.
 */
import { afterAll, beforeAll, expect, test } from '@rstest/core';
import { eq, sql } from 'drizzle-orm';
import { cashOrders } from '../src/db/schema/cash';
import { companies, goods, subCodes } from '../src/db/schema/companies';
import { ledgerEntries, ledgerTransactions } from '../src/db/schema/ledger';
import { expectRefused } from './support/call-kit';
import { createTestServer, type TestServer } from './support/test-server';
import { describeEachDatabase } from './support/database-suites';
import {
  rsaKeyPair,
  WECHAT,
  wechatNotificationBody,
  wechatSignedHeaders,
  wechatTransaction,
  type TestKeyPair,
} from './fixtures/payments/payment-fixtures';

const BUYER = { name: '王小明', taxNumber: '', address: '', phone: '', bankName: '', bankAccount: '', naturalPerson: true };

describeEachDatabase('cash desk (%s)', (kind) => {
  let server: TestServer;
  let customer: string;
  let other: string;
  let platform: TestKeyPair;
  let tradingId: string;

  const frozenOf = async (companyId: string) => {
    const rows = await server.database.raw(`select balance from ledger_accounts where company_id = $1 and kind = 'merchant_frozen'`, [
      companyId,
    ]);
    return Number(rows[0]?.balance ?? 0);
  };

  beforeAll(async () => {
    platform = rsaKeyPair();
    const merchant = rsaKeyPair();
    server = await createTestServer(kind, {
      payments: {
        wechat: {
          mchId: WECHAT.mchId,
          appId: WECHAT.appId,
          apiV3Key: WECHAT.apiV3Key,
          serialNo: WECHAT.serialNo,
          privateKey: merchant.privateKey,
          platformKeys: [{ serial: WECHAT.platformSerial, publicKey: platform.publicKey }],
        },
        alipay: null,
        demo: true,
        demoForced: true,
      },
    });
    customer = await server.tokenFor('普通用户');
    other = await server.tokenFor('出租车管理员');
    const [company] = await server.database.db.select().from(companies).where(eq(companies.code, 'YST0001'));
    tradingId = company!.id;
  });
  afterAll(async () => server?.close());

  test('a demo payment is paid at once and credits the merchant’s frozen balance once', async () => {
    const before = await frozenOf(tradingId);
    const created = await server.call<{ orderNo: string; start: { kind: string } }>(
      'cash/createOrder',
      { code: 'YST0001', amountFen: 8800, channel: 'demo' },
      customer,
    );
    expect(created.body).toMatchObject({ success: true, result: { start: { kind: 'demo' } } });
    const order = await server.call<{ state: string; amountFen: number; shopName: string; paidAt: string }>(
      'cash/getOrder',
      { orderNo: created.body.result.orderNo },
      customer,
    );
    expect(order.body.result).toMatchObject({
      state: '已支付',
      amountFen: 8800,
      shopName: '杭州优税通科技有限公司',
      channel: 'demo',
      applicationId: null,
    });
    expect(await frozenOf(tradingId)).toBe(before + 8800);
    // Someone else's order.
    expectRefused(await server.call('cash/getOrder', { orderNo: created.body.result.orderNo }, other), 403, '无权查看他人的订单', 1004);
    expectRefused(await server.call('cash/getOrder', { orderNo: 'P000000000000' }, customer), 404, '订单不存在', 4004);
  });

  test('bad amounts are refused with Chinese messages naming the field, and nothing is stored', async () => {
    const [{ n: before }] = (await server.database.db.select({ n: sql<number>`count(*)::int` }).from(cashOrders)) as [{ n: number }];
    for (const amountFen of [0, -100, 0.1, 12.5, 9_000_000_000_001]) {
      const answer = await server.call('cash/createOrder', { code: 'YST0001', amountFen, channel: 'demo' }, customer);
      expectRefused(answer, 400, '付款金额(amountFen)');
    }
    expectRefused(
      await server.call('cash/createOrder', { code: 'YST0001', amountFen: '88', channel: 'demo' }, customer),
      400,
      '付款金额(amountFen)',
    );
    expectRefused(
      await server.call('cash/createOrder', { code: 'YST0001', amountFen: 5_000_001, channel: 'demo' }, customer),
      400,
      '单笔付款不能超过 ¥50,000.00',
    );
    const [{ n: after }] = (await server.database.db.select({ n: sql<number>`count(*)::int` }).from(cashOrders)) as [{ n: number }];
    expect(after).toBe(before);
  });

  test('a fixed-amount sub-code must be paid exactly; a disabled one and an expired shop are closed (2005)', async () => {
    const db = server.database.db;
    const [item] = await db.select().from(goods).where(eq(goods.companyId, tradingId)).limit(1);
    const [fixed] = await db
      .insert(subCodes)
      .values({ companyId: tradingId, name: '前台', code: 'FIX00001', goodsId: item!.id, amountFen: 1500 })
      .returning();
    const wrong = await server.call('cash/createOrder', { code: 'FIX00001', amountFen: 1600, channel: 'demo' }, customer);
    expectRefused(wrong, 400, '请按固定金额付款');
    expect((wrong.body.result as { fields: Record<string, string> }).fields).toEqual({ amountFen: '请按固定金额付款' });
    const paid = await server.call<{ orderNo: string }>(
      'cash/createOrder',
      { code: 'FIX00001', amountFen: 1500, channel: 'demo' },
      customer,
    );
    expect(paid.body.success).toBe(true);
    const order = await server.call<{ subCodeName: string; goodsName: string }>(
      'cash/getOrder',
      { orderNo: paid.body.result.orderNo },
      customer,
    );
    expect(order.body.result).toMatchObject({ subCodeName: '前台', goodsName: item!.name });
    await db.update(subCodes).set({ enabled: false }).where(eq(subCodes.id, fixed!.id));
    expectRefused(
      await server.call('cash/createOrder', { code: 'FIX00001', amountFen: 1500, channel: 'demo' }, customer),
      409,
      '该收款码已停用',
      2005,
    );
    const [company] = await db.select().from(companies).where(eq(companies.id, tradingId));
    await db
      .update(companies)
      .set({ serviceExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(companies.id, tradingId));
    try {
      expectRefused(
        await server.call('cash/createOrder', { code: 'YST0001', amountFen: 100, channel: 'demo' }, customer),
        409,
        '商户服务已到期，暂不能收款',
        2005,
      );
    } finally {
      await db.update(companies).set({ serviceExpiresAt: company!.serviceExpiresAt }).where(eq(companies.id, tradingId));
    }
    expectRefused(
      await server.call('cash/createOrder', { code: 'NOPE0000', amountFen: 100, channel: 'demo' }, customer),
      404,
      '店铺不存在',
      4004,
    );
    expectRefused(
      await server.call('cash/createOrder', { code: 'YST0001', amountFen: 100, channel: 'alipay' }, customer),
      400,
      '暂不支持支付宝',
    );
  });

  test('cash/applyInvoice: only a paid order, once; it lands in the merchant’s applying list with the paid amount', async () => {
    const created = await server.call<{ orderNo: string }>(
      'cash/createOrder',
      { code: 'YST0001', amountFen: 6600, channel: 'demo' },
      customer,
    );
    const orderNo = created.body.result.orderNo;
    expectRefused(await server.call('cash/applyInvoice', { orderNo, buyer: BUYER }, other), 403, undefined, 1004);
    const applied = await server.call<{ applicationId: string }>(
      'cash/applyInvoice',
      { orderNo, buyer: BUYER, deliverEmail: 'wang@example.cn' },
      customer,
    );
    expect(applied.body.success).toBe(true);
    expectRefused(await server.call('cash/applyInvoice', { orderNo, buyer: BUYER }, customer), 409, '该订单已申请开票', 2005);
    const order = await server.call<{ applicationId: string; applicationStatus: string }>('cash/getOrder', { orderNo }, customer);
    expect(order.body.result).toMatchObject({ applicationId: applied.body.result.applicationId, applicationStatus: '待审核' });
    const list = await server.call<{ list: { id: string; grossFen: number }[] }>(
      'invoiceApplication/list',
      { status: '待审核' },
      await server.tokenFor('企业员工'),
    );
    expect(list.body.result.list).toContainEqual(expect.objectContaining({ id: applied.body.result.applicationId, grossFen: 6600 }));
    // An unpaid order cannot ask.
    const [unpaid] = await server.database.db
      .insert(cashOrders)
      .values({
        orderNo: 'PUNPAID00001',
        companyId: tradingId,
        payerId: await server.userIdOf('普通用户'),
        amountFen: 100,
        channel: 'wechat',
      })
      .returning();
    expectRefused(await server.call('cash/applyInvoice', { orderNo: unpaid!.orderNo, buyer: BUYER }, customer), 409, '订单尚未支付', 2005);
  });

  test('WeChat Pay: the same notification 5 times at once credits once; tampered and unsigned ones credit nothing', async () => {
    const orderNo = 'YST202611230001';
    await server.database.db
      .insert(cashOrders)
      .values({ orderNo, companyId: tradingId, payerId: await server.userIdOf('普通用户'), amountFen: 8800, channel: 'wechat' });
    const before = await frozenOf(tradingId);
    const now = Math.floor(Date.now() / 1000);
    const notify = (body: string, headers: Record<string, string>) =>
      server.app.inject({ method: 'POST', url: '/api/payments/notify/wechat', headers, payload: body });

    // Tampered (re-spaced after signing), unsigned, and signed by the wrong key: refused, nothing credited.
    const genuine = wechatNotificationBody(wechatTransaction({ out_trade_no: orderNo }));
    const headers = wechatSignedHeaders(genuine, { platformKey: platform.privateKey, timestamp: now });
    expect((await notify(JSON.stringify(JSON.parse(genuine), null, 1), headers)).statusCode).toBe(400);
    expect((await notify(genuine, { 'content-type': 'application/json' })).statusCode).toBe(400);
    expect((await notify(genuine, wechatSignedHeaders(genuine, { platformKey: rsaKeyPair().privateKey, timestamp: now }))).statusCode).toBe(
      400,
    );
    // A signed notification of another amount is not believed by the ledger (answered 500: WeChat asks again).
    const cheap = wechatNotificationBody(
      wechatTransaction({
        out_trade_no: orderNo,
        transaction_id: '4200000000000000000000000001',
        amount: { total: 1, payer_total: 1, currency: 'CNY', payer_currency: 'CNY' },
      }),
    );
    expect((await notify(cheap, wechatSignedHeaders(cheap, { platformKey: platform.privateKey, timestamp: now }))).statusCode).toBe(500);
    expect(await frozenOf(tradingId)).toBe(before);

    const answers = await Promise.all(Array.from({ length: 5 }, () => notify(genuine, headers)));
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200, 200]);
    // And replayed later.
    expect((await notify(genuine, headers)).statusCode).toBe(200);
    expect(await frozenOf(tradingId)).toBe(before + 8800);
    const [order] = await server.database.db.select().from(cashOrders).where(eq(cashOrders.orderNo, orderNo));
    expect(order).toMatchObject({ state: '已支付', providerTradeNo: '4200002219202611238813549411' });
    const postings = await server.database.db
      .select()
      .from(ledgerTransactions)
      .where(eq(ledgerTransactions.idempotencyKey, 'wechat:4200002219202611238813549411'));
    expect(postings).toHaveLength(1);
    const entries = await server.database.db.select().from(ledgerEntries).where(eq(ledgerEntries.transactionId, postings[0]!.id));
    expect(entries.reduce((sum, entry) => sum + entry.amount, 0)).toBe(0);
  });
});
