/**
 * WeChat Pay v3 JSAPI without a network: the 下单 request is recorded by an injected fetch and answered signed with a
 * platform key made for the run; notifications are built in the documented format and signed the same way.
 */
import { createVerify } from 'node:crypto';
import { afterEach, beforeAll, beforeEach, describe, expect, rs, test } from '@rstest/core';
import { PaymentNotificationError, PaymentRequestError, type CreatePaymentRequest } from '../src/payments/payment-gateway';
import { WechatPayGateway, type WechatPayConfig } from '../src/payments/wechat-pay';
import {
  FAMILY,
  NAMES_OF_EVERY_KIND,
  rsaKeyPair,
  WECHAT,
  wechatNotificationBody,
  wechatSignedHeaders,
  wechatTransaction,
  type TestKeyPair,
} from './fixtures/payments/payment-fixtures';

const NOW = new Date('2026-11-23T02:35:00Z');
const NOW_SECONDS = Math.floor(NOW.getTime() / 1000);

let merchant: TestKeyPair;
let platform: TestKeyPair;
let stranger: TestKeyPair;
let config: WechatPayConfig;

beforeAll(() => {
  merchant = rsaKeyPair();
  platform = rsaKeyPair();
  stranger = rsaKeyPair();
  config = {
    mchId: WECHAT.mchId,
    appId: WECHAT.appId,
    apiV3Key: WECHAT.apiV3Key,
    serialNo: WECHAT.serialNo,
    privateKey: merchant.privateKey,
    platformKeys: [{ serial: WECHAT.platformSerial, publicKey: platform.publicKey }],
  };
});

function verifies(publicKey: string, message: string, signature: string): boolean {
  return createVerify('RSA-SHA256').update(message, 'utf8').verify(publicKey, signature, 'base64');
}

interface Recorded {
  url: string;
  method: string;
  headers: Headers;
  /** The body as it would go over the wire. */
  body: string;
}

/**
 * A fetch that records the request and answers like the JSAPI 下单 endpoint, signed with `signer`. It reads the
 * request however the gateway's HTTP client hands it over (an address and options, or a Request).
 */
function fakeWechatPay(answer: { status?: number; body: string; signer?: string; timestamp?: number }): {
  fetch: typeof fetch;
  requests: Recorded[];
} {
  const requests: Recorded[] = [];
  const fetchFake = (async (input: string | URL | Request, init?: RequestInit) => {
    const request = new Request(input, init);
    requests.push({ url: request.url, method: request.method, headers: request.headers, body: await request.text() });
    const headers = wechatSignedHeaders(answer.body, {
      platformKey: answer.signer ?? platform.privateKey,
      timestamp: answer.timestamp ?? NOW_SECONDS,
    });
    return new Response(answer.body, { status: answer.status ?? 200, headers: { ...headers, 'request-id': '08F78BB5AF0610D302' } });
  }) as typeof fetch;
  return { fetch: fetchFake, requests };
}

const PAYMENT: CreatePaymentRequest = {
  orderNo: 'YST202611230001',
  amountFen: 8800,
  description: '优税通-年度服务',
  payerOpenId: 'oUpF8uMuAJO_M2pxb1Q9zNjWeS6o',
  notifyUrl: 'https://app.example/api/payments/notify/wechat',
  returnUrl: 'https://app.example/payment/result',
  channel: 'wechat',
};

