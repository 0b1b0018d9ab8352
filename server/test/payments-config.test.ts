/** The payment settings from the environment: whole providers or a clear refusal, keys checked at start, demo's switch. */
import { createPrivateKey, generateKeyPairSync } from 'node:crypto';
import { beforeAll, describe, expect, test } from '@rstest/core';
import { configFromEnv } from '../src/config';
import { PaymentConfigError, PaymentGateways, paymentConfigFromEnv } from '../src/payments/payment-config';
import {
  ALIPAY,
  PLATFORM_CERT_PEM,
  PLATFORM_CERT_SERIAL,
  rsaKeyPair,
  WECHAT,
  type TestKeyPair,
} from './fixtures/payments/payment-fixtures';

/** No WeChat or Alipay sign-in configured (what decides demo payment with the payment providers). */
const NO_SIGN_IN = { realSignIn: false };
let merchant: TestKeyPair;
let platform: TestKeyPair;
let app: TestKeyPair;
let alipay: TestKeyPair;

beforeAll(() => {
  merchant = rsaKeyPair();
  platform = rsaKeyPair();
  app = rsaKeyPair();
  alipay = rsaKeyPair();
});

/** A PEM as one line, its breaks written `\n` (how it fits in an environment variable). */
const oneLine = (pem: string) => pem.trim().replace(/\n/g, '\\n');
/** The bare base64 Alipay's key tool shows (no PEM armour). */
const bare = (pem: string) => pem.replace(/-----[A-Z ]+-----/g, '').replace(/\s+/g, '');

function wechatEnv(): Record<string, string> {
  return {
    WECHAT_PAY_MCH_ID: WECHAT.mchId,
    WECHAT_PAY_APP_ID: 'wx8888888888888888',
    WECHAT_PAY_API_V3_KEY: WECHAT.apiV3Key,
    WECHAT_PAY_SERIAL_NO: WECHAT.serialNo,
    WECHAT_PAY_PRIVATE_KEY: oneLine(merchant.privateKey),
    WECHAT_PAY_PLATFORM_PUBLIC_KEY: oneLine(platform.publicKey),
    WECHAT_PAY_PLATFORM_SERIAL: WECHAT.platformSerial,
  };
}

function alipayEnv(): Record<string, string> {
  return { ALIPAY_PAY_APP_ID: ALIPAY.appId, ALIPAY_PAY_PRIVATE_KEY: bare(app.privateKey), ALIPAY_PAY_PUBLIC_KEY: bare(alipay.publicKey) };
}

function refusal(env: Record<string, string>): string {
  try {
    paymentConfigFromEnv(env, NO_SIGN_IN);
  } catch (error) {
    expect(error).toBeInstanceOf(PaymentConfigError);
    return (error as Error).message;
  }
  throw new Error('accepted');
}

