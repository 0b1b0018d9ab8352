/**
 * Alipay 手机网站支付 (alipay.trade.wap.pay): a request signed RSA2 with the app's private key that the phone's
 * browser takes to the gateway (a redirect, or a form), and 异步通知 (trade_status_sync) signed RSA2 by Alipay.
 *
 * Alipay's own SDK (`alipay-sdk`, from alipay-sdk-nodejs-all) signs, encodes and verifies: `pageExecute` builds the
 * signed redirect (parameters sorted and signed over their raw values, then each one URL-encoded), and
 * `checkNotifySignV2` verifies a notification's signature over its decoded parameters with Alipay's public key. What
 * stays here is the product's part: the order's fields, the subject fitted to Alipay's rules, which notifications to
 * believe (one of each parameter, RSA2 only, utf-8, our app and seller, the amount as whole fen) and what they mean.
 *
 * - The subject: Alipay's rules forbid `/`, `=` and `&` in it (不可使用特殊字符，如 /，=，&), so those become their
 *   full-width forms (／ ＝ ＆, which read the same); everything else (spaces, `+ % # ?`, quotes, `<>`, emoji,
 *   Chinese) goes as it is, encoded by the SDK; at most 256 characters, cut between whole characters (`clipText`).
 * - Amounts are yuan text with two decimals; they become fen by string arithmetic (payment-money.ts).
 */