describe('WeChat Pay JSAPI 下单', () => {
  // The request's timestamp and the answer's five-minute window are read from the clock: the run's is NOW.
  beforeEach(() => {
    rs.useFakeTimers({ toFake: ['Date'] });
    rs.setSystemTime(NOW);
  });
  afterEach(() => {
    rs.useRealTimers();
  });

  test('POSTs the order signed WECHATPAY2-SHA256-RSA2048, and answers JSAPI parameters that verify', async () => {
    const fake = fakeWechatPay({ body: JSON.stringify({ prepay_id: 'wx201410272009395522657a690389285100' }) });
    const gateway = new WechatPayGateway(config, { fetch: fake.fetch, now: () => NOW });
    const start = await gateway.createPayment(PAYMENT);

    expect(fake.requests).toHaveLength(1);
    const [request] = fake.requests;
    expect(request?.url).toBe('https://api.mch.weixin.qq.com/v3/pay/transactions/jsapi');
    expect(request?.method).toBe('POST');
    const headers = request?.headers ?? new Headers();
    expect(headers.get('Content-Type')).toBe('application/json');
    expect(headers.get('Accept')).toBe('application/json');
    expect(headers.get('User-Agent')).toBeTruthy();

    const body = request?.body ?? '';
    expect(JSON.parse(body)).toEqual({
      appid: WECHAT.appId,
      mchid: WECHAT.mchId,
      description: '优税通-年度服务',
      out_trade_no: 'YST202611230001',
      notify_url: 'https://app.example/api/payments/notify/wechat',
      amount: { total: 8800, currency: 'CNY' },
      payer: { openid: 'oUpF8uMuAJO_M2pxb1Q9zNjWeS6o' },
    });

    const authorization = headers.get('Authorization') ?? '';
    expect(authorization.startsWith('WECHATPAY2-SHA256-RSA2048 ')).toBe(true);
    const fields = Object.fromEntries(
      [...authorization.slice('WECHATPAY2-SHA256-RSA2048 '.length).matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]]),
    );
    expect(Object.keys(fields).sort()).toEqual(['mchid', 'nonce_str', 'serial_no', 'signature', 'timestamp']);
    expect(fields.mchid).toBe(WECHAT.mchId);
    expect(fields.serial_no).toBe(WECHAT.serialNo);
    expect(fields.timestamp).toBe(String(NOW_SECONDS));
    expect(fields.nonce_str).toMatch(/^[0-9A-Za-z]{32}$/);
    const signed = `POST\n/v3/pay/transactions/jsapi\n${fields.timestamp}\n${fields.nonce_str}\n${body}\n`;
    expect(verifies(merchant.publicKey, signed, fields.signature ?? '')).toBe(true);
    expect(verifies(stranger.publicKey, signed, fields.signature ?? '')).toBe(false);

    expect(start.kind).toBe('wechat-jsapi');
    if (start.kind !== 'wechat-jsapi') return;
    expect(start.prepayId).toBe('wx201410272009395522657a690389285100');
    const { jsapi } = start;
    expect(jsapi).toMatchObject({
      appId: WECHAT.appId,
      timeStamp: String(NOW_SECONDS),
      package: 'prepay_id=wx201410272009395522657a690389285100',
      signType: 'RSA',
    });
    expect(jsapi.nonceStr).toMatch(/^[0-9A-Za-z]{32}$/);
    expect(verifies(merchant.publicKey, `${jsapi.appId}\n${jsapi.timeStamp}\n${jsapi.nonceStr}\n${jsapi.package}\n`, jsapi.paySign)).toBe(
      true,
    );
  });

  test('an answer not signed by the platform key is not believed', async () => {
    const fake = fakeWechatPay({ body: JSON.stringify({ prepay_id: 'wx-forged' }), signer: stranger.privateKey });
    const gateway = new WechatPayGateway(config, { fetch: fake.fetch, now: () => NOW });
    const error = await gateway.createPayment(PAYMENT).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(PaymentRequestError);
    expect((error as PaymentRequestError).kind).toBe('provider');
  });

  test("WeChat Pay's refusal is reported with its code", async () => {
    const fake = fakeWechatPay({ status: 400, body: JSON.stringify({ code: 'PARAM_ERROR', message: '参数错误' }) });
    const gateway = new WechatPayGateway(config, { fetch: fake.fetch, now: () => NOW });
    await expect(gateway.createPayment(PAYMENT)).rejects.toThrow(/HTTP 400 PARAM_ERROR/);
  });

  test('an unreachable WeChat Pay is a provider failure', async () => {
    const failing = (async () => {
      throw new TypeError('fetch failed');
    }) as typeof fetch;
    const gateway = new WechatPayGateway(config, { fetch: failing, now: () => NOW });
    await expect(gateway.createPayment(PAYMENT)).rejects.toThrow(/无法连接微信支付/);
  });

  test.each([
    ['no openid', { payerOpenId: undefined }],
    ['a fraction of a fen', { amountFen: 88.5 }],
    ['nothing to pay', { amountFen: 0 }],
    ['a negative amount', { amountFen: -100 }],
    ['an order number with a space', { orderNo: 'YST 2026' }],
    ['a short order number', { orderNo: 'A1' }],
    ['a plain-http notify address', { notifyUrl: 'http://app.example/api/payments/notify/wechat' }],
    ['a notify address with a query', { notifyUrl: 'https://app.example/notify?order=1' }],
    ['another channel', { channel: 'alipay' as const }],
  ])('refuses %s before calling WeChat Pay', async (_name, change) => {
    const fake = fakeWechatPay({ body: '{}' });
    const gateway = new WechatPayGateway(config, { fetch: fake.fetch, now: () => NOW });
    const error = await gateway.createPayment({ ...PAYMENT, ...change }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(PaymentRequestError);
    expect((error as PaymentRequestError).kind).toBe('input');
    expect(fake.requests).toHaveLength(0);
  });
});

