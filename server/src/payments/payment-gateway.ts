/**
 * What the product asks of a payment provider: start a payment (what the phone needs to pay), and judge a payment
 * notification (the provider calling our notify address). WeChat Pay (API v3, JSAPI inside WeChat), Alipay (手机网站支付,
 * alipay.trade.wap.pay) and a demo provider that pays at once implement it. Each gateway serves one channel; calls go
 * out through an injected `fetch`, so tests answer them without a network.
 *
 * Crediting an order exactly once is the ledger's work, not the gateway's: a verified notification carries a stable
 * `notificationKey` (provider + the provider's trade number) that the ledger dedupes on. Providers notify the same
 * payment more than once (retries until they are answered; Alipay again at TRADE_FINISHED), always with that key.
 */

export type PaymentChannel = 'wechat' | 'alipay' | 'demo';

export interface CreatePaymentRequest {
  /** Our order number, the providers' out_trade_no: unique per payment, 6–32 of `0-9 A-Z a-z _ - | *` for WeChat. */
  orderNo: string;
  /** Integer fen, at least 1. */
  amountFen: number;
  /**
   * What is bought, as the payer sees it (WeChat `description`, Alipay `subject`), in full: each gateway fits it to its
   * provider's rules (length, characters) with `clipText`.
   */
  description: string;
  /** WeChat JSAPI: the payer's openid under our app id (`payer.openid`); required there, unused elsewhere. */
  payerOpenId?: string;
  /** Where the provider posts the payment's outcome (must be https for the real providers). */
  notifyUrl: string;
  /** Where the payer's browser comes back to (Alipay `return_url` and `quit_url`); WeChat JSAPI stays on the page. */
  returnUrl: string;
  channel: PaymentChannel;
}

/** `WeixinJSBridge.invoke('getBrandWCPayRequest', …)` parameters, named exactly as WeChat names them. */
export interface WechatJsapiParams {
  appId: string;
  /** Seconds since the epoch, as a string. */
  timeStamp: string;
  nonceStr: string;
  /** `prepay_id=…` */
  package: string;
  signType: 'RSA';
  /** SHA256withRSA with the merchant key over `appId\ntimeStamp\nnonceStr\npackage\n`, base64. */
  paySign: string;
}

/** What the browser needs to pay. */
export type PaymentStart =
  | { kind: 'wechat-jsapi'; prepayId: string; jsapi: WechatJsapiParams }
  | {
      kind: 'alipay-wap';
      /** GET this (a top-level navigation) to pay: the gateway with every signed parameter in the query. */
      redirectUrl: string;
      /** The same request as a form to POST (fields are the signed parameters, unchanged). */
      form: { action: string; method: 'POST'; fields: Record<string, string> };
    }
  | { kind: 'demo'; payment: VerifiedPayment };

export type PaymentState = 'paid' | 'pending' | 'closed' | 'refunded' | 'failed';

/** A notification whose signature, merchant and amount have been checked. */
export interface VerifiedPayment {
  channel: PaymentChannel;
  /** Dedupe key for the ledger: `<channel>:<provider trade number>`, the same for every notification of a payment. */
  notificationKey: string;
  /** Our order number (out_trade_no). */
  orderNo: string;
  /** The provider's trade number (WeChat transaction_id, Alipay trade_no). */
  providerTradeNo: string;
  /** Integer fen: compare it with the order's amount before crediting. */
  amountFen: number;
  /** When it was paid (WeChat success_time, Alipay gmt_payment); null unless paid. */
  paidAt: Date | null;
  state: PaymentState;
  /** The provider's own state word (SUCCESS, TRADE_FINISHED…), for logs. */
  providerState: string;
}

/** A notification exactly as it arrived: the raw body, byte for byte (signatures cover it, not a re-serialisation). */
export interface PaymentNotification {
  /** Request headers (any case; Node gives them lower-cased). */
  headers: Record<string, string | string[] | undefined>;
  rawBody: string | Buffer;
}

/** What to send back to the provider (WeChat v3: JSON `{code}`; Alipay: the text `success`, anything else is failure). */
export interface NotificationAnswer {
  status: number;
  contentType: string;
  body: string;
}

