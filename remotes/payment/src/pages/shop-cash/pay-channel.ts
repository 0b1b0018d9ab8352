/**
 * How this browser pays, among the channels the deployment offers (`shop/get` lists them; `cash/createOrder` refuses
 * any other): WeChat Pay inside WeChat and Alipay inside Alipay when offered, else the built-in demo provider where it
 * is on (a demo deployment: it pays at once). Anywhere else there is no way to pay here, and `payWhere` says where
 * there is. No channel offered at all: online payment is not set up (ShopCash.tsx says so instead of a pay button).
 */
import type { PayChannel } from '@app/contract/payment';

/** What a shop whose deployment offers no way to pay shows (cash/createOrder answers the same words). */
export const NO_ONLINE_PAYMENT = '商户暂未开通在线支付';

export const PAY_LABELS: Record<PayChannel, string> = { demo: '演示支付', wechat: '微信支付', alipay: '支付宝支付' };

export function payChannelOf(offered: readonly PayChannel[], userAgent: string): PayChannel | null {
  if (offered.includes('wechat') && /MicroMessenger/i.test(userAgent)) return 'wechat';
  if (offered.includes('alipay') && /AlipayClient/i.test(userAgent)) return 'alipay';
  if (offered.includes('demo')) return 'demo';
  return null;
}

/** Where the offered real channels can be used: 微信, 支付宝 or 微信或支付宝. */
export function payWhere(offered: readonly PayChannel[]): string {
  const apps = [offered.includes('wechat') ? '微信' : null, offered.includes('alipay') ? '支付宝' : null].filter((app) => app !== null);
  return apps.length > 0 ? apps.join('或') : '微信或支付宝';
}
