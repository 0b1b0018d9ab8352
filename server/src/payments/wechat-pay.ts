/**
 * WeChat Pay API v3, JSAPI (公众号/小程序内支付): 下单 `POST /v3/pay/transactions/jsapi` for a prepay_id, the
 * `getBrandWCPayRequest` parameters the page hands to WeixinJSBridge, and 支付结果通知 (TRANSACTION.SUCCESS).
 *
 * The crypto is `wechatpay-axios-plugin`'s (a maintained WeChat Pay v3 SDK built on the axios the project uses):
 * - 下单 goes through its axios client (`Wechatpay`): it signs the request (`Authorization: WECHATPAY2-SHA256-RSA2048
 *   mchid=…,serial_no=…,timestamp=…,nonce_str=…,signature=…` over `METHOD\nURL\nTIMESTAMP\nNONCE\nBODY\n` with the
 *   merchant's API key) and believes an answer only with WeChat Pay's signature (`Wechatpay-*` headers over
 *   `timestamp\nnonce\nbody\n`, with the platform key `Wechatpay-Serial` names, at most five minutes off). Its HTTP
 *   goes through axios's fetch adapter with the injected `fetch` (tests answer it), to `apiBase` (a local stand-in in
 *   tests).
 * - The JSAPI paySign, a notification's signature and its `resource` (AEAD_AES_256_GCM with the APIv3 key) use its
 *   `Rsa`, `Formatter` and `Aes.AesGcm` helpers.
 *
 * Written here, where the library falls short:
 * - Judging a notification: the library has no notification verifier, only the primitives above. Reading the
 *   `Wechatpay-*` headers in any case, the serial looked up case-insensitively, the signature type, the five-minute
 *   window on the gateway's injected clock (the library's own check reads the process clock), and a sealed resource
 *   shorter than its 16-byte tag refused before decrypting (the library's AES-GCM takes tags as short as 4 bytes).
 * - What the transaction must say to be believed: our mchid and appid, the trade state, whole fen in CNY.
 */
import { createPrivateKey, createPublicKey, type KeyObject } from 'node:crypto';
import type { Wechatpay } from 'wechatpay-axios-plugin';
import { MAX_PAYMENT_FEN } from './payment-money';
import {
  checkCommonRequest,
  clipText,
  headerValue,
  PaymentNotificationError,
  PaymentRequestError,
  rawBodyText,
  type CreatePaymentRequest,
  type GatewayDeps,
  type NotificationAnswer,
  type PaymentGateway,
  type PaymentNotification,
  type PaymentStart,
  type PaymentState,
  type VerifiedPayment,
  type WechatJsapiParams,
} from './payment-gateway';

export const WECHAT_PAY_API_BASE = 'https://api.mch.weixin.qq.com';
export const WECHAT_PAY_JSAPI_PATH = '/v3/pay/transactions/jsapi';
export const WECHAT_PAY_AUTH_SCHEMA = 'WECHATPAY2-SHA256-RSA2048';
/** A signed answer or notification older (or newer) than this is refused. */
export const WECHAT_PAY_MAX_CLOCK_SKEW_SECONDS = 300;
/** description: at most 127 characters. */
export const WECHAT_PAY_DESCRIPTION_MAX = 127;
const REQUEST_TIMEOUT_MS = 8000;
/** AES-GCM's tag, at the end of a sealed resource. */
const GCM_TAG_BYTES = 16;

/** A key WeChat Pay signs with, by the serial it names in `Wechatpay-Serial`. */
export interface WechatPayPlatformKey {
  /** 平台证书序列号 (hex) or 微信支付公钥ID (`PUB_KEY_ID_…`). */
  serial: string;
  /** PEM (SPKI) public key. */
  publicKey: string;
}

export interface WechatPayConfig {
  /** 商户号 */
  mchId: string;
  /** The app id (公众号/小程序) the payer's openid belongs to, bound to the merchant. */
  appId: string;
  /** APIv3 密钥: 32 bytes, the AES-256-GCM key of notification resources. */
  apiV3Key: string;
  /** 商户API证书序列号 (serial_no in the Authorization header). */
  serialNo: string;
  /** 商户API证书私钥 (apiclient_key.pem), PEM. */
  privateKey: string;
  /** Every key WeChat Pay may sign with (two during a rotation or a move from 平台证书 to 微信支付公钥). */
  platformKeys: WechatPayPlatformKey[];
  /** Default https://api.mch.weixin.qq.com. */
  apiBase?: string;
}

/** `out_trade_no`: 6–32 characters of digits, letters, `_ - | *`. */
const OUT_TRADE_NO = /^[0-9A-Za-z_\-|*]{6,32}$/;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function text(record: Record<string, unknown>, name: string): string | null {
  const value = record[name];
  return typeof value === 'string' && value !== '' ? value : null;
}