describe('WeChat Pay description: names of every kind', () => {
  beforeEach(() => {
    rs.useFakeTimers({ toFake: ['Date'] });
    rs.setSystemTime(NOW);
  });
  afterEach(() => {
    rs.useRealTimers();
  });

  /** The description in the JSON body WeChat Pay receives, once the merchant's signature over that body verified. */
  async function sentDescription(description: string): Promise<string> {
    const fake = fakeWechatPay({ body: JSON.stringify({ prepay_id: 'wx201410272009395522657a690389285100' }) });
    const start = await new WechatPayGateway(config, { fetch: fake.fetch, now: () => NOW }).createPayment({ ...PAYMENT, description });
    expect(start.kind).toBe('wechat-jsapi');
    const [request] = fake.requests;
    const authorization = request?.headers.get('Authorization') ?? '';
    const fields = Object.fromEntries([...authorization.matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));
    expect(
      verifies(
        merchant.publicKey,
        `POST\n/v3/pay/transactions/jsapi\n${fields.timestamp}\n${fields.nonce_str}\n${request?.body}\n`,
        fields.signature ?? '',
      ),
    ).toBe(true);
    return (JSON.parse(request?.body ?? '{}') as { description: string }).description;
  }

  test('every name, as a sub-code and as a shop, is the exact description; a long one is cut to 127 characters whole', async () => {
    for (const name of NAMES_OF_EVERY_KIND) {
      expect(await sentDescription(`杭州优税通科技有限公司-${name}`), name).toBe(`杭州优税通科技有限公司-${name}`);
      expect(await sentDescription(name), name).toBe(name);
    }
    // 126 + 1 = 127 code points: the smiley is the last that fits.
    expect(await sentDescription(`${'x'.repeat(126)}😀y&z`)).toBe(`${'x'.repeat(126)}😀`);
    // The family emoji would end at 129: it goes whole, never half of it.
    expect(await sentDescription(`${'杭'.repeat(124)}${FAMILY}店`)).toBe('杭'.repeat(124));
    const long = await sentDescription(`${'店'.repeat(99)}😀${'长'.repeat(100)}`);
    expect(long).toBe(`${'店'.repeat(99)}😀${'长'.repeat(27)}`);
    expect(long.isWellFormed()).toBe(true);
  });
});

