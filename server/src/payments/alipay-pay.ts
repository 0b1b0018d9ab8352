/**
 * Alipay 手机网站支付 (alipay.trade.wap.pay): a request signed RSA2 with the app's private key that the phone's
 * browser takes to the gateway (a redirect, or a form), and 异步通知 (trade_status_sync) signed RSA2 by Alipay.
 *
 * - Request signature (RSA2 = SHA256withRSA, charset utf-8): every non-empty parameter except `sign`, sorted by name,
 *   as `name=value` joined by `&`, values raw (not URL-encoded); `biz_content` is JSON text within it.
 * - Notification signature: every parameter received except `sign` and `sign_type`, URL-decoded, sorted by name,
 *   `name=value&…`, verified with Alipay's public key (支付宝公钥, not the app's).
 * - Amounts are yuan text with two decimals; they become fen by string arithmetic (payment-money.ts).
 */
import { createPrivateKey, createPublicKey, createSign, createVerify, type KeyObject } from 'node:crypto';
import { fenToYuanText, yuanTextToFen } from './payment-money';
import {
  checkCommonRequest,
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
} from './payment-gateway';

export const ALIPAY_GATEWAY = 'https://openapi.alipay.com/gateway.do';
/** total_amount: 0.01 to 100,000,000.00 yuan. */
export const ALIPAY_MAX_FEN = 10_000_000_000;

export interface AlipayPayConfig {
  /** The app's APPID (app_id). */
  appId: string;
  /** 应用私钥, PEM: signs requests. */
  privateKey: string;
  /** 支付宝公钥, PEM: verifies notifications. */
  alipayPublicKey: string;
  /** Default https://openapi.alipay.com/gateway.do (沙箱: https://openapi-sandbox.dl.alipaydev.com/gateway.do). */
  gateway?: string;
  /** The merchant's PID (2088…): when set, a notification's seller_id must be it. */
  sellerId?: string;
}

/** out_trade_no: up to 64 letters, digits and underscores. */
const OUT_TRADE_NO = /^[0-9A-Za-z_]{1,64}$/;

/** The gateway's and the notifications' time: Beijing time as `yyyy-MM-dd HH:mm:ss`. */
export function alipayTimestamp(at: Date): string {
  return new Date(at.getTime() + 8 * 3600_000).toISOString().slice(0, 19).replace('T', ' ');
}

function parseAlipayTime(value: string | undefined): Date | null {
  const match = value ? /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/.exec(value) : null;
  if (!match) return null;
  const at = new Date(`${match[1]}-${match[2]}-${match[3]}T${match[4]}:${match[5]}:${match[6]}+08:00`);
  return Number.isNaN(at.getTime()) ? null : at;
}

/** What Alipay signs in a request: every non-empty parameter except `sign`, sorted by name, `name=value&…`. */
export function alipayRequestSignContent(params: Record<string, string>): string {
  return Object.keys(params)
    .filter((name) => name !== 'sign' && params[name] !== '')
    .sort()
    .map((name) => `${name}=${params[name]}`)
    .join('&');
}

/** What Alipay signed in a notification: every parameter received except `sign` and `sign_type`, sorted by name. */
export function alipayNotificationSignContent(params: Record<string, string>): string {
  return Object.keys(params)
    .filter((name) => name !== 'sign' && name !== 'sign_type')
    .sort()
    .map((name) => `${name}=${params[name]}`)
    .join('&');
}

/** trade_status → ours. TRADE_FINISHED follows TRADE_SUCCESS (no more refunds possible): both are paid. */
const TRADE_STATUSES: Record<string, PaymentState> = {
  TRADE_SUCCESS: 'paid',
  TRADE_FINISHED: 'paid',
  WAIT_BUYER_PAY: 'pending',
  TRADE_CLOSED: 'closed',
};

export class AlipayPayGateway implements PaymentGateway {
  readonly channel = 'alipay' as const;
  private readonly privateKey: KeyObject;
  private readonly alipayPublicKey: KeyObject;
  private readonly gateway: string;
  private readonly now: () => Date;

  constructor(
    private readonly config: AlipayPayConfig,
    deps: GatewayDeps = {},
  ) {
    this.privateKey = createPrivateKey(config.privateKey);
    this.alipayPublicKey = createPublicKey(config.alipayPublicKey);
    this.gateway = config.gateway ?? ALIPAY_GATEWAY;
    this.now = deps.now ?? (() => new Date());
    // No call leaves the server: the browser takes the signed request to the gateway.
  }

  /** The signed public and business parameters of alipay.trade.wap.pay. */
  signedWapParams(request: CreatePaymentRequest): Record<string, string> {
    const bizContent = {
      out_trade_no: request.orderNo,
      total_amount: fenToYuanText(request.amountFen),
      subject: request.description,
      product_code: 'QUICK_WAP_WAY',
      // Where a payer who gives up in the cashier goes back to.
      quit_url: request.returnUrl,
    };
    const params: Record<string, string> = {
      app_id: this.config.appId,
      method: 'alipay.trade.wap.pay',
      format: 'JSON',
      return_url: request.returnUrl,
      charset: 'utf-8',
      sign_type: 'RSA2',
      timestamp: alipayTimestamp(this.now()),
      version: '1.0',
      notify_url: request.notifyUrl,
      biz_content: JSON.stringify(bizContent),
    };
    params.sign = createSign('RSA-SHA256').update(alipayRequestSignContent(params), 'utf8').sign(this.privateKey, 'base64');
    return params;
  }