/** The library: loaded only where WeChat Pay is configured (it adds to a start that needs none of it). */
type WechatpayLibrary = typeof import('wechatpay-axios-plugin');

/** What axios rejects with (the library's client is axios): enough of it to say what went wrong. */
interface HttpFailure {
  code?: string;
  response?: { status: number; data?: unknown };
}

/** A failed 下单 as the product says it: refused by WeChat Pay, not believed, timed out or unreachable. */
function requestFailure(error: unknown): PaymentRequestError {
  const failure: HttpFailure = isRecord(error) ? (error as HttpFailure) : {};
  // The library's answer check (EV3_RES_HEADER_…): unsigned, badly signed, an unknown serial, too old.
  if (failure.code?.startsWith('EV3_'))
    return new PaymentRequestError('provider', `微信支付应答未通过验签 / WeChat Pay answer not verified: ${failure.code}`);
  if (failure.response) {
    const data = failure.response.data;
    const detail = isRecord(data) ? `${text(data, 'code') ?? ''} ${text(data, 'message') ?? ''}`.trim() : '';
    return new PaymentRequestError(
      'provider',
      `微信支付下单失败 / WeChat Pay refused: HTTP ${failure.response.status}${detail ? ` ${detail}` : ''}`,
    );
  }
  if (failure.code === 'ECONNABORTED' || failure.code === 'ETIMEDOUT')
    return new PaymentRequestError('provider', '微信支付请求超时 / WeChat Pay timed out');
  return new PaymentRequestError('provider', '无法连接微信支付 / WeChat Pay unreachable');
}

/** trade_state → ours. SUCCESS is the only one that pays; the others appear in queries, rarely in notifications. */
const TRADE_STATES: Record<string, PaymentState> = {
  SUCCESS: 'paid',
  NOTPAY: 'pending',
  USERPAYING: 'pending',
  CLOSED: 'closed',
  REVOKED: 'closed',
  REFUND: 'refunded',
  PAYERROR: 'failed',
};

export class WechatPayGateway implements PaymentGateway {
  readonly channel = 'wechat' as const;
  private readonly privateKey: KeyObject;
  private readonly platformKeys: Map<string, KeyObject>;
  /** The library's helpers and its client for this merchant. */
  private readonly library: Promise<{ lib: WechatpayLibrary; wxpay: Wechatpay }>;
  private readonly now: () => Date;

  constructor(
    private readonly config: WechatPayConfig,
    deps: GatewayDeps = {},
  ) {
    if (Buffer.byteLength(config.apiV3Key, 'utf8') !== 32) throw new Error('WeChat Pay APIv3 key must be 32 bytes');
    this.privateKey = createPrivateKey(config.privateKey);
    const platformKeys = config.platformKeys.map((key) => ({ serial: key.serial, publicKey: createPublicKey(key.publicKey) }));
    this.platformKeys = new Map(platformKeys.map((key) => [key.serial.toUpperCase(), key.publicKey]));
    if (this.platformKeys.size === 0) throw new Error('WeChat Pay needs at least one platform key');
    const fetchImplementation = deps.fetch ?? globalThis.fetch;
    this.library = import('wechatpay-axios-plugin').then((lib) => ({
      lib,
      wxpay: new lib.Wechatpay({
        mchid: config.mchId,
        serial: config.serialNo,
        privateKey: config.privateKey,
        certs: Object.fromEntries(platformKeys.map((key) => [key.serial, key.publicKey])),
        baseURL: `${(config.apiBase ?? WECHAT_PAY_API_BASE).replace(/\/+$/, '')}/`,
        headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
        timeout: REQUEST_TIMEOUT_MS,
        adapter: 'fetch',
        env: { fetch: fetchImplementation },
        // A 下单 answer is WeChat Pay's own, never a redirect's.
        fetchOptions: { redirect: 'error' },
      }),
    }));
    // A failure (the keys were checked at start: payment-config.ts) is the payment's that awaits it.
    this.library.catch(() => {});
    this.now = deps.now ?? (() => new Date());
  }

  /** The getBrandWCPayRequest parameters, paySign over `appId\ntimeStamp\nnonceStr\npackage\n`. */
  private jsapiParams({ Formatter, Rsa }: WechatpayLibrary, prepayId: string): WechatJsapiParams {
    const timeStamp = String(Math.floor(this.now().getTime() / 1000));
    const nonceStr = Formatter.nonce();
    const pkg = `prepay_id=${prepayId}`;
    const paySign = Rsa.sign(Formatter.joinedByLineFeed(this.config.appId, timeStamp, nonceStr, pkg), this.privateKey);
    return { appId: this.config.appId, timeStamp, nonceStr, package: pkg, signType: 'RSA', paySign };
  }

