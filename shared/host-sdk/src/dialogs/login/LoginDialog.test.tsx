import { afterEach, describe, expect, rs, test } from '@rstest/core';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import type { LoginMethod } from '../../roles';
import { fail, ok, progress, renderPage, taxAccount, type Route } from '../../testing';
import LoginDialog from './LoginDialog';
import { LoginMethodView } from './LoginMethodView';

afterEach(cleanup);

/** The dialog over a page, the API answering `calls`. */
function openLogin(calls: Record<string, Route>) {
  const onClose = rs.fn();
  const { api } = renderPage(<LoginDialog onClose={onClose} />, { calls });
  return { api, onClose };
}

describe('LoginDialog: what it offers', () => {
  test('already logged in: says so and closes as done, without creating a task', async () => {
    const { api, onClose } = openLogin({ 'taxAccount/getTaxAccount': ok(taxAccount({ loginState: '已登录' })) });
    expect(await screen.findByText('您已登录，请勿重复登录')).toBeTruthy();
    expect(onClose).toHaveBeenCalledWith(true);
    expect(api.bodiesOf('task/createLoginTask')).toHaveLength(0);
  });

  test.each([2, 3])('accountState %i: the account cannot log in', async (accountState) => {
    const { api } = openLogin({ 'taxAccount/getTaxAccount': ok(taxAccount({ accountState })) });
    expect(await screen.findByText('该电子税务局账号状态异常，暂不能登录')).toBeTruthy();
    expect(screen.queryByText('短信授权')).toBeNull();
    expect(api.bodiesOf('task/createLoginTask')).toHaveLength(0);
  });

  test('SMS and QR supported: a two-column choice; 扫码授权 starts a QR login task', async () => {
    const { api } = openLogin({
      'taxAccount/getTaxAccount': ok(taxAccount()),
      'task/createLoginTask': ok({ taskId: 't-qr' }),
      'task/getTaskProcess': progress(0),
    });
    expect(await screen.findByRole('dialog', { name: '登录授权' })).toBeTruthy();
    expect(await screen.findByText('短信授权')).toBeTruthy();
    expect(document.querySelector('.adm-grid')?.getAttribute('style')).toContain('--columns: 2');
    fireEvent.click(screen.getByText('扫码授权'));
    await waitFor(() =>
      expect(api.bodiesOf('task/createLoginTask')).toEqual([{ nsrsbh: '91310000MA1FL8XQ3X', userId: 'u-1', loginMethod: '1' }]),
    );
    expect(await screen.findByText('正在获取登录二维码')).toBeTruthy();
  });

  test('only QR supported: the QR login starts at once', async () => {
    const { api } = openLogin({
      'taxAccount/getTaxAccount': ok(taxAccount({ supportedLoginMethod: ['qrcode'] })),
      'task/createLoginTask': ok({ taskId: 't-qr' }),
      'task/getTaskProcess': progress(0),
    });
    await waitFor(() => expect(api.bodiesOf('task/createLoginTask')).toHaveLength(1));
    expect(api.bodiesOf('task/createLoginTask')[0]?.loginMethod).toBe('1');
    expect(screen.queryByText('短信授权')).toBeNull();
  });

  test('the account query failed: only QR, started at once', async () => {
    const { api } = openLogin({
      'taxAccount/getTaxAccount': fail(5000, '服务器错误'),
      'task/createLoginTask': ok({ taskId: 't-qr' }),
      'task/getTaskProcess': progress(0),
    });
    await waitFor(() => expect(api.bodiesOf('task/createLoginTask')).toHaveLength(1));
    expect(api.bodiesOf('task/createLoginTask')[0]?.loginMethod).toBe('1');
  });

  test('the close button closes as not done; the overlay does not close it', async () => {
    const { onClose } = openLogin({ 'taxAccount/getTaxAccount': ok(taxAccount()) });
    await screen.findByText('短信授权');
    fireEvent.click(document.querySelector('.adm-center-popup-mask') as Element);
    expect(onClose).not.toHaveBeenCalled();
    fireEvent.click(document.querySelector('.adm-center-popup-close') as Element);
    expect(onClose).toHaveBeenCalledWith(false);
  });

  test('an unknown login method says it is not supported', () => {
    renderPage(<LoginMethodView method={'password' as string as LoginMethod} onClose={rs.fn()} />);
    expect(screen.getByText('暂不支持该登录方式')).toBeTruthy();
  });
});
