/**
 * The payment providers' settings, from the environment (the lead wires `paymentConfigFromEnv` into the server's
 * config), and the gateways they make. A provider is configured whole or not at all: some of its variables without
 * the others stop the server with a message naming what is missing, in Chinese and English. Keys are checked here,
 * at start, not at the first payment.
 *
 * | variable | what |
 * |---|---|
 * | WECHAT_PAY_MCH_ID, WECHAT_PAY_APP_ID | 商户号, the 公众号/小程序 appid bound to it |
 * | WECHAT_PAY_API_V3_KEY | APIv3 密钥, 32 bytes |
 * | WECHAT_PAY_SERIAL_NO, WECHAT_PAY_PRIVATE_KEY | 商户API证书序列号 and its private key (PEM; `\n` allowed in one line) |
 * | WECHAT_PAY_PLATFORM_CERT | 微信支付平台证书 (PEM): its serial and public key verify WeChat Pay's signatures |
 * | WECHAT_PAY_PLATFORM_PUBLIC_KEY + WECHAT_PAY_PLATFORM_SERIAL | or/and 微信支付公钥 (PEM) and its id (PUB_KEY_ID_…) |
 * | WECHAT_PAY_API_BASE | default https://api.mch.weixin.qq.com (the backup domain is https://api2.mch.weixin.qq.com); plain http only to a loopback address (a local stand-in in tests) |
 * | ALIPAY_PAY_APP_ID, ALIPAY_PAY_PRIVATE_KEY | the app and its private key (PEM, or the key tool's bare base64) |
 * | ALIPAY_PAY_PUBLIC_KEY | 支付宝公钥 (Alipay's, not the app's), PEM or bare base64 |
 * | ALIPAY_PAY_GATEWAY | default https://openapi.alipay.com/gateway.do |
 * | ALIPAY_PAY_SELLER_ID | optional: the merchant's PID (2088…), then checked in every notification |
 * | PAYMENT_DEMO | `true` keeps demo payment on beside a real sign-in or payment provider (warned loudly at start), `false` turns it off; by default it is on only where neither a real sign-in provider nor a real payment provider is configured |
 *
 * Demo payment follows demo sign-in (`demoPaymentRule`, the one place that decides it): a deployment whose customers
 * sign in with WeChat or Alipay is a real one, and an order the demo provider "pays" credits the merchant with money
 * nobody paid. So the caller says whether a real sign-in provider is configured (`configFromEnv` derives it from the
 * same settings that turn demo sign-in off).
 */
import { createPrivateKey, createPublicKey, X509Certificate, type KeyObject } from 'node:crypto';
import { AlipayPayGateway, ALIPAY_GATEWAY, type AlipayPayConfig } from './alipay-pay';
import { DemoPayGateway } from './demo-pay';
import type { GatewayDeps, PaymentChannel, PaymentGateway } from './payment-gateway';
import { WechatPayGateway, type WechatPayConfig, type WechatPayPlatformKey } from './wechat-pay';

export interface PaymentConfig {
  wechat: WechatPayConfig | null;
  alipay: AlipayPayConfig | null;
  /** The demo provider (pays at once). */
  demo: boolean;
  /** PAYMENT_DEMO=true beside a real sign-in or payment provider: the server warns loudly at start. */
  demoForced: boolean;
}

/** A payment setting that cannot work; the message is Chinese and English and never carries a key. */
export class PaymentConfigError extends Error {
  override name = 'PaymentConfigError';
}

const WECHAT_VARIABLES = [
  'WECHAT_PAY_MCH_ID',
  'WECHAT_PAY_APP_ID',
  'WECHAT_PAY_API_V3_KEY',
  'WECHAT_PAY_SERIAL_NO',
  'WECHAT_PAY_PRIVATE_KEY',
  'WECHAT_PAY_PLATFORM_CERT',
  'WECHAT_PAY_PLATFORM_PUBLIC_KEY',
  'WECHAT_PAY_PLATFORM_SERIAL',
  'WECHAT_PAY_API_BASE',
] as const;
const ALIPAY_VARIABLES = [
  'ALIPAY_PAY_APP_ID',
  'ALIPAY_PAY_PRIVATE_KEY',
  'ALIPAY_PAY_PUBLIC_KEY',
  'ALIPAY_PAY_GATEWAY',
  'ALIPAY_PAY_SELLER_ID',
] as const;

type Env = Record<string, string | undefined>;

function value(env: Env, name: string): string | undefined {
  const raw = env[name]?.trim();
  return raw ? raw : undefined;
}