describe('payment settings', () => {
  test('nothing configured: demo payment only', () => {
    const config = paymentConfigFromEnv({}, NO_SIGN_IN);
    expect(config).toEqual({ wechat: null, alipay: null, demo: true, demoForced: false });
    expect(new PaymentGateways(config).channels()).toEqual(['demo']);
  });

  test('WeChat Pay with 微信支付公钥, its PEM on one line', () => {
    const config = paymentConfigFromEnv(wechatEnv(), NO_SIGN_IN);
    expect(config.demo).toBe(false);
    expect(config.wechat).toMatchObject({ mchId: WECHAT.mchId, appId: 'wx8888888888888888', serialNo: WECHAT.serialNo });
    expect(config.wechat?.platformKeys.map((key) => key.serial)).toEqual([WECHAT.platformSerial]);
    expect(createPrivateKey(config.wechat?.privateKey ?? '').asymmetricKeyType).toBe('rsa');
    const gateways = new PaymentGateways(config);
    expect(gateways.channels()).toEqual(['wechat']);
    expect(gateways.get('wechat')?.channel).toBe('wechat');
    expect(gateways.get('demo')).toBeNull();
  });

  test('WeChat Pay with a 平台证书: its serial and key come from the certificate; both kinds may be given', () => {
    const { WECHAT_PAY_PLATFORM_PUBLIC_KEY: _key, WECHAT_PAY_PLATFORM_SERIAL: _serial, ...withoutPublicKey } = wechatEnv();
    const withCert = paymentConfigFromEnv({ ...withoutPublicKey, WECHAT_PAY_PLATFORM_CERT: oneLine(PLATFORM_CERT_PEM) }, NO_SIGN_IN);
    expect(withCert.wechat?.platformKeys.map((key) => key.serial)).toEqual([PLATFORM_CERT_SERIAL]);
    const both = paymentConfigFromEnv({ ...wechatEnv(), WECHAT_PAY_PLATFORM_CERT: PLATFORM_CERT_PEM }, NO_SIGN_IN);
    expect(both.wechat?.platformKeys.map((key) => key.serial)).toEqual([PLATFORM_CERT_SERIAL, WECHAT.platformSerial]);
  });

  test('half-configured WeChat Pay is refused, naming what is missing, in Chinese and English', () => {
    const message = refusal({ WECHAT_PAY_MCH_ID: WECHAT.mchId });
    expect(message).toContain('微信支付配置不完整');
    expect(message).toContain('half-configured');
    for (const name of [
      'WECHAT_PAY_APP_ID',
      'WECHAT_PAY_API_V3_KEY',
      'WECHAT_PAY_SERIAL_NO',
      'WECHAT_PAY_PRIVATE_KEY',
      'WECHAT_PAY_PLATFORM_CERT',
    ])
      expect(message).toContain(name);
    expect(message).not.toContain('WECHAT_PAY_MCH_ID');
    const { WECHAT_PAY_PLATFORM_SERIAL: _serial, ...noSerial } = wechatEnv();
    expect(refusal(noSerial)).toContain('WECHAT_PAY_PLATFORM_SERIAL');
    const { WECHAT_PAY_PLATFORM_PUBLIC_KEY: _key, ...noKey } = wechatEnv();
    expect(refusal(noKey)).toContain('WECHAT_PAY_PLATFORM_PUBLIC_KEY');
  });

  test('WeChat Pay values that cannot work are refused at start', () => {
    expect(refusal({ ...wechatEnv(), WECHAT_PAY_API_V3_KEY: 'a'.repeat(31) })).toContain('32');
    expect(refusal({ ...wechatEnv(), WECHAT_PAY_PRIVATE_KEY: 'not a key' })).toContain('WECHAT_PAY_PRIVATE_KEY');
    expect(refusal({ ...wechatEnv(), WECHAT_PAY_APP_ID: '2021004100000001' })).toContain('WECHAT_PAY_APP_ID');
    expect(refusal({ ...wechatEnv(), WECHAT_PAY_PLATFORM_CERT: 'garbage' })).toContain('WECHAT_PAY_PLATFORM_CERT');
    // The merchant's own certificate serial named as WeChat Pay's: a mix-up of the two (the SDK refuses it too).
    expect(refusal({ ...wechatEnv(), WECHAT_PAY_PLATFORM_SERIAL: WECHAT.serialNo.toLowerCase() })).toContain('WECHAT_PAY_SERIAL_NO');
    // The merchant's own public key where WeChat Pay's belongs: nothing would ever verify.
    expect(refusal({ ...wechatEnv(), WECHAT_PAY_PLATFORM_PUBLIC_KEY: merchant.publicKey })).toContain('商户自己的公钥');
    // A 1024-bit key: too small for either provider.
    const smallKey = generateKeyPairSync('rsa', {
      modulusLength: 1024,
      publicKeyEncoding: { type: 'spki', format: 'pem' },
      privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    }).publicKey;
    expect(refusal({ ...wechatEnv(), WECHAT_PAY_PLATFORM_PUBLIC_KEY: smallKey })).toContain('2048');
  });

  test('Alipay with the key tool’s bare base64 keys, and the default gateway', () => {
    const config = paymentConfigFromEnv(alipayEnv(), NO_SIGN_IN);
    expect(config.alipay).toMatchObject({ appId: ALIPAY.appId, gateway: 'https://openapi.alipay.com/gateway.do' });
    expect(config.alipay?.alipayPublicKey).toBe(alipay.publicKey);
    expect(config.demo).toBe(false);
    const sandbox = paymentConfigFromEnv(
      { ...alipayEnv(), ALIPAY_PAY_GATEWAY: 'https://openapi-sandbox.dl.alipaydev.com/gateway.do', ALIPAY_PAY_SELLER_ID: ALIPAY.sellerId },
      NO_SIGN_IN,
    );
    expect(sandbox.alipay).toMatchObject({ gateway: 'https://openapi-sandbox.dl.alipaydev.com/gateway.do', sellerId: ALIPAY.sellerId });
  });

  test('half-configured or miswired Alipay is refused', () => {
    const message = refusal({ ALIPAY_PAY_APP_ID: ALIPAY.appId });
    expect(message).toContain('支付宝支付配置不完整');
    expect(message).toContain('ALIPAY_PAY_PRIVATE_KEY');
    expect(message).toContain('ALIPAY_PAY_PUBLIC_KEY');
    expect(refusal({ ALIPAY_PAY_GATEWAY: 'https://openapi.alipay.com/gateway.do' })).toContain('ALIPAY_PAY_APP_ID');
    // The app's own public key where Alipay's belongs (a common mistake): notifications would never verify.
    expect(refusal({ ...alipayEnv(), ALIPAY_PAY_PUBLIC_KEY: app.publicKey })).toContain('应用公钥');
    expect(refusal({ ...alipayEnv(), ALIPAY_PAY_GATEWAY: 'http://openapi.alipay.com/gateway.do' })).toContain('ALIPAY_PAY_GATEWAY');
    expect(refusal({ ...alipayEnv(), ALIPAY_PAY_SELLER_ID: '1234' })).toContain('ALIPAY_PAY_SELLER_ID');
  });

  test('PAYMENT_DEMO: true keeps demo beside a real provider (to be warned about), false turns it off', () => {
    expect(paymentConfigFromEnv({ ...alipayEnv(), ...wechatEnv(), PAYMENT_DEMO: 'true' }, NO_SIGN_IN)).toMatchObject({
      demo: true,
      demoForced: true,
    });
    expect(
      new PaymentGateways(paymentConfigFromEnv({ ...alipayEnv(), ...wechatEnv(), PAYMENT_DEMO: 'true' }, NO_SIGN_IN)).channels(),
    ).toEqual(['wechat', 'alipay', 'demo']);
    expect(paymentConfigFromEnv({ PAYMENT_DEMO: 'true' }, NO_SIGN_IN)).toMatchObject({ demo: true, demoForced: false });
    expect(paymentConfigFromEnv({ PAYMENT_DEMO: 'false' }, NO_SIGN_IN)).toMatchObject({ demo: false });
    expect(refusal({ PAYMENT_DEMO: 'yes' })).toContain('PAYMENT_DEMO');
  });
});

