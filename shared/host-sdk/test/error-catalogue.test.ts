/** The error catalogue of docs/product.md, "Errors": what each errorCode does. */
import { beforeEach, describe, expect, rs, test } from '@rstest/core';
import { waitFor } from '@testing-library/react';
import { ApiError } from '../src/api-client';
import { openDialogAtom } from '../src/dialogs';
import type { UserDetail } from '@app/contract/user';
import { getToken, sessionStore, setToken, userDetailAtom } from '../src/session';

const ui = rs.hoisted(() => ({
  alert: rs.fn(async () => undefined),
  confirm: rs.fn(async () => true),
  toast: rs.fn(),
}));
rs.mock('@app/ui/dialog', () => ({ Dialog: { alert: ui.alert, confirm: ui.confirm } }));
rs.mock('@app/ui/toast', () => ({ Toast: { show: ui.toast } }));

const { handleApiError } = await import('../src/error-catalogue');

/** Waits for what a handled error sets off (the dialogs are loaded on first use), as long as a loaded machine needs. */
const until = (check: () => void) => waitFor(check, { timeout: 20_000 });
/** A network error's toast, handled after `code`'s error: once it shows, whatever `code` set off before it has shown. */
const afterLaterToast = async () => {
  handleApiError(new ApiError('Network Error', null, null), actions);
  await until(() => expect(ui.toast).toHaveBeenCalledWith(expect.objectContaining({ content: 'Network Error' })));
};
let navigations: string[];
let replaced: string[];

beforeEach(() => {
  navigations = [];
  replaced = [];
  ui.alert.mockClear();
  ui.confirm.mockClear();
  ui.toast.mockClear();
  rs.spyOn(window.location, 'replace').mockImplementation((url: string | URL) => void replaced.push(String(url)));
  setToken('tok-abcdefghijklmnopqrstu');
});

const actions = { navigate: (path: string) => navigations.push(path) };

describe('handleApiError', () => {
  test.each([1001, 1002] as const)('%i: 登录已失效, then sign in again', async (code) => {
    handleApiError(new ApiError('未登录', code, 401), actions);
    await until(() => expect(replaced).toHaveLength(1));
    expect(ui.alert).toHaveBeenCalledWith(expect.objectContaining({ title: '登录已失效', content: '请点击确定重新登录' }));
    expect(getToken()).toBeNull();
    expect(replaced[0]).toMatch(/^\/api\/auth\/authorize/);
  });

  test.each([1003, 1004] as const)(
    '%i: 权限不足 with the server message; the session stays, the user and company state go; home',
    async (code) => {
      sessionStore.set(userDetailAtom, { id: 'u' } as UserDetail);
      handleApiError(new ApiError('无权访问该企业的任务', code, 403), actions);
      await until(() => expect(navigations).toHaveLength(1));
      expect(ui.alert).toHaveBeenCalledWith(expect.objectContaining({ title: '权限不足', content: '无权访问该企业的任务' }));
      expect(getToken()).toBe('tok-abcdefghijklmnopqrstu');
      expect(sessionStore.get(userDetailAtom)).toBeNull();
      expect(navigations).toEqual(['/']);
    },
  );

  test('2003: 服务已过期 with 联系客服, which opens the contact page with auto=workWechat', async () => {
    handleApiError(new ApiError('服务已到期，请联系客服续费', 2003, 200), actions);
    await until(() => expect(navigations).toHaveLength(1));
    expect(ui.confirm).toHaveBeenCalledWith(
      expect.objectContaining({ title: '服务已过期', content: '服务已到期，请联系客服续费', confirmText: '联系客服' }),
    );
    expect(navigations).toEqual(['/my/contactUs?auto=workWechat']);
  });

  test('2001 is left to the caller (it reuses its saved task)', async () => {
    handleApiError(new ApiError('已有进行中的登录任务', 2001, 200), actions);
    await afterLaterToast();
    expect(ui.alert).not.toHaveBeenCalled();
    expect(ui.toast).toHaveBeenCalledTimes(1);
  });

  test('2007: the agreement dialog opens (acting at the tax bureau needs the accepted agreement); nothing else', async () => {
    handleApiError(new ApiError('请先阅读并同意《用户授权协议》', 2007, 403), actions);
    await afterLaterToast();
    expect(sessionStore.get(openDialogAtom)?.kind).toBe('agreement');
    expect(ui.alert).not.toHaveBeenCalled();
    expect(ui.toast).toHaveBeenCalledTimes(1);
    expect(getToken()).not.toBeNull();
    sessionStore.get(openDialogAtom)?.close(false);
  });

  test('a network error is a warning toast for one second', async () => {
    handleApiError(new ApiError('Network Error', null, null), actions);
    await until(() => expect(ui.toast).toHaveBeenCalledTimes(1));
    expect(ui.toast).toHaveBeenCalledWith({ icon: 'fail', content: 'Network Error', duration: 1000 });
  });

  test('a burst of expired-session errors shows one dialog', async () => {
    for (let i = 0; i < 3; i++) handleApiError(new ApiError('未登录', 1001, 401), actions);
    // The first one's dialog has been answered and sign-in begun; the other two were turned away as they came.
    await until(() => expect(replaced).toHaveLength(1));
    await afterLaterToast();
    expect(ui.alert).toHaveBeenCalledTimes(1);
    expect(replaced).toHaveLength(1);
  });
});