function halfConfigured(zh: string, en: string, missing: string[]): PaymentConfigError {
  return new PaymentConfigError(
    `${zh}配置不完整，缺少 ${missing.join('、')}；请补全或全部删除 / ${en} is half-configured: missing ${missing.join(', ')} (set them all, or none)`,
  );
}

/** A PEM whose line breaks may be written `\n` in one line, or the bare base64 of a DER (Alipay's key tool). */
function keyText(raw: string): { pem: string } | { der: Buffer } {
  const text = raw.replace(/\\n/g, '\n').trim();
  if (text.includes('-----BEGIN')) return { pem: text };
  return { der: Buffer.from(text.replace(/\s+/g, ''), 'base64') };
}

function checkedRsa(key: KeyObject, name: string): KeyObject {
  if (key.asymmetricKeyType !== 'rsa' || (key.asymmetricKeyDetails?.modulusLength ?? 0) < 2048) {
    throw new PaymentConfigError(`${name} 无效：需要 2048 位及以上的 RSA 密钥 / ${name} is not an RSA key of 2048 bits or more`);
  }
  return key;
}

function privateKeyPem(name: string, raw: string): string {
  const source = keyText(raw);
  let key: KeyObject | null = null;
  const attempts =
    'pem' in source
      ? [() => createPrivateKey(source.pem)]
      : (['pkcs8', 'pkcs1'] as const).map((type) => () => createPrivateKey({ key: source.der, format: 'der', type }));
  for (const attempt of attempts) {
    try {
      key = attempt();
      break;
    } catch {
      // try the next form
    }
  }
  if (!key)
    throw new PaymentConfigError(`${name} 无效：需要 PEM（或 base64）格式的 RSA 私钥 / ${name} is not an RSA private key (PEM or base64)`);
  return checkedRsa(key, name).export({ type: 'pkcs8', format: 'pem' }).toString();
}

function publicKeyPem(name: string, raw: string): string {
  const source = keyText(raw);
  let key: KeyObject;
  try {
    key = 'pem' in source ? createPublicKey(source.pem) : createPublicKey({ key: source.der, format: 'der', type: 'spki' });
  } catch {
    throw new PaymentConfigError(`${name} 无效：需要 PEM（或 base64）格式的 RSA 公钥 / ${name} is not an RSA public key (PEM or base64)`);
  }
  return checkedRsa(key, name).export({ type: 'spki', format: 'pem' }).toString();
}

function publicHalf(privatePem: string): string {
  return createPublicKey(privatePem).export({ type: 'spki', format: 'pem' }).toString();
}

const LOOPBACK_HOSTS = ['127.0.0.1', 'localhost', '[::1]'];

/** WECHAT_PAY_API_BASE: an https origin (no path, no query), or plain http to a loopback address (a local stand-in). */
function wechatApiBase(raw: string): string {
  const url = URL.canParse(raw) ? new URL(raw) : null;
  const secure = url?.protocol === 'https:' || (url?.protocol === 'http:' && LOOPBACK_HOSTS.includes(url.hostname));
  if (!url || !secure || url.pathname !== '/' || url.search !== '' || url.hash !== '' || url.username !== '' || url.password !== '') {
    throw new PaymentConfigError(
      `WECHAT_PAY_API_BASE 无效：需要不带路径和参数的 https 地址（仅本机地址可用 http）/ WECHAT_PAY_API_BASE must be an https origin without a path or query (http only to a loopback address): ${raw}`,
    );
  }
  return url.origin;
}