describe('demo payment follows demo sign-in', () => {
  const WECHAT_SIGN_IN = { WECHAT_APP_ID: 'wx5f2c3a9d7e1b4c60', WECHAT_APP_SECRET: 'wechat-sign-in-secret' };
  const ALIPAY_SIGN_IN = { ALIPAY_APP_ID: '2021004100000009', ALIPAY_APP_SECRET: 'alipay-sign-in-secret' };
  const paymentsOf = (env: Record<string, string>) => {
    const { demo, demoForced } = configFromEnv(env).payments;
    return { demo, demoForced };
  };

  test('nothing real configured: demo sign-in and demo payment, nothing to warn about', () => {
    expect(configFromEnv({}).auth.demo).toBe(true);
    expect(paymentsOf({})).toEqual({ demo: true, demoForced: false });
  });

  test('WeChat or Alipay sign-in and no payment provider: demo payment is off, so no channel is offered', () => {
    expect(paymentsOf(WECHAT_SIGN_IN)).toEqual({ demo: false, demoForced: false });
    expect(paymentsOf(ALIPAY_SIGN_IN)).toEqual({ demo: false, demoForced: false });
    expect(new PaymentGateways(configFromEnv(WECHAT_SIGN_IN).payments).channels()).toEqual([]);
  });

  test('DEMO_SIGN_IN=true beside real sign-in keeps demo sign-in, not demo payment', () => {
    const config = configFromEnv({ ...WECHAT_SIGN_IN, DEMO_SIGN_IN: 'true' });
    expect(config.auth).toMatchObject({ demo: true, demoForced: true });
    expect(paymentsOf({ ...WECHAT_SIGN_IN, DEMO_SIGN_IN: 'true' })).toEqual({ demo: false, demoForced: false });
  });

  test('PAYMENT_DEMO=true turns it on beside real sign-in, to be warned about; false keeps it off everywhere', () => {
    expect(paymentsOf({ ...WECHAT_SIGN_IN, PAYMENT_DEMO: 'true' })).toEqual({ demo: true, demoForced: true });
    expect(paymentsOf({ ...ALIPAY_SIGN_IN, PAYMENT_DEMO: 'true' })).toEqual({ demo: true, demoForced: true });
    expect(paymentsOf({ PAYMENT_DEMO: 'true' })).toEqual({ demo: true, demoForced: false });
    expect(paymentsOf({ PAYMENT_DEMO: 'false' })).toEqual({ demo: false, demoForced: false });
    expect(paymentsOf({ ...WECHAT_SIGN_IN, PAYMENT_DEMO: 'false' })).toEqual({ demo: false, demoForced: false });
  });

  test('a real payment provider alone: demo payment off; with PAYMENT_DEMO=true on and warned about', () => {
    expect(paymentsOf(alipayEnv())).toEqual({ demo: false, demoForced: false });
    expect(paymentsOf({ ...alipayEnv(), PAYMENT_DEMO: 'true' })).toEqual({ demo: true, demoForced: true });
  });

  test('the caller must say whether real sign-in is configured: it decides demo payment', () => {
    expect(paymentConfigFromEnv({}, { realSignIn: true })).toMatchObject({ demo: false, demoForced: false });
    expect(paymentConfigFromEnv({}, { realSignIn: false })).toMatchObject({ demo: true, demoForced: false });
    expect(paymentConfigFromEnv({ PAYMENT_DEMO: 'true' }, { realSignIn: true })).toMatchObject({ demo: true, demoForced: true });
  });
});
