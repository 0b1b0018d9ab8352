/**
 * 返回 without a page of the app behind it (docs/product.md, "Screens and the host"): WeChat and Alipay close the page
 * through their JS bridges, another browser goes home; with the router's entry behind it, back.
 */
import { afterEach, beforeEach, describe, expect, rs, test } from '@rstest/core';
import { hasAppHistory, leaveApp, pageBack } from '../src/page-back';

const WECHAT = 'Mozilla/5.0 (Linux; Android 14) Mobile MicroMessenger/8.0.50';
const ALIPAY = 'Mozilla/5.0 (Linux; Android 14) Mobile AlipayClient/10.6.0';
const PLAIN = 'Mozilla/5.0 (Linux; Android 14) Mobile Chrome/130';

type Bridges = { WeixinJSBridge?: unknown; AlipayJSBridge?: unknown };
const bridges = window as unknown as Bridges;

let userAgent: string;
beforeEach(() => {
  userAgent = PLAIN;
  rs.spyOn(navigator, 'userAgent', 'get').mockImplementation(() => userAgent);
  window.history.replaceState(null, '', '/shop/YST0001');
});
afterEach(() => {
  delete bridges.WeixinJSBridge;
  delete bridges.AlipayJSBridge;
  rs.restoreAllMocks();
});

function wechatBridge(answer: string) {
  const invoke = rs.fn((_name: string, _params: object, callback: (answer: { err_msg: string }) => void) => callback({ err_msg: answer }));
  bridges.WeixinJSBridge = { invoke };
  return invoke;
}

describe('hasAppHistory', () => {
  test("only an entry the router pushed (its idx above 0) has the app's page behind it", () => {
    expect(hasAppHistory(null)).toBe(false);
    expect(hasAppHistory({ usr: null, key: 'default', idx: 0 })).toBe(false);
    expect(hasAppHistory({ idx: '2' })).toBe(false);
    expect(hasAppHistory({ usr: null, key: 'k1', idx: 1 })).toBe(true);
  });

  test('reads the current history entry by default', () => {
    expect(hasAppHistory()).toBe(false);
    window.history.replaceState({ usr: null, key: 'k3', idx: 3 }, '', '/shop/YST0001');
    expect(hasAppHistory()).toBe(true);
  });
});

describe('leaveApp', () => {
  test("inside WeChat: WeixinJSBridge's closeWindow, not home", () => {
    userAgent = WECHAT;
    const invoke = wechatBridge('closeWindow:ok');
    const goHome = rs.fn();
    leaveApp(goHome);
    expect(invoke).toHaveBeenCalledWith('closeWindow', {}, expect.any(Function));
    expect(goHome).not.toHaveBeenCalled();
  });

  test('inside WeChat, a closeWindow that fails goes home', () => {
    userAgent = WECHAT;
    wechatBridge('closeWindow:fail');
    const goHome = rs.fn();
    leaveApp(goHome);
    expect(goHome).toHaveBeenCalledTimes(1);
  });

  test("inside Alipay: AlipayJSBridge's popWindow, not home", () => {
    userAgent = ALIPAY;
    const call = rs.fn();
    bridges.AlipayJSBridge = { call };
    const goHome = rs.fn();
    leaveApp(goHome);
    expect(call).toHaveBeenCalledWith('popWindow');
    expect(goHome).not.toHaveBeenCalled();
  });

  test("another browser goes home, and so does WeChat's user agent without its bridge", () => {
    const goHome = rs.fn();
    leaveApp(goHome);
    userAgent = WECHAT;
    leaveApp(goHome);
    expect(goHome).toHaveBeenCalledTimes(2);
  });

  test("a bridge is used only inside its own app: Alipay's is not called in WeChat", () => {
    userAgent = WECHAT;
    const call = rs.fn();
    bridges.AlipayJSBridge = { call };
    const goHome = rs.fn();
    leaveApp(goHome);
    expect(call).not.toHaveBeenCalled();
    expect(goHome).toHaveBeenCalledTimes(1);
  });
});

describe('pageBack', () => {
  test("back with the app's page behind, else leaves the app", () => {
    userAgent = WECHAT;
    const invoke = wechatBridge('closeWindow:ok');
    const back = rs.fn();
    const goHome = rs.fn();
    pageBack({ back, goHome });
    expect(invoke).toHaveBeenCalledTimes(1);
    expect(back).not.toHaveBeenCalled();

    window.history.replaceState({ usr: null, key: 'k1', idx: 1 }, '', '/shop/YST0001');
    pageBack({ back, goHome });
    expect(back).toHaveBeenCalledTimes(1);
    expect(invoke).toHaveBeenCalledTimes(1);
    expect(goHome).not.toHaveBeenCalled();
  });
});
