/**
 * Alipay 手机网站支付 without a network: the signed alipay.trade.wap.pay request the browser takes to the gateway, and
 * 异步通知 built in the documented form and signed with an "Alipay" key made for the run.
 */
import { createVerify } from 'node:crypto';
import { beforeAll, describe, expect, test } from '@rstest/core';
import { AlipayPayGateway, type AlipayPayConfig } from '../src/payments/alipay-pay';
import { PaymentNotificationError, PaymentRequestError, type CreatePaymentRequest } from '../src/payments/payment-gateway';
import {
  ALIPAY,
  alipayNotificationParams,
  alipayRequestSignContent,
  alipaySubjectOf,
  FAMILY,
  NAMES_OF_EVERY_KIND,
  rsaKeyPair,
  rsaVerifies,
  signedAlipayForm,
  type TestKeyPair,
} from './fixtures/payments/payment-fixtures';

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
    expect(
      createVerify('RSA-SHA256')
        .update(content, 'utf8')
        .verify(app.publicKey, sign ?? '', 'base64'),
    ).toBe(true);
    expect(
      createVerify('RSA-SHA256')
        .update(content.replace('88.00', '8.80'), 'utf8')
        .verify(app.publicKey, sign ?? '', 'base64'),
    ).toBe(false);

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

/** The redirect's parameters as Alipay's gateway reads them: decoded, each present once. */
function gatewayParams(redirectUrl: string): Record<string, string> {
  const params: Record<string, string> = {};
  for (const [name, value] of new URL(redirectUrl).searchParams) {
    expect(Object.hasOwn(params, name), `parameter ${name} twice in ${redirectUrl}`).toBe(false);
    params[name] = value;
  }
  return params;
}

describe('Alipay subject: names of every kind', () => {
  /** Checked as Alipay's gateway checks a request: RSA2 over the decoded parameters but sign, sorted, with the app's public key. */
  const signedByApp = (params: Record<string, string>) => rsaVerifies(app.publicKey, alipayRequestSignContent(params), params.sign ?? '');

  async function wapParams(description: string): Promise<Record<string, string>> {
    const start = await gateway().createPayment({ ...PAYMENT, description });
    if (start.kind !== 'alipay-wap') throw new Error(start.kind);
    const params = gatewayParams(start.redirectUrl);
    expect(start.form.fields).toEqual(params);
    return params;
  }

  test('each name reaches the gateway as the exact subject (/ = & in their full-width forms), signed over the decoded parameters', async () => {
    for (const name of NAMES_OF_EVERY_KIND) {
      const description = `杭州优税通科技有限公司-${name}`;
      const params = await wapParams(description);
      expect(JSON.parse(params.biz_content ?? '{}'), name).toEqual({
        out_trade_no: 'YST202611230001',
        total_amount: '88.00',
        subject: alipaySubjectOf(description),
        product_code: 'QUICK_WAP_WAY',
        quit_url: 'https://app.example/payment/result',
      });
      expect(params, name).toMatchObject({
        app_id: ALIPAY.appId,
        method: 'alipay.trade.wap.pay',
        charset: 'utf-8',
        sign_type: 'RSA2',
        notify_url: PAYMENT.notifyUrl,
        return_url: PAYMENT.returnUrl,
      });
      expect(signedByApp(params), name).toBe(true);
      // The gateway would refuse the same request with the subject as typed (unmapped).
      const typed = {
        ...params,
        biz_content: (params.biz_content ?? '').replace(JSON.stringify(alipaySubjectOf(description)), JSON.stringify(description)),
      };
      if (typed.biz_content !== params.biz_content) expect(signedByApp(typed), name).toBe(false);
    }
  });

  test('a shop name of every kind, alone, too', async () => {
    for (const name of NAMES_OF_EVERY_KIND) {
      const params = await wapParams(name);
      expect(JSON.parse(params.biz_content ?? '{}').subject, name).toBe(alipaySubjectOf(name));
      expect(signedByApp(params), name).toBe(true);
    }
  });

  test('a subject over 256 characters is cut to 256, never inside an emoji or a surrogate pair', async () => {
    for (const [description, subject] of [
      // 124 + 5 + 126 + 1 = 256 code points: the smiley (a surrogate pair) is the 256th, and fits.
      [`${'杭'.repeat(124)}${FAMILY}${'州'.repeat(126)}😀${'x/y'.repeat(10)}`, `${'杭'.repeat(124)}${FAMILY}${'州'.repeat(126)}😀`],
      // The family emoji would end at 258: it goes whole.
      [`${'杭'.repeat(253)}${FAMILY}尾`, '杭'.repeat(253)],
      // A smiley that would be the 257th character.
      [`A&B${'店'.repeat(253)}😀😀`, `A＆B${'店'.repeat(253)}`],
    ] as const) {
      const params = await wapParams(description);
      const sent = JSON.parse(params.biz_content ?? '{}').subject as string;
      expect(sent).toBe(subject);
      expect([...sent].length).toBeLessThanOrEqual(256);
      expect(sent.isWellFormed()).toBe(true);
      expect(signedByApp(params)).toBe(true);
    }
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
    return {
      headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' },
      rawBody: signedAlipayForm(params, signer).body,
    };
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
    const finished = await gateway().verifyNotification(
      notify(alipayNotificationParams({ trade_status: 'TRADE_FINISHED', notify_time: '2027-02-23 10:34:57' })),
    );
    expect(finished).toMatchObject({ state: 'paid', notificationKey: 'alipay:2026112322001404070200176495', amountFen: 8800 });
  });

  test('percent-encoding and + for spaces decode before verifying, as Alipay signs decoded values', async () => {
    const { body } = signedAlipayForm(alipayNotificationParams({ subject: '优税通 年度服务 & 发票=1 100% %E4 #?' }), alipay.privateKey);
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
    expect(
      await problem(
        gateway().verifyNotification({ headers: {}, rawBody: new URLSearchParams({ ...params, sign_type: 'RSA' }).toString() }),
      ),
    ).toBe('unsupported');
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
    expect(await problem(withSeller.verifyNotification(notify(alipayNotificationParams({ seller_id: '2088000000000001' }))))).toBe(
      'merchant',
    );
  });

  test.each(['88.001', '88.000', '-88.00', '8.8e1', '88,00', '', ' 88.00', '088.00', '90000000000.01'])(
    'total_amount %j, genuinely signed, is refused',
    async (amount) => {
      expect(await problem(gateway().verifyNotification(notify(alipayNotificationParams({ total_amount: amount }))))).toBe('amount');
    },
  );

  test('other trade states are read, not paid', async () => {
    expect(
      await gateway().verifyNotification(notify(alipayNotificationParams({ trade_status: 'TRADE_CLOSED', gmt_payment: '' }))),
    ).toMatchObject({ state: 'closed', paidAt: null });
    expect(await gateway().verifyNotification(notify(alipayNotificationParams({ trade_status: 'WAIT_BUYER_PAY' })))).toMatchObject({
      state: 'pending',
      paidAt: null,
    });
    expect(await problem(gateway().verifyNotification(notify(alipayNotificationParams({ trade_status: 'TRADE_PAID_MAYBE' }))))).toBe(
      'unsupported',
    );
  });

  test('answers: the plain text success, or fail', () => {
    expect(gateway().successAnswer()).toEqual({ status: 200, contentType: 'text/plain; charset=utf-8', body: 'success' });
    expect(gateway().failureAnswer('验签失败', 400)).toMatchObject({ status: 400, body: 'fail' });
  });
});
