/**
 * Alipay 手机网站支付 without a network: the signed alipay.trade.wap.pay request the browser takes to the gateway, and
 * 异步通知 built in the documented form and signed with an "Alipay" key made for the run.
 */
import { createVerify } from 'node:crypto';
import { beforeAll, describe, expect, test } from '@rstest/core';
import { AlipayPayGateway, alipayRequestSignContent, type AlipayPayConfig } from '../src/payments/alipay-pay';
import { PaymentNotificationError, PaymentRequestError, type CreatePaymentRequest } from '../src/payments/payment-gateway';
import { ALIPAY, alipayNotificationParams, rsaKeyPair, signedAlipayForm, type TestKeyPair } from './fixtures/payments/payment-fixtures';

const NOW = new Date('2026-11-23T02:35:00Z');

let app: TestKeyPair;
let alipay: TestKeyPair;
let config: AlipayPayConfig;

beforeAll(() => {
  app = rsaKeyPair();
  alipay = rsaKeyPair();
  config = { appId: ALIPAY.appId, privateKey: app.privateKey, alipayPublicKey: alipay.publicKey };
});

function gateway(overrides: Partial<AlipayPayConfig> = {}): AlipayPayGateway {
  return new AlipayPayGateway({ ...config, ...overrides }, { now: () => NOW });
}

const PAYMENT: CreatePaymentRequest = {
  orderNo: 'YST202611230001',
  amountFen: 8800,
  description: '优税通 年度服务',
  notifyUrl: 'https://app.example/api/payments/notify/alipay',
  returnUrl: 'https://app.example/payment/result',
  channel: 'alipay',
};

describe('Alipay alipay.trade.wap.pay', () => {
  test('the redirect carries every parameter, signed RSA2 with the app key, total_amount 88.00 for 8800 fen', async () => {
    const start = await gateway().createPayment(PAYMENT);
    expect(start.kind).toBe('alipay-wap');
    if (start.kind !== 'alipay-wap') return;
    const url = new URL(start.redirectUrl);
    expect(`${url.origin}${url.pathname}`).toBe('https://openapi.alipay.com/gateway.do');
    const params = Object.fromEntries(url.searchParams);
    expect(params).toMatchObject({
      app_id: ALIPAY.appId,
      method: 'alipay.trade.wap.pay',
      format: 'JSON',
      charset: 'utf-8',
      sign_type: 'RSA2',
      timestamp: '2026-11-23 10:35:00',
      version: '1.0',
      notify_url: 'https://app.example/api/payments/notify/alipay',
      return_url: 'https://app.example/payment/result',
    });
    expect(JSON.parse(params.biz_content ?? '')).toEqual({
      out_trade_no: 'YST202611230001',
      total_amount: '88.00',
      subject: '优税通 年度服务',
      product_code: 'QUICK_WAP_WAY',
      quit_url: 'https://app.example/payment/result',
    });

    // Verified as Alipay verifies it: sorted non-empty parameters but sign, with the app's public key.
    const { sign, ...unsigned } = params;
    const content = Object.keys(unsigned)
      .sort()
      .map((name) => `${name}=${unsigned[name]}`)
      .join('&');
    expect(content).toBe(alipayRequestSignContent(params));
    expect(createVerify('RSA-SHA256').update(content, 'utf8').verify(app.publicKey, sign ?? '', 'base64')).toBe(true);
    expect(createVerify('RSA-SHA256').update(content.replace('88.00', '8.80'), 'utf8').verify(app.publicKey, sign ?? '', 'base64')).toBe(false);

    expect(start.form.method).toBe('POST');
    expect(start.form.action).toBe('https://openapi.alipay.com/gateway.do?charset=utf-8');
    expect(start.form.fields).toEqual(params);
  });

  test('amounts are yuan text with two decimals, from whole fen', async () => {
    for (const [fen, yuan] of [
      [1, '0.01'],
      [10, '0.10'],
      [100, '1.00'],
      [123456789, '1234567.89'],
      [10_000_000_000, '100000000.00'],
    ] as const) {
      const start = await gateway().createPayment({ ...PAYMENT, amountFen: fen });
      if (start.kind !== 'alipay-wap') throw new Error(start.kind);
      expect(JSON.parse(start.form.fields.biz_content ?? '').total_amount).toBe(yuan);
    }
  });

  test('the configured gateway (sandbox) is used', async () => {
    const start = await gateway({ gateway: 'https://openapi-sandbox.dl.alipaydev.com/gateway.do' }).createPayment(PAYMENT);
    if (start.kind !== 'alipay-wap') throw new Error(start.kind);
    expect(start.redirectUrl.startsWith('https://openapi-sandbox.dl.alipaydev.com/gateway.do?')).toBe(true);
  });

  test.each([
    ['a fraction of a fen', { amountFen: 0.5 }],
    ['nothing to pay', { amountFen: 0 }],
    ['more than Alipay takes', { amountFen: 10_000_000_001 }],
    ['an order number with a dash', { orderNo: 'YST-2026' }],
    ['a subject with &', { description: '发票 & 服务' }],
    ['a notify address that is not http', { notifyUrl: 'javascript:alert(1)' }],
    ['another channel', { channel: 'wechat' as const }],
  ])('refuses %s', async (_name, change) => {
    const error = await gateway()
      .createPayment({ ...PAYMENT, ...change })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(PaymentRequestError);
    expect((error as PaymentRequestError).kind).toBe('input');
  });
});