function wechatFromEnv(env: Env): WechatPayConfig | null {
  const present = WECHAT_VARIABLES.filter((name) => value(env, name) !== undefined);
  if (present.length === 0) return null;
  const missing: string[] = (
    ['WECHAT_PAY_MCH_ID', 'WECHAT_PAY_APP_ID', 'WECHAT_PAY_API_V3_KEY', 'WECHAT_PAY_SERIAL_NO', 'WECHAT_PAY_PRIVATE_KEY'] as const
  ).filter((name) => !value(env, name));
  const cert = value(env, 'WECHAT_PAY_PLATFORM_CERT');
  const platformPublicKey = value(env, 'WECHAT_PAY_PLATFORM_PUBLIC_KEY');
  const platformSerial = value(env, 'WECHAT_PAY_PLATFORM_SERIAL');
  if (!cert && !platformPublicKey) missing.push('WECHAT_PAY_PLATFORM_CERT 或/or WECHAT_PAY_PLATFORM_PUBLIC_KEY');
  if (platformPublicKey && !platformSerial) missing.push('WECHAT_PAY_PLATFORM_SERIAL');
  if (platformSerial && !platformPublicKey) missing.push('WECHAT_PAY_PLATFORM_PUBLIC_KEY');
  if (missing.length) throw halfConfigured('微信支付', 'WeChat Pay', missing);

  const mchId = value(env, 'WECHAT_PAY_MCH_ID') as string;
  const appId = value(env, 'WECHAT_PAY_APP_ID') as string;
  const apiV3Key = value(env, 'WECHAT_PAY_API_V3_KEY') as string;
  const serialNo = value(env, 'WECHAT_PAY_SERIAL_NO') as string;
  if (!/^\d{6,20}$/.test(mchId))
    throw new PaymentConfigError(`WECHAT_PAY_MCH_ID 无效：商户号是数字 / WECHAT_PAY_MCH_ID must be digits: ${mchId}`);
  if (!/^wx[0-9A-Za-z]{16}$/.test(appId))
    throw new PaymentConfigError(`WECHAT_PAY_APP_ID 无效：应为 wx 开头的 18 位 appid / WECHAT_PAY_APP_ID is not a wx… appid: ${appId}`);
  if (Buffer.byteLength(apiV3Key, 'utf8') !== 32)
    throw new PaymentConfigError('WECHAT_PAY_API_V3_KEY 无效：APIv3 密钥必须是 32 字节 / WECHAT_PAY_API_V3_KEY must be 32 bytes');
  if (!/^[0-9A-Fa-f]{8,64}$/.test(serialNo))
    throw new PaymentConfigError(
      `WECHAT_PAY_SERIAL_NO 无效：应为商户API证书的十六进制序列号 / WECHAT_PAY_SERIAL_NO is not a hex serial: ${serialNo}`,
    );
  const privateKey = privateKeyPem('WECHAT_PAY_PRIVATE_KEY', value(env, 'WECHAT_PAY_PRIVATE_KEY') as string);

  const platformKeys: WechatPayPlatformKey[] = [];
  if (cert) {
    let certificate: X509Certificate;
    try {
      certificate = new X509Certificate(cert.replace(/\\n/g, '\n'));
    } catch {
      throw new PaymentConfigError(
        'WECHAT_PAY_PLATFORM_CERT 无效：需要 PEM 格式的平台证书 / WECHAT_PAY_PLATFORM_CERT is not a PEM certificate',
      );
    }
    platformKeys.push({
      serial: certificate.serialNumber.toUpperCase(),
      publicKey: publicKeyPem('WECHAT_PAY_PLATFORM_CERT', certificate.publicKey.export({ type: 'spki', format: 'pem' }).toString()),
    });
  }
  if (platformPublicKey && platformSerial) {
    platformKeys.push({ serial: platformSerial, publicKey: publicKeyPem('WECHAT_PAY_PLATFORM_PUBLIC_KEY', platformPublicKey) });
  }
  if (platformKeys.some((key) => key.serial.toUpperCase() === serialNo.toUpperCase())) {
    throw new PaymentConfigError(
      '微信支付平台证书序列号（或微信支付公钥ID）与商户API证书序列号相同：请核对 WECHAT_PAY_SERIAL_NO / the WeChat Pay platform serial is the merchant’s own certificate serial',
    );
  }
  if (platformKeys.some((key) => key.publicKey === publicHalf(privateKey))) {
    throw new PaymentConfigError(
      '微信支付平台公钥是商户自己的公钥：请填写微信支付平台证书或微信支付公钥 / the WeChat Pay platform key is the merchant’s own public key',
    );
  }
  const apiBase = value(env, 'WECHAT_PAY_API_BASE');
  return { mchId, appId, apiV3Key, serialNo, privateKey, platformKeys, ...(apiBase && { apiBase: wechatApiBase(apiBase) }) };
}