export type NotificationProblem = 'format' | 'signature' | 'serial' | 'stale' | 'merchant' | 'amount' | 'decrypt' | 'unsupported';

/**
 * A notification that must not be believed: answer the provider with `failureAnswer` and credit nothing. `problem`
 * says which check refused it; `reason` is safe to log (it never carries keys or the body).
 */
export class PaymentNotificationError extends Error {
  override name = 'PaymentNotificationError';
  constructor(
    readonly problem: NotificationProblem,
    readonly reason: string,
  ) {
    super(reason);
  }
}

/**
 * A payment could not be started: `input` (our request is wrong: amount, order number, missing openid, other
 * channel) or `provider` (refused, unreachable, answered unsigned or garbled; may be retried). `reason` is safe to log.
 */
export class PaymentRequestError extends Error {
  override name = 'PaymentRequestError';
  constructor(
    readonly kind: 'input' | 'provider',
    readonly reason: string,
  ) {
    super(reason);
  }
}

export interface PaymentGateway {
  readonly channel: PaymentChannel;
  /** Starts a payment; `request.channel` must be this gateway's. */
  createPayment(request: CreatePaymentRequest): Promise<PaymentStart>;
  /** Checks a notification and reads it; throws PaymentNotificationError for anything not to be believed. */
  verifyNotification(notification: PaymentNotification): Promise<VerifiedPayment>;
  /** The answer that tells the provider the notification was taken (it stops retrying). */
  successAnswer(): NotificationAnswer;
  /**
   * The answer that tells the provider it was not (it retries later): `status` 400 for a notification refused by
   * verification, 500 (the default) when ours failed to record a good one.
   */
  failureAnswer(reason: string, status?: number): NotificationAnswer;
}

/** What a gateway needs from outside: `fetch` (tests answer it) and the clock (tests move it). */
export interface GatewayDeps {
  fetch?: typeof fetch;
  now?: () => Date;
}

/** One header's value, whatever case the name arrived in; null when absent or repeated with different values. */
export function headerValue(headers: PaymentNotification['headers'], name: string): string | null {
  const wanted = name.toLowerCase();
  for (const [key, value] of Object.entries(headers)) {
    if (key.toLowerCase() !== wanted || value === undefined) continue;
    if (Array.isArray(value)) return value.length === 1 ? (value[0] ?? null) : null;
    return value;
  }
  return null;
}

export function rawBodyText(rawBody: string | Buffer): string {
  return typeof rawBody === 'string' ? rawBody : rawBody.toString('utf8');
}

const GRAPHEMES = new Intl.Segmenter('zh', { granularity: 'grapheme' });

/**
 * `text` cut to at most `max` characters (code points), as a provider's length limit on what is bought counts them:
 * whole characters as the payer sees them (a surrogate pair, an emoji with its ZWJ sequence or variation selector, a
 * flag) are kept or dropped together, never split. A lone surrogate (not text) becomes U+FFFD first.
 */
export function clipText(text: string, max: number): string {
  const whole = text.toWellFormed();
  if ([...whole].length <= max) return whole;
  let clipped = '';
  let length = 0;
  for (const { segment } of GRAPHEMES.segment(whole)) {
    const size = [...segment].length;
    if (length + size > max) break;
    clipped += segment;
    length += size;
  }
  return clipped;
}

/** Checks the parts of a request every provider needs the same way (amount, channel). */
export function checkCommonRequest(request: CreatePaymentRequest, channel: PaymentChannel, maxFen: number): void {
  if (request.channel !== channel)
    throw new PaymentRequestError('input', `此网关只处理 ${channel} 支付 / this gateway is for ${channel}, not ${request.channel}`);
  if (!Number.isSafeInteger(request.amountFen) || request.amountFen < 1 || request.amountFen > maxFen) {
    throw new PaymentRequestError('input', `支付金额无效 / invalid amount: ${request.amountFen} fen`);
  }
  if (request.description.trim() === '') throw new PaymentRequestError('input', '商品描述不能为空 / description is empty');
}
