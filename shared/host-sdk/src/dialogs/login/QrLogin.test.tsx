import { afterEach, beforeEach, describe, expect, rs, test } from '@rstest/core';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { pendingTask } from '../../pending-tasks';
import { advance, fail, ok, progress, renderPage, taxAccount, type Answer, type PageOptions, type Route } from '../../testing';
import { QR_PNG } from '../test-support/qr-png';
import LoginDialog from './LoginDialog';

// Polls run every 2 s: fake timers that still advance with real time.
beforeEach(() => {
  rs.useFakeTimers({ shouldAdvanceTime: true });
});
afterEach(() => {
  cleanup();
  rs.useRealTimers();
});

/** A dialog for an account that supports QR login only, so it starts at once. */
function openQr(routes: Record<string, Route>, options: PageOptions = {}) {
  const onClose = rs.fn();
  const { api } = renderPage(<LoginDialog onClose={onClose} />, {
    ...options,
    calls: {
      'taxAccount/getTaxAccount': ok(taxAccount({ supportedLoginMethod: ['qrcode'] })),
      'task/createLoginTask': ok({ taskId: 't-qr' }),
      ...routes,
    },
  });
  return { api, onClose };
}

describe('QR login', () => {
  test('shows the QR code with its caption, hints and help, then 登录成功! once scanned', async () => {
    let status: Answer = progress(0);
    const { api, onClose } = openQr({ 'task/getTaskProcess': () => status });
    expect(await screen.findByText('正在获取登录二维码')).toBeTruthy();
    expect(pendingTask('qrLogin')).toBe('t-qr');

    status = progress(2010, { extensionData: QR_PNG });
    await advance(2000);
    const image = await screen.findByAltText('登录二维码');
    expect(image.getAttribute('src')).toMatch(/^data:image\/png/);
    expect(screen.getByText('请使用电子税务局App扫码登录')).toBeTruthy();
    expect(screen.getByText('长按二维码保存到手机')).toBeTruthy();
    expect(screen.getByText('登录后请等待状态刷新')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: '如何扫码登录？' }));
    for (const step of [
      '保存二维码图片',
      '打开地区税务局App',
      '点击右上角“+”后点击“扫一扫”',
      '点击“相册”',
      '选择刚保存的二维码图片',
      '完成登录',
    ]) {
      expect(await screen.findByText(step)).toBeTruthy();
    }

    status = progress(1);
    await advance(2000);
    expect(await screen.findByText('登录成功!')).toBeTruthy();
    expect(onClose).toHaveBeenCalledWith(true);
    expect(pendingTask('qrLogin')).toBeNull();
    expect(api.bodiesOf('task/getTaskProcess').every((body) => body.id === 't-qr')).toBe(true);
  });

  test('a failed task shows the reason; 重新登录 starts a new task', async () => {
    const taskIds = ['t-qr-1', 't-qr-2'];
    const { api } = openQr({
      'task/createLoginTask': () => ok({ taskId: taskIds.shift() }),
      'task/getTaskProcess': (body) =>
        body.id === 't-qr-1' ? progress(-1, { failReason: '二维码已过期，请重新登录' }) : progress(2010, { extensionData: QR_PNG }),
    });
    expect(await screen.findByText('二维码已过期，请重新登录')).toBeTruthy();
    expect(screen.getByText('登录失败')).toBeTruthy();
    expect(pendingTask('qrLogin')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: '重新登录' }));
    expect(await screen.findByAltText('登录二维码')).toBeTruthy();
    expect(api.bodiesOf('task/createLoginTask')).toHaveLength(2);
    expect(pendingTask('qrLogin')).toBe('t-qr-2');
  });

  test('2001: the saved QR task is followed again', async () => {
    const { api } = openQr(
      {
        'task/createLoginTask': fail(2001, '已有进行中的登录任务', { taskId: 't-saved' }),
        'task/getTaskProcess': progress(2010, { extensionData: QR_PNG }),
      },
      { pendingTasks: { qrLogin: 't-saved' } },
    );
    expect(await screen.findByAltText('登录二维码')).toBeTruthy();
    expect(api.bodiesOf('task/getTaskProcess')[0]).toEqual({ id: 't-saved' });
  });

  test('a task that cannot be created shows why, with 重新登录', async () => {
    openQr({ 'task/createLoginTask': fail(2004, '请先设置电子税务局账号') });
    expect(await screen.findByText('请先设置电子税务局账号')).toBeTruthy();
    expect(screen.getByRole('button', { name: '重新登录' })).toBeTruthy();
  });

  test('already logged in when creating (2005): says so and closes as done', async () => {
    const { onClose } = openQr({ 'task/createLoginTask': fail(2005, '您已登录，请勿重复登录') });
    expect(await screen.findByText('您已登录，请勿重复登录')).toBeTruthy();
    await waitFor(() => expect(onClose).toHaveBeenCalledWith(true));
  });
});