  async createPayment(request: CreatePaymentRequest): Promise<PaymentStart> {
    checkCommonRequest(request, 'alipay', ALIPAY_MAX_FEN);
    if (!OUT_TRADE_NO.test(request.orderNo)) throw new PaymentRequestError('input', `订单号无效（最多 64 位字母、数字或下划线）/ invalid out_trade_no: ${request.orderNo}`);
    if ([...request.description].length > 256 || /[/=&]/.test(request.description)) {
      throw new PaymentRequestError('input', '订单标题最多 256 个字符，且不能含 / = & / subject over 256 characters or with / = &');
    }
    for (const [name, address] of [['notify_url', request.notifyUrl], ['return_url', request.returnUrl]] as const) {
      const url = URL.canParse(address) ? new URL(address) : null;
      if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:')) throw new PaymentRequestError('input', `${name} 必须是 http(s) 地址 / ${name} must be an http(s) address`);
    }
    const fields = this.signedWapParams(request);
    const redirect = new URL(this.gateway);
    for (const [name, value] of Object.entries(fields)) redirect.searchParams.set(name, value);
    const action = new URL(this.gateway);
    action.searchParams.set('charset', 'utf-8');
    return { kind: 'alipay-wap', redirectUrl: redirect.toString(), form: { action: action.toString(), method: 'POST', fields } };
  }

  async verifyNotification(notification: PaymentNotification): Promise<VerifiedPayment> {
    const params: Record<string, string> = {};
    for (const [name, value] of new URLSearchParams(rawBodyText(notification.rawBody))) {
      if (Object.hasOwn(params, name)) throw new PaymentNotificationError('format', `参数重复 / repeated parameter ${name}`);
      params[name] = value;
    }
    const { sign, sign_type: signType } = params;
    if (!sign) throw new PaymentNotificationError('format', '通知缺少 sign / notification without sign');
    if (signType !== 'RSA2') throw new PaymentNotificationError('unsupported', `签名类型必须是 RSA2 / sign_type must be RSA2, not ${signType ?? 'absent'}`);
    if (params.charset !== undefined && params.charset.toLowerCase() !== 'utf-8') {
      throw new PaymentNotificationError('unsupported', `编码必须是 utf-8 / charset must be utf-8, not ${params.charset}`);
    }
    let valid = false;
    try {
      valid = createVerify('RSA-SHA256').update(alipayNotificationSignContent(params), 'utf8').verify(this.alipayPublicKey, sign, 'base64');
    } catch {
      valid = false;
    }
    if (!valid) throw new PaymentNotificationError('signature', '支付宝签名验证失败 / Alipay sign does not verify');

    if (params.app_id !== this.config.appId) throw new PaymentNotificationError('merchant', `app_id 不符 / app_id is not ours: ${params.app_id ?? 'absent'}`);
    if (this.config.sellerId && params.seller_id !== this.config.sellerId) {
      throw new PaymentNotificationError('merchant', `seller_id 不符 / seller_id is not ours: ${params.seller_id ?? 'absent'}`);
    }
    if (params.notify_type !== undefined && params.notify_type !== 'trade_status_sync') {
      throw new PaymentNotificationError('unsupported', `不支持的通知类型 / unsupported notify_type ${params.notify_type}`);
    }
    const orderNo = params.out_trade_no;
    const providerTradeNo = params.trade_no;
    const tradeStatus = params.trade_status;
    if (!orderNo || !providerTradeNo || !tradeStatus) throw new PaymentNotificationError('format', '通知缺少 out_trade_no、trade_no 或 trade_status / incomplete notification');
    let amountFen: number;
    try {
      amountFen = yuanTextToFen(params.total_amount ?? '');
    } catch (error) {
      throw new PaymentNotificationError('amount', error instanceof RangeError ? error.message : '金额无效 / invalid total_amount');
    }
    const state = TRADE_STATUSES[tradeStatus];
    if (!state) throw new PaymentNotificationError('unsupported', `未知的交易状态 / unknown trade_status ${tradeStatus}`);
    // gmt_payment is when the payer paid; a notification without it falls back to its own notify_time.
    const paidAt = state === 'paid' ? (parseAlipayTime(params.gmt_payment) ?? parseAlipayTime(params.notify_time)) : null;
    if (state === 'paid' && !paidAt) throw new PaymentNotificationError('format', 'gmt_payment 无效 / invalid gmt_payment');
    return { channel: 'alipay', notificationKey: `alipay:${providerTradeNo}`, orderNo, providerTradeNo, amountFen, paidAt, state, providerState: tradeStatus };
  }

  /** Alipay stops notifying when the body is exactly `success`. */
  successAnswer(): NotificationAnswer {
    return { status: 200, contentType: 'text/plain; charset=utf-8', body: 'success' };
  }

  /** Anything but `success` is a failure; Alipay notifies again (over about 25 hours). */
  failureAnswer(_reason: string, status = 500): NotificationAnswer {
    return { status, contentType: 'text/plain; charset=utf-8', body: 'fail' };
  }
}
