/**
 * The notify routes on a bare Fastify (with the server's rule that every route declares its schemas): the body
 * reaches the gateway exactly as sent, for WeChat's JSON and Alipay's form alike, and each provider gets its own answer.
 */
import { afterAll, beforeAll, describe, expect, test } from '@rstest/core';
import Fastify, { type FastifyInstance } from 'fastify';
import { requireRouteSchemas } from '../src/http/route-schemas';
import { PaymentGateways } from '../src/payments/payment-config';
import type { VerifiedPayment } from '../src/payments/payment-gateway';
import { registerPaymentNotifyRoutes } from '../src/payments/notify-routes';
import {
  ALIPAY,
  alipayNotificationParams,
  rsaKeyPair,
  signedAlipayForm,
  WECHAT,
  wechatNotificationBody,
  wechatSignedHeaders,
  wechatTransaction,
  type TestKeyPair,
} from './fixtures/payments/payment-fixtures';

const NOW = new Date('2026-11-23T02:35:00Z');
const NOW_SECONDS = Math.floor(NOW.getTime() / 1000);

let app: FastifyInstance;
let platform: TestKeyPair;
let alipayKeys: TestKeyPair;
const recorded: VerifiedPayment[] = [];
let ledgerDown = false;

beforeAll(async () => {
  const merchant = rsaKeyPair();
  const appKeys = rsaKeyPair();
  platform = rsaKeyPair();
  alipayKeys = rsaKeyPair();
  const gateways = new PaymentGateways(
    {
      wechat: {
        mchId: WECHAT.mchId,
        appId: WECHAT.appId,
        apiV3Key: WECHAT.apiV3Key,
        serialNo: WECHAT.serialNo,
        privateKey: merchant.privateKey,
        platformKeys: [{ serial: WECHAT.platformSerial, publicKey: platform.publicKey }],
      },
      alipay: { appId: ALIPAY.appId, privateKey: appKeys.privateKey, alipayPublicKey: alipayKeys.publicKey },
      demo: false,
      demoForced: false,
    },
    { now: () => NOW },
  );
  app = Fastify();
  requireRouteSchemas(app);
  await registerPaymentNotifyRoutes(app, {
    gateways,
    onNotification: async (payment) => {
      if (ledgerDown) throw new Error('database unavailable');
      recorded.push(payment);
    },
  });
  await app.ready();
});

afterAll(async () => {
  await app.close();
});

describe('POST /api/payments/notify/wechat', () => {
  test('a genuine notification is recorded and answered {"code":"SUCCESS"}', async () => {
    const body = wechatNotificationBody(wechatTransaction());
    const response = await app.inject({
      method: 'POST',
      url: '/api/payments/notify/wechat',
      headers: wechatSignedHeaders(body, { platformKey: platform.privateKey, timestamp: NOW_SECONDS }),
      payload: body,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ code: 'SUCCESS' });
    expect(recorded.at(-1)).toMatchObject({ channel: 'wechat', orderNo: 'YST202611230001', amountFen: 8800 });
  });

  test('the body is verified byte for byte: the same JSON re-spaced is refused with 400 {"code":"FAIL"}', async () => {
    const body = wechatNotificationBody(wechatTransaction());
    const headers = wechatSignedHeaders(body, { platformKey: platform.privateKey, timestamp: NOW_SECONDS });
    const count = recorded.length;
    const response = await app.inject({
      method: 'POST',
      url: '/api/payments/notify/wechat',
      headers,
      payload: JSON.stringify(JSON.parse(body), null, 1),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'FAIL' });
    expect(recorded).toHaveLength(count);
  });

  test('a ledger failure answers 500 so WeChat Pay notifies again', async () => {
    const body = wechatNotificationBody(wechatTransaction());
    ledgerDown = true;
    try {
      const response = await app.inject({
        method: 'POST',
        url: '/api/payments/notify/wechat',
        headers: wechatSignedHeaders(body, { platformKey: platform.privateKey, timestamp: NOW_SECONDS }),
        payload: body,
      });
      expect(response.statusCode).toBe(500);
      expect(response.json()).toMatchObject({ code: 'FAIL' });
    } finally {
      ledgerDown = false;
    }
  });

  test('an empty or oversized body gets the failure form, not a crash', async () => {
    const empty = await app.inject({
      method: 'POST',
      url: '/api/payments/notify/wechat',
      headers: { 'content-type': 'application/json' },
      payload: '',
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ code: 'FAIL' });
    const huge = await app.inject({
      method: 'POST',
      url: '/api/payments/notify/wechat',
      headers: { 'content-type': 'application/json' },
      payload: 'x'.repeat(70 * 1024),
    });
    expect(huge.statusCode).toBe(413);
    expect(huge.json()).toMatchObject({ code: 'FAIL' });
  });
});

describe('POST /api/payments/notify/alipay', () => {
  test('a genuine form notification is recorded and answered success', async () => {
    const { body } = signedAlipayForm(alipayNotificationParams(), alipayKeys.privateKey);
    const response = await app.inject({
      method: 'POST',
      url: '/api/payments/notify/alipay',
      headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' },
      payload: body,
    });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('success');
    expect(recorded.at(-1)).toMatchObject({ channel: 'alipay', notificationKey: 'alipay:2026112322001404070200176495', amountFen: 8800 });
  });

  test('a forged one is answered fail', async () => {
    const { body } = signedAlipayForm(alipayNotificationParams({ total_amount: '0.01' }), rsaKeyPair().privateKey);
    const response = await app.inject({
      method: 'POST',
      url: '/api/payments/notify/alipay',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: body,
    });
    expect(response.statusCode).toBe(400);
    expect(response.body).toBe('fail');
  });
});

test('no route for the demo provider, which has no notifications', async () => {
  const response = await app.inject({
    method: 'POST',
    url: '/api/payments/notify/demo',
    headers: { 'content-type': 'application/json' },
    payload: '{}',
  });
  expect(response.statusCode).toBe(404);
});