describe('WeChat Pay 支付结果通知', () => {
  function gateway(now = NOW): WechatPayGateway {
    return new WechatPayGateway(config, { now: () => now });
  }

  function notification(
    transaction = wechatTransaction(),
    options: { signer?: string; serial?: string; timestamp?: number; apiV3Key?: string } = {},
  ) {
    const rawBody = wechatNotificationBody(transaction, options.apiV3Key);
    const headers = wechatSignedHeaders(rawBody, {
      platformKey: options.signer ?? platform.privateKey,
      serial: options.serial,
      timestamp: options.timestamp ?? NOW_SECONDS - 3,
    });
    return { headers, rawBody };
  }

  async function problem(promise: Promise<unknown>): Promise<string> {
    const error = await promise.then(
      () => null,
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(PaymentNotificationError);
    return (error as PaymentNotificationError).problem;
  }

  test('a genuine notification verifies with its amount in fen', async () => {
    const payment = await gateway().verifyNotification(notification());
    expect(payment).toEqual({
      channel: 'wechat',
      notificationKey: 'wechat:4200002219202611238813549411',
      orderNo: 'YST202611230001',
      providerTradeNo: '4200002219202611238813549411',
      amountFen: 8800,
      paidAt: new Date('2026-11-23T02:34:56Z'),
      state: 'paid',
      providerState: 'SUCCESS',
    });
  });

  test('the raw body as bytes, and headers in any case, verify the same', async () => {
    const { headers, rawBody } = notification();
    const shouting = Object.fromEntries(
      Object.entries(headers).map(([name, value]) => [name.replace(/(^|-)\w/g, (s) => s.toUpperCase()), value]),
    );
    const payment = await gateway().verifyNotification({ headers: shouting, rawBody: Buffer.from(rawBody, 'utf8') });
    expect(payment.amountFen).toBe(8800);
  });

  test('the same payment notified twice carries the same notificationKey', async () => {
    const first = await gateway().verifyNotification(notification());
    const again = await gateway().verifyNotification(notification(wechatTransaction(), { timestamp: NOW_SECONDS - 60 }));
    expect(again.notificationKey).toBe(first.notificationKey);
  });

  test('a tampered body is refused', async () => {
    const { headers, rawBody } = notification();
    const tampered = rawBody.replace('"summary":"支付成功"', '"summary":"支付成功 "');
    expect(tampered).not.toBe(rawBody);
    expect(await problem(gateway().verifyNotification({ headers, rawBody: tampered }))).toBe('signature');
  });

  test('a resource swapped for another one (sealed with our key, not signed) is refused', async () => {
    const { headers } = notification();
    const richer = wechatNotificationBody(wechatTransaction({ amount: { total: 880000, currency: 'CNY' } }));
    expect(await problem(gateway().verifyNotification({ headers, rawBody: richer }))).toBe('signature');
  });

  test('a signature by another key is refused', async () => {
    expect(await problem(gateway().verifyNotification(notification(wechatTransaction(), { signer: stranger.privateKey })))).toBe(
      'signature',
    );
  });

  test("WeChat Pay's signature probe (WECHATPAY/SIGNTEST/) is refused", async () => {
    const { headers, rawBody } = notification();
    const probe = { ...headers, 'wechatpay-signature': `WECHATPAY/SIGNTEST/${headers['wechatpay-signature']}` };
    expect(await problem(gateway().verifyNotification({ headers: probe, rawBody }))).toBe('signature');
  });

  test('an unknown Wechatpay-Serial is refused', async () => {
    expect(
      await problem(
        gateway().verifyNotification(notification(wechatTransaction(), { serial: 'PUB_KEY_ID_0000000000000000000000000000000000' })),
      ),
    ).toBe('serial');
  });

  test('missing signature headers are refused', async () => {
    const { headers, rawBody } = notification();
    const { 'wechatpay-signature': _dropped, ...rest } = headers;
    expect(await problem(gateway().verifyNotification({ headers: rest, rawBody }))).toBe('format');
  });

  test('a replay outside five minutes is refused, either way; inside, it verifies', async () => {
    expect(await problem(gateway().verifyNotification(notification(wechatTransaction(), { timestamp: NOW_SECONDS - 301 })))).toBe('stale');
    expect(await problem(gateway().verifyNotification(notification(wechatTransaction(), { timestamp: NOW_SECONDS + 301 })))).toBe('stale');
    const later = new Date(NOW.getTime() + 3600_000);
    expect(await problem(gateway(later).verifyNotification(notification()))).toBe('stale');
    expect((await gateway().verifyNotification(notification(wechatTransaction(), { timestamp: NOW_SECONDS - 299 }))).state).toBe('paid');
  });

  test('another merchant or another app is refused', async () => {
    expect(await problem(gateway().verifyNotification(notification(wechatTransaction({ mchid: '1230000109' }))))).toBe('merchant');
    expect(await problem(gateway().verifyNotification(notification(wechatTransaction({ appid: 'wx0000000000000000' }))))).toBe('merchant');
  });

  test('an amount that is not whole fen is refused', async () => {
    for (const amount of [
      { total: 88.5, currency: 'CNY' },
      { total: '8800', currency: 'CNY' },
      { total: -1, currency: 'CNY' },
      { total: 8800, currency: 'USD' },
      undefined,
    ]) {
      expect(await problem(gateway().verifyNotification(notification(wechatTransaction({ amount }))))).toBe('amount');
    }
  });

  test('a resource sealed with another APIv3 key does not decrypt', async () => {
    expect(
      await problem(gateway().verifyNotification(notification(wechatTransaction(), { apiV3Key: 'ZZZde1ZJB1kG2e7VfTs3jQzaWizur8Gb' }))),
    ).toBe('decrypt');
  });

  test('a closed trade is read as closed, without a payment time', async () => {
    const payment = await gateway().verifyNotification(notification(wechatTransaction({ trade_state: 'CLOSED', success_time: undefined })));
    expect(payment).toMatchObject({ state: 'closed', paidAt: null, amountFen: 8800 });
  });

  test('answers: 200 {"code":"SUCCESS"}, or a failure status with {"code":"FAIL"}', () => {
    const success = gateway().successAnswer();
    expect(success.status).toBe(200);
    expect(JSON.parse(success.body)).toMatchObject({ code: 'SUCCESS' });
    const failure = gateway().failureAnswer('验签失败', 400);
    expect(failure.status).toBe(400);
    expect(JSON.parse(failure.body)).toEqual({ code: 'FAIL', message: '验签失败' });
    expect(gateway().failureAnswer('处理失败').status).toBe(500);
  });
});