describe('Alipay 异步通知', () => {
  async function problem(promise: Promise<unknown>): Promise<string> {
    const error = await promise.then(
      () => null,
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(PaymentNotificationError);
    return (error as PaymentNotificationError).problem;
  }

  function notify(params = alipayNotificationParams(), signer = alipay.privateKey) {
    return { headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' }, rawBody: signedAlipayForm(params, signer).body };
  }

  test('a genuine notification verifies with its amount in fen', async () => {
    const payment = await gateway().verifyNotification(notify());
    expect(payment).toEqual({
      channel: 'alipay',
      notificationKey: 'alipay:2026112322001404070200176495',
      orderNo: 'YST202611230001',
      providerTradeNo: '2026112322001404070200176495',
      amountFen: 8800,
      paidAt: new Date('2026-11-23T02:34:56Z'),
      state: 'paid',
      providerState: 'TRADE_SUCCESS',
    });
  });

  test('TRADE_FINISHED after TRADE_SUCCESS is the same payment (same notificationKey)', async () => {
    const finished = await gateway().verifyNotification(notify(alipayNotificationParams({ trade_status: 'TRADE_FINISHED', notify_time: '2027-02-23 10:34:57' })));
    expect(finished).toMatchObject({ state: 'paid', notificationKey: 'alipay:2026112322001404070200176495', amountFen: 8800 });
  });

  test('percent-encoding and + for spaces decode before verifying, as Alipay signs decoded values', async () => {
    const { body } = signedAlipayForm(alipayNotificationParams({ subject: '优税通 年度服务 & 发票=1' }), alipay.privateKey);
    expect(body).toContain('+');
    expect((await gateway().verifyNotification({ headers: {}, rawBody: Buffer.from(body) })).amountFen).toBe(8800);
  });

  test('a tampered amount is refused', async () => {
    const { body } = signedAlipayForm(alipayNotificationParams(), alipay.privateKey);
    const tampered = body.replace('total_amount=88.00', 'total_amount=8800.00');
    expect(tampered).not.toBe(body);
    expect(await problem(gateway().verifyNotification({ headers: {}, rawBody: tampered }))).toBe('signature');
  });

  test('an added parameter is refused', async () => {
    const { body } = signedAlipayForm(alipayNotificationParams(), alipay.privateKey);
    expect(await problem(gateway().verifyNotification({ headers: {}, rawBody: `${body}&refund_fee=0.00` }))).toBe('signature');
  });

  test('a signature by the app key (not Alipay’s) is refused', async () => {
    expect(await problem(gateway().verifyNotification(notify(alipayNotificationParams(), app.privateKey)))).toBe('signature');
  });

  test('a garbled or missing sign is refused', async () => {
    const { params } = signedAlipayForm(alipayNotificationParams(), alipay.privateKey);
    const garbled = new URLSearchParams({ ...params, sign: `x${params.sign}` }).toString();
    expect(await problem(gateway().verifyNotification({ headers: {}, rawBody: garbled }))).toBe('signature');
    const { sign: _sign, ...unsigned } = params;
    expect(await problem(gateway().verifyNotification({ headers: {}, rawBody: new URLSearchParams(unsigned).toString() }))).toBe('format');
  });

  test('sign_type RSA (SHA1) is refused', async () => {
    const { params } = signedAlipayForm(alipayNotificationParams(), alipay.privateKey);
    expect(await problem(gateway().verifyNotification({ headers: {}, rawBody: new URLSearchParams({ ...params, sign_type: 'RSA' }).toString() }))).toBe('unsupported');
  });

  test('a repeated parameter is refused', async () => {
    const { body } = signedAlipayForm(alipayNotificationParams(), alipay.privateKey);
    expect(await problem(gateway().verifyNotification({ headers: {}, rawBody: `${body}&total_amount=88.00` }))).toBe('format');
  });

  test('another app id, genuinely signed, is refused', async () => {
    expect(await problem(gateway().verifyNotification(notify(alipayNotificationParams({ app_id: '2021000000000002' }))))).toBe('merchant');
  });

  test('another seller, when the PID is configured, is refused', async () => {
    const withSeller = gateway({ sellerId: ALIPAY.sellerId });
    expect((await withSeller.verifyNotification(notify())).amountFen).toBe(8800);
    expect(await problem(withSeller.verifyNotification(notify(alipayNotificationParams({ seller_id: '2088000000000001' }))))).toBe('merchant');
  });

  test.each(['88.001', '88.000', '-88.00', '8.8e1', '88,00', '', ' 88.00', '088.00', '90000000000.01'])('total_amount %j, genuinely signed, is refused', async (amount) => {
    expect(await problem(gateway().verifyNotification(notify(alipayNotificationParams({ total_amount: amount }))))).toBe('amount');
  });

  test('other trade states are read, not paid', async () => {
    expect(await gateway().verifyNotification(notify(alipayNotificationParams({ trade_status: 'TRADE_CLOSED', gmt_payment: '' })))).toMatchObject({ state: 'closed', paidAt: null });
    expect(await gateway().verifyNotification(notify(alipayNotificationParams({ trade_status: 'WAIT_BUYER_PAY' })))).toMatchObject({ state: 'pending', paidAt: null });
    expect(await problem(gateway().verifyNotification(notify(alipayNotificationParams({ trade_status: 'TRADE_PAID_MAYBE' }))))).toBe('unsupported');
  });

  test('answers: the plain text success, or fail', () => {
    expect(gateway().successAnswer()).toEqual({ status: 200, contentType: 'text/plain; charset=utf-8', body: 'success' });
    expect(gateway().failureAnswer('验签失败', 400)).toMatchObject({ status: 400, body: 'fail' });
  });
});