  async createPayment(request: CreatePaymentRequest): Promise<PaymentStart> {
    checkCommonRequest(request, 'wechat', MAX_PAYMENT_FEN);
    if (!OUT_TRADE_NO.test(request.orderNo))
      throw new PaymentRequestError('input', `订单号无效（6–32 位字母、数字或 _-|*）/ invalid out_trade_no: ${request.orderNo}`);
    if (!request.payerOpenId) throw new PaymentRequestError('input', '微信 JSAPI 支付需要付款人的 openid / JSAPI needs the payer openid');
    const notifyUrl = URL.canParse(request.notifyUrl) ? new URL(request.notifyUrl) : null;
    // 通知地址: a public https address without query parameters.
    if (notifyUrl?.protocol !== 'https:' || notifyUrl.search !== '') {
      throw new PaymentRequestError(
        'input',
        `通知地址必须是不带参数的 https 地址 / notify_url must be https without a query: ${request.notifyUrl}`,
      );
    }

    const { lib, wxpay } = await this.library;
    let answer: unknown;
    try {
      // The library's client (its Decorator), as its chain `wxpay.v3.pay.transactions.jsapi.post(…)` calls it.
      const response = await wxpay.client.request(WECHAT_PAY_JSAPI_PATH.slice(1), 'post', {
        appid: this.config.appId,
        mchid: this.config.mchId,
        description: clipText(request.description, WECHAT_PAY_DESCRIPTION_MAX),
        out_trade_no: request.orderNo,
        notify_url: request.notifyUrl,
        amount: { total: request.amountFen, currency: 'CNY' },
        payer: { openid: request.payerOpenId },
      });
      answer = response.data;
    } catch (error) {
      throw requestFailure(error);
    }
    const prepayId = isRecord(answer) ? text(answer, 'prepay_id') : null;
    if (!prepayId) throw new PaymentRequestError('provider', '微信支付应答缺少 prepay_id / answer without prepay_id');
    return { kind: 'wechat-jsapi', prepayId, jsapi: this.jsapiParams(lib, prepayId) };
  }

  /** Checks `Wechatpay-Signature` over `timestamp\nnonce\nbody\n` with the key `Wechatpay-Serial` names, and the time. */
  private verifySignature({ Formatter, Rsa }: WechatpayLibrary, headers: PaymentNotification['headers'], rawBody: string | Buffer): void {
    const signed = {
      timestamp: headerValue(headers, 'Wechatpay-Timestamp'),
      nonce: headerValue(headers, 'Wechatpay-Nonce'),
      signature: headerValue(headers, 'Wechatpay-Signature'),
      serial: headerValue(headers, 'Wechatpay-Serial'),
    };
    if (!signed.timestamp || !signed.nonce || !signed.signature || !signed.serial) {
      throw new PaymentNotificationError('format', '缺少微信支付签名头 / missing Wechatpay-* signature headers');
    }
    const signatureType = headerValue(headers, 'Wechatpay-Signature-Type');
    if (signatureType !== null && signatureType !== WECHAT_PAY_AUTH_SCHEMA) {
      throw new PaymentNotificationError('unsupported', `不支持的签名类型 / unsupported signature type: ${signatureType}`);
    }
    if (!/^\d{1,12}$/.test(signed.timestamp)) throw new PaymentNotificationError('format', '时间戳无效 / invalid Wechatpay-Timestamp');
    const key = this.platformKeys.get(signed.serial.toUpperCase());
    if (!key) throw new PaymentNotificationError('serial', `未知的微信支付平台证书或公钥 / unknown Wechatpay-Serial: ${signed.serial}`);
    let valid = false;
    try {
      valid = Rsa.verify(Formatter.response(signed.timestamp, signed.nonce, rawBodyText(rawBody)), signed.signature, key);
    } catch {
      valid = false;
    }
    if (!valid) throw new PaymentNotificationError('signature', '微信支付签名验证失败 / Wechatpay-Signature does not verify');
    const skew = Math.abs(this.now().getTime() / 1000 - Number(signed.timestamp));
    if (skew > WECHAT_PAY_MAX_CLOCK_SKEW_SECONDS) {
      throw new PaymentNotificationError('stale', `通知时间超出 5 分钟 / Wechatpay-Timestamp ${Math.round(skew)} s away from now`);
    }
  }

