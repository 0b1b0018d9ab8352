/** The payment settings from the environment: whole providers or a clear refusal, keys checked at start, demo's switch. */
import { createPrivateKey, generateKeyPairSync } from 'node:crypto';
import { beforeAll, describe, expect, test } from '@rstest/core';
import { PaymentConfigError, PaymentGateways, paymentConfigFromEnv } from '../src/payments/payment-config';
import { ALIPAY, PLATFORM_CERT_PEM, PLATFORM_CERT_SERIAL, rsaKeyPair, WECHAT, type TestKeyPair } from './fixtures/payments/payment-fixtures';

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
    paymentConfigFromEnv(env);
  } catch (error) {
    expect(error).toBeInstanceOf(PaymentConfigError);
    return (error as Error).message;
  }
  throw new Error('accepted');
}

describe('payment settings', () => {
  test('nothing configured: demo payment only', () => {
    const config = paymentConfigFromEnv({});
    expect(config).toEqual({ wechat: null, alipay: null, demo: true, demoForced: false });
    expect(new PaymentGateways(config).channels()).toEqual(['demo']);
  });

  test('WeChat Pay with 微信支付公钥, its PEM on one line', () => {
    const config = paymentConfigFromEnv(wechatEnv());
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
    const withCert = paymentConfigFromEnv({ ...withoutPublicKey, WECHAT_PAY_PLATFORM_CERT: oneLine(PLATFORM_CERT_PEM) });
    expect(withCert.wechat?.platformKeys.map((key) => key.serial)).toEqual([PLATFORM_CERT_SERIAL]);
    const both = paymentConfigFromEnv({ ...wechatEnv(), WECHAT_PAY_PLATFORM_CERT: PLATFORM_CERT_PEM });
    expect(both.wechat?.platformKeys.map((key) => key.serial)).toEqual([PLATFORM_CERT_SERIAL, WECHAT.platformSerial]);
  });

  test('half-configured WeChat Pay is refused, naming what is missing, in Chinese and English', () => {
    const message = refusal({ WECHAT_PAY_MCH_ID: WECHAT.mchId });
    expect(message).toContain('微信支付配置不完整');
    expect(message).toContain('half-configured');
    for (const name of ['WECHAT_PAY_APP_ID', 'WECHAT_PAY_API_V3_KEY', 'WECHAT_PAY_SERIAL_NO', 'WECHAT_PAY_PRIVATE_KEY', 'WECHAT_PAY_PLATFORM_CERT']) expect(message).toContain(name);
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
    // The merchant's own public key where WeChat Pay's belongs: nothing would ever verify.
    expect(refusal({ ...wechatEnv(), WECHAT_PAY_PLATFORM_PUBLIC_KEY: merchant.publicKey })).toContain('商户自己的公钥');
    // A 1024-bit key: too small for either provider.
    const smallKey = generateKeyPairSync('rsa', { modulusLength: 1024, publicKeyEncoding: { type: 'spki', format: 'pem' }, privateKeyEncoding: { type: 'pkcs8', format: 'pem' } }).publicKey;
    expect(refusal({ ...wechatEnv(), WECHAT_PAY_PLATFORM_PUBLIC_KEY: smallKey })).toContain('2048');
  });

  test('Alipay with the key tool’s bare base64 keys, and the default gateway', () => {
    const config = paymentConfigFromEnv(alipayEnv());
    expect(config.alipay).toMatchObject({ appId: ALIPAY.appId, gateway: 'https://openapi.alipay.com/gateway.do' });
    expect(config.alipay?.alipayPublicKey).toBe(alipay.publicKey);
    expect(config.demo).toBe(false);
    const sandbox = paymentConfigFromEnv({ ...alipayEnv(), ALIPAY_PAY_GATEWAY: 'https://openapi-sandbox.dl.alipaydev.com/gateway.do', ALIPAY_PAY_SELLER_ID: ALIPAY.sellerId });
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
    expect(paymentConfigFromEnv({ ...alipayEnv(), ...wechatEnv(), PAYMENT_DEMO: 'true' })).toMatchObject({ demo: true, demoForced: true });
    expect(new PaymentGateways(paymentConfigFromEnv({ ...alipayEnv(), ...wechatEnv(), PAYMENT_DEMO: 'true' })).channels()).toEqual(['wechat', 'alipay', 'demo']);
    expect(paymentConfigFromEnv({ PAYMENT_DEMO: 'true' })).toMatchObject({ demo: true, demoForced: false });
    expect(paymentConfigFromEnv({ PAYMENT_DEMO: 'false' })).toMatchObject({ demo: false });
    expect(refusal({ PAYMENT_DEMO: 'yes' })).toContain('PAYMENT_DEMO');
  });
});

