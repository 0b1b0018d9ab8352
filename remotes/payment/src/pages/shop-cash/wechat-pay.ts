/** WeChat Pay inside WeChat (JSAPI): `WeixinJSBridge.invoke('getBrandWCPayRequest', …)`, once the bridge is ready. */
import type { PaymentStart } from '@app/contract/payment';

export type WechatJsapi = Extract<PaymentStart, { kind: 'wechat-jsapi' }>['jsapi'];
export type WechatPayOutcome = 'ok' | 'cancel' | 'fail';

interface WeixinJSBridge {
  invoke(name: 'getBrandWCPayRequest', params: WechatJsapi, callback: (answer: { err_msg?: string }) => void): void;
}

declare global {
  interface Window {
    WeixinJSBridge?: WeixinJSBridge;
  }
}

export function wechatPay(params: WechatJsapi): Promise<WechatPayOutcome> {
  return new Promise((resolve) => {
    const invoke = () =>
      window.WeixinJSBridge?.invoke('getBrandWCPayRequest', params, (answer) => {
        const message = answer.err_msg ?? '';
        resolve(message.endsWith(':ok') ? 'ok' : message.endsWith(':cancel') ? 'cancel' : 'fail');
      });
    if (window.WeixinJSBridge) invoke();
    else document.addEventListener('WeixinJSBridgeReady', invoke, { once: true });
  });
}