function alipayFromEnv(env: Env): AlipayPayConfig | null {
  const present = ALIPAY_VARIABLES.filter((name) => value(env, name) !== undefined);
  if (present.length === 0) return null;
  const missing = (['ALIPAY_PAY_APP_ID', 'ALIPAY_PAY_PRIVATE_KEY', 'ALIPAY_PAY_PUBLIC_KEY'] as const).filter((name) => !value(env, name));
  if (missing.length) throw halfConfigured('支付宝支付', 'Alipay payment', missing);

  const appId = value(env, 'ALIPAY_PAY_APP_ID') as string;
  if (!/^\d{16}$/.test(appId))
    throw new PaymentConfigError(`ALIPAY_PAY_APP_ID 无效：应为 16 位数字 / ALIPAY_PAY_APP_ID must be 16 digits: ${appId}`);
  const privateKey = privateKeyPem('ALIPAY_PAY_PRIVATE_KEY', value(env, 'ALIPAY_PAY_PRIVATE_KEY') as string);
  const alipayPublicKey = publicKeyPem('ALIPAY_PAY_PUBLIC_KEY', value(env, 'ALIPAY_PAY_PUBLIC_KEY') as string);
  if (alipayPublicKey === publicHalf(privateKey)) {
    throw new PaymentConfigError(
      'ALIPAY_PAY_PUBLIC_KEY 是应用公钥：请填写“支付宝公钥” / ALIPAY_PAY_PUBLIC_KEY is the app’s own public key, not Alipay’s',
    );
  }
  const gateway = value(env, 'ALIPAY_PAY_GATEWAY') ?? ALIPAY_GATEWAY;
  const gatewayUrl = URL.canParse(gateway) ? new URL(gateway) : null;
  if (gatewayUrl?.protocol !== 'https:' || gatewayUrl.search !== '') {
    throw new PaymentConfigError(
      `ALIPAY_PAY_GATEWAY 无效：需要不带参数的 https 地址 / ALIPAY_PAY_GATEWAY must be an https address without a query: ${gateway}`,
    );
  }
  const sellerId = value(env, 'ALIPAY_PAY_SELLER_ID');
  if (sellerId !== undefined && !/^2088\d{12}$/.test(sellerId))
    throw new PaymentConfigError(
      `ALIPAY_PAY_SELLER_ID 无效：应为 2088 开头的 16 位 PID / ALIPAY_PAY_SELLER_ID is not a 2088… PID: ${sellerId}`,
    );
  return { appId, privateKey, alipayPublicKey, gateway, ...(sellerId && { sellerId }) };
}

/** What decides whether the demo provider is on. */
export interface DemoPaymentFacts {
  /** PAYMENT_DEMO as set: `true`, `false`, or absent. */
  setting: boolean | undefined;
  /** WeChat or Alipay sign-in is configured (WECHAT_APP_ID/SECRET, ALIPAY_APP_ID/SECRET). */
  realSignIn: boolean;
  /** WeChat Pay or Alipay payment is configured. */
  realPayment: boolean;
}

/**
 * The rule, in one place: demo payment is on by default only where nothing real is configured (no real sign-in, no
 * real payment provider), as demo sign-in is; PAYMENT_DEMO=true turns it on anyway (`forced`, to be warned about,
 * when something real is configured beside it) and PAYMENT_DEMO=false off.
 */
export function demoPaymentRule(facts: DemoPaymentFacts): { demo: boolean; demoForced: boolean } {
  const real = facts.realSignIn || facts.realPayment;
  const demo = facts.setting ?? !real;
  return { demo, demoForced: facts.setting === true && real };
}

/**
 * The payment settings of the environment. `signIn.realSignIn`: whether a real sign-in provider is configured (the
 * server's config says; it decides demo payment with the payment providers, `demoPaymentRule`).
 */
export function paymentConfigFromEnv(env: Env, signIn: { realSignIn: boolean }): PaymentConfig {
  const wechat = wechatFromEnv(env);
  const alipay = alipayFromEnv(env);
  const demoSetting = value(env, 'PAYMENT_DEMO');
  if (demoSetting !== undefined && demoSetting !== 'true' && demoSetting !== 'false') {
    throw new PaymentConfigError(`PAYMENT_DEMO 无效：应为 true 或 false / PAYMENT_DEMO must be true or false: ${demoSetting}`);
  }
  const rule = demoPaymentRule({
    setting: demoSetting === undefined ? undefined : demoSetting === 'true',
    realSignIn: signIn.realSignIn,
    realPayment: !!wechat || !!alipay,
  });
  return { wechat, alipay, ...rule };
}

/** The configured gateways, one a channel. */
export class PaymentGateways {
  readonly wechat: WechatPayGateway | null;
  readonly alipay: AlipayPayGateway | null;
  readonly demo: DemoPayGateway | null;

  constructor(config: PaymentConfig, deps: GatewayDeps = {}) {
    this.wechat = config.wechat ? new WechatPayGateway(config.wechat, deps) : null;
    this.alipay = config.alipay ? new AlipayPayGateway(config.alipay, deps) : null;
    this.demo = config.demo ? new DemoPayGateway(deps) : null;
  }

  /** The gateway of a channel, or null when that channel is not configured. */
  get(channel: PaymentChannel): PaymentGateway | null {
    return this[channel];
  }

  /** The channels a payer may choose. */
  channels(): PaymentChannel[] {
    return (['wechat', 'alipay', 'demo'] as const).filter((channel) => this[channel] !== null);
  }
}
