/**
 * How this browser pays: with the built-in demo provider wherever the app runs on it (servicesConfig.demo: the
 * server pays demo orders at once, and no real provider is configured), else WeChat Pay inside WeChat and Alipay
 * inside Alipay. Anywhere else there is no way to pay.
 */
import type { PayChannel } from '@app/contract/payment';

export const PAY_LABELS: Record<PayChannel, string> = { demo: '演示支付', wechat: '微信支付', alipay: '支付宝支付' };

export function payChannelOf(demo: boolean, userAgent: string): PayChannel | null {
  if (demo) return 'demo';
  if (/MicroMessenger/i.test(userAgent)) return 'wechat';
  if (/AlipayClient/i.test(userAgent)) return 'alipay';
  return null;
}