  async verifyNotification(notification: PaymentNotification): Promise<VerifiedPayment> {
    const { lib } = await this.library;
    this.verifySignature(lib, notification.headers, notification.rawBody);

    let envelope: unknown;
    try {
      envelope = JSON.parse(rawBodyText(notification.rawBody));
    } catch {
      throw new PaymentNotificationError('format', '通知不是 JSON / notification is not JSON');
    }
    if (!isRecord(envelope) || !isRecord(envelope.resource))
      throw new PaymentNotificationError('format', '通知缺少 resource / notification without resource');
    const eventType = text(envelope, 'event_type') ?? '';
    const resource = envelope.resource;
    if (!eventType.startsWith('TRANSACTION.') || text(resource, 'original_type') !== 'transaction') {
      throw new PaymentNotificationError('unsupported', `不是支付通知 / not a transaction notification: ${eventType}`);
    }
    if (text(resource, 'algorithm') !== 'AEAD_AES_256_GCM')
      throw new PaymentNotificationError('unsupported', '不支持的加密算法 / unsupported resource algorithm');
    const ciphertext = text(resource, 'ciphertext');
    const resourceNonce = text(resource, 'nonce');
    const associatedData = typeof resource.associated_data === 'string' ? resource.associated_data : '';
    if (!ciphertext || !resourceNonce) throw new PaymentNotificationError('format', 'resource 不完整 / incomplete resource');

    // A sealed resource is its data and a 16-byte tag: shorter tags (which the library's AES-GCM would take) are not WeChat Pay's.
    if (Buffer.from(ciphertext, 'base64').length <= GCM_TAG_BYTES)
      throw new PaymentNotificationError('decrypt', 'resource 过短 / resource shorter than its tag');
    let transaction: unknown;
    try {
      transaction = JSON.parse(
        lib.Aes.AesGcm.decrypt(ciphertext, Buffer.from(this.config.apiV3Key, 'utf8'), resourceNonce, associatedData),
      );
    } catch {
      throw new PaymentNotificationError('decrypt', 'resource 解密失败 / resource does not decrypt with the APIv3 key');
    }
    if (!isRecord(transaction)) throw new PaymentNotificationError('format', '交易内容无效 / transaction is not an object');
    if (transaction.mchid !== this.config.mchId)
      throw new PaymentNotificationError('merchant', `商户号不符 / mchid is not ours: ${String(transaction.mchid)}`);
    if (transaction.appid !== this.config.appId)
      throw new PaymentNotificationError('merchant', `appid 不符 / appid is not ours: ${String(transaction.appid)}`);
    const orderNo = text(transaction, 'out_trade_no');
    const providerTradeNo = text(transaction, 'transaction_id');
    const tradeState = text(transaction, 'trade_state');
    if (!orderNo || !providerTradeNo || !tradeState)
      throw new PaymentNotificationError('format', '交易缺少 out_trade_no、transaction_id 或 trade_state / incomplete transaction');
    const amount = isRecord(transaction.amount) ? transaction.amount : null;
    const total = amount?.total;
    if (typeof total !== 'number' || !Number.isSafeInteger(total) || total < 0 || total > MAX_PAYMENT_FEN) {
      throw new PaymentNotificationError('amount', `金额不是整数分 / amount.total is not whole fen: ${String(total)}`);
    }
    if (amount?.currency !== undefined && amount.currency !== 'CNY')
      throw new PaymentNotificationError('amount', `币种不是人民币 / currency ${String(amount.currency)}`);
    const state = TRADE_STATES[tradeState];
    if (!state) throw new PaymentNotificationError('unsupported', `未知的交易状态 / unknown trade_state ${tradeState}`);
    let paidAt: Date | null = null;
    if (state === 'paid') {
      const successTime = text(transaction, 'success_time');
      paidAt = successTime ? new Date(successTime) : null;
      if (!paidAt || Number.isNaN(paidAt.getTime()))
        throw new PaymentNotificationError('format', 'success_time 无效 / invalid success_time');
    }
    return {
      channel: 'wechat',
      notificationKey: `wechat:${providerTradeNo}`,
      orderNo,
      providerTradeNo,
      amountFen: total,
      paidAt,
      state,
      providerState: tradeState,
    };
  }

  /** 接收成功: HTTP 200 (or 204); the JSON `{"code":"SUCCESS"}` keeps older integrations happy. */
  successAnswer(): NotificationAnswer {
    return { status: 200, contentType: 'application/json; charset=utf-8', body: JSON.stringify({ code: 'SUCCESS', message: '成功' }) };
  }

  /** 接收失败: a 4XX/5XX with `{"code":"FAIL","message":…}`; WeChat Pay notifies again later. */
  failureAnswer(reason: string, status = 500): NotificationAnswer {
    return {
      status,
      contentType: 'application/json; charset=utf-8',
      body: JSON.stringify({ code: 'FAIL', message: reason.slice(0, 120) }),
    };
  }
}