import type { AlipaySdk } from 'alipay-sdk';
import { fenToYuanText, yuanTextToFen } from './payment-money';
import {
  checkCommonRequest,
  clipText,
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
/** subject: at most 256 characters. */
export const ALIPAY_SUBJECT_MAX = 256;

export interface AlipayPayConfig {
  /** The app's APPID (app_id). */
  appId: string;
  /** 应用私钥, PEM (PKCS#8, as payment-config.ts exports it): signs requests. */
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

/** The characters Alipay's subject may not contain, and the full-width forms that take their place. */
const SUBJECT_FORBIDDEN: Record<string, string> = { '/': '／', '=': '＝', '&': '＆' };

/** What is bought, as Alipay's subject may say it: `/ = &` full-width, at most 256 characters, none split. */
export function alipaySubject(description: string): string {
  return clipText(
    description.replace(/[/=&]/g, (character) => SUBJECT_FORBIDDEN[character] ?? character),
    ALIPAY_SUBJECT_MAX,
  );
}

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

/** trade_status → ours. TRADE_FINISHED follows TRADE_SUCCESS (no more refunds possible): both are paid. */
const TRADE_STATUSES: Record<string, PaymentState> = {
  TRADE_SUCCESS: 'paid',
  TRADE_FINISHED: 'paid',
  WAIT_BUYER_PAY: 'pending',
  TRADE_CLOSED: 'closed',
};

export class AlipayPayGateway implements PaymentGateway {
  readonly channel = 'alipay' as const;
  /** The SDK, loaded only where Alipay is configured (it adds a few hundred ms to a start that needs none of it). */
  private readonly sdk: Promise<AlipaySdk>;
  private readonly gateway: string;
  private readonly now: () => Date;

  constructor(
    private readonly config: AlipayPayConfig,
    deps: GatewayDeps = {},
  ) {
    this.gateway = config.gateway ?? ALIPAY_GATEWAY;
    // 普通公钥模式. No call leaves the server: the browser takes the signed request to the gateway.
    this.sdk = import('alipay-sdk').then(
      ({ AlipaySdk }) =>
        new AlipaySdk({
          appId: config.appId,
          privateKey: config.privateKey,
          keyType: 'PKCS8',
          alipayPublicKey: config.alipayPublicKey,
          signType: 'RSA2',
          gateway: this.gateway,
        }),
    );
    // A failure (the keys were checked at start: payment-config.ts) is the payment's that awaits it.
    this.sdk.catch(() => {});
    this.now = deps.now ?? (() => new Date());
  }

  async createPayment(request: CreatePaymentRequest): Promise<PaymentStart> {
    checkCommonRequest(request, 'alipay', ALIPAY_MAX_FEN);
    if (!OUT_TRADE_NO.test(request.orderNo))
      throw new PaymentRequestError('input', `订单号无效（最多 64 位字母、数字或下划线）/ invalid out_trade_no: ${request.orderNo}`);
    for (const [name, address] of [
      ['notify_url', request.notifyUrl],
      ['return_url', request.returnUrl],
    ] as const) {
      const url = URL.canParse(address) ? new URL(address) : null;
      if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:'))
        throw new PaymentRequestError('input', `${name} 必须是 http(s) 地址 / ${name} must be an http(s) address`);
    }
    const sdk = await this.sdk;
    const redirectUrl = sdk.pageExecute('alipay.trade.wap.pay', 'GET', {
      bizContent: {
        out_trade_no: request.orderNo,
        total_amount: fenToYuanText(request.amountFen),
        subject: alipaySubject(request.description),
        product_code: 'QUICK_WAP_WAY',
        // Where a payer who gives up in the cashier goes back to.
        quit_url: request.returnUrl,
      },
      format: 'JSON',
      returnUrl: request.returnUrl,
      notifyUrl: request.notifyUrl,
      // The SDK stamps the request with the process's local time; the gateway reads Beijing time, which a server
      // running in UTC is not. So the time is given, from the gateway's clock (signed like every parameter).
      timestamp: alipayTimestamp(this.now()),
    });
    // The same signed parameters, for a form POST to the gateway.
    const fields = Object.fromEntries(new URL(redirectUrl).searchParams);
    const action = new URL(this.gateway);
    action.searchParams.set('charset', 'utf-8');
    return { kind: 'alipay-wap', redirectUrl, form: { action: action.toString(), method: 'POST', fields } };
  }

  async verifyNotification(notification: PaymentNotification): Promise<VerifiedPayment> {
    const params: Record<string, string> = {};
    for (const [name, value] of new URLSearchParams(rawBodyText(notification.rawBody))) {
      if (Object.hasOwn(params, name)) throw new PaymentNotificationError('format', `参数重复 / repeated parameter ${name}`);
      params[name] = value;
    }
    const { sign, sign_type: signType } = params;
    if (!sign) throw new PaymentNotificationError('format', '通知缺少 sign / notification without sign');
    if (signType !== 'RSA2')
      throw new PaymentNotificationError('unsupported', `签名类型必须是 RSA2 / sign_type must be RSA2, not ${signType ?? 'absent'}`);
    if (params.charset !== undefined && params.charset.toLowerCase() !== 'utf-8') {
      throw new PaymentNotificationError('unsupported', `编码必须是 utf-8 / charset must be utf-8, not ${params.charset}`);
    }
    // The parameters are decoded already (the form above): V2 verifies them as they are, where the SDK's first
    // checkNotifySign would decode them a second time (and throw on a `%` in a subject).
    const sdk = await this.sdk;
    let valid = false;
    try {
      valid = sdk.checkNotifySignV2(params);
    } catch {
      valid = false;
    }
    if (!valid) throw new PaymentNotificationError('signature', '支付宝签名验证失败 / Alipay sign does not verify');

    if (params.app_id !== this.config.appId)
      throw new PaymentNotificationError('merchant', `app_id 不符 / app_id is not ours: ${params.app_id ?? 'absent'}`);
    if (this.config.sellerId && params.seller_id !== this.config.sellerId) {
      throw new PaymentNotificationError('merchant', `seller_id 不符 / seller_id is not ours: ${params.seller_id ?? 'absent'}`);
    }
    if (params.notify_type !== undefined && params.notify_type !== 'trade_status_sync') {
      throw new PaymentNotificationError('unsupported', `不支持的通知类型 / unsupported notify_type ${params.notify_type}`);
    }
    const orderNo = params.out_trade_no;
    const providerTradeNo = params.trade_no;
    const tradeStatus = params.trade_status;
    if (!orderNo || !providerTradeNo || !tradeStatus)
      throw new PaymentNotificationError('format', '通知缺少 out_trade_no、trade_no 或 trade_status / incomplete notification');
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
    return {
      channel: 'alipay',
      notificationKey: `alipay:${providerTradeNo}`,
      orderNo,
      providerTradeNo,
      amountFen,
      paidAt,
      state,
      providerState: tradeStatus,
    };
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
