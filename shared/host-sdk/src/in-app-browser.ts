/** Which app's in-app browser the page runs in (docs/product.md, "Screens and the host"): WeChat (and WeCom), or Alipay. */
export interface InAppBrowser {
  wechat: boolean;
  workWechat: boolean;
  alipay: boolean;
}

export function detectInAppBrowser(userAgent: string): InAppBrowser {
  return {
    wechat: /MicroMessenger/i.test(userAgent),
    workWechat: /wxwork/i.test(userAgent),
    alipay: /AlipayClient/i.test(userAgent),
  };
}

export function isInApp(browser: InAppBrowser): boolean {
  return browser.wechat || browser.alipay;
}
