import { afterEach, beforeEach, describe, expect, rs, test } from '@rstest/core';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { Toast } from '@app/ui/toast';
import { pendingTask } from '../../pending-tasks';
import type { TaxAccount } from '@app/contract/tax-account';
import { advance, fail, ok, progress, renderPage, taxAccount, type Answer, type PageOptions, type Route } from '../../testing';
import { QR_PNG } from '../test-support/qr-png';
import FaceDialog from './FaceDialog';

// Polls run every 2 s: fake timers that still advance with real time.
beforeEach(() => {
  rs.useFakeTimers({ shouldAdvanceTime: true });
});
afterEach(() => {
  cleanup();
  rs.useRealTimers();
});

const LOGGED_IN = { loginState: '已登录', expirationTime: '2099-01-01T00:00:00.000Z' };

/** The dialog for a company whose tax account answers `account` (logged in, not authenticated, unless told). */
async function openFace(routes: Record<string, Route> = {}, account: TaxAccount = taxAccount(LOGGED_IN), options: PageOptions = {}) {
  const onClose = rs.fn();
  const { api } = renderPage(<FaceDialog onClose={onClose} />, {
    ...options,
    calls: { 'taxAccount/getTaxAccount': ok(account), 'task/createScanFaceTask': ok({ taskId: 't-face' }), ...routes },
  });
  expect(await screen.findByRole('dialog', { name: '刷脸认证' })).toBeTruthy();
  await screen.findByRole('status');
  return { api, onClose };
}

describe('FaceDialog', () => {
  test('not authenticated today: says so and what fails; re-queries the account every 2 s', async () => {
    let account = taxAccount(LOGGED_IN);
    const { api } = await openFace({ 'taxAccount/getTaxAccount': () => ok(account) });
    expect(screen.getByText('今日未认证')).toBeTruthy();
    expect(screen.getByText(/开具发票等涉税任务将会失败/)).toBeTruthy();
    expect(screen.getByText('认证成功后当日有效')).toBeTruthy();
    expect(screen.getByRole('button', { name: '开始认证' })).toBeTruthy();

    account = taxAccount({ ...LOGGED_IN, scanFaceState: '已认证', scanFaceTime: '2024-05-01T01:30:00.000Z' });
    await advance(2000);
    expect(await screen.findByText('今日已认证')).toBeTruthy();
    const queries = api.bodiesOf('taxAccount/getTaxAccount').length;
    await advance(4000);
    expect(api.bodiesOf('taxAccount/getTaxAccount').length).toBe(queries + 2);
  });

  test('not logged in to the tax bureau: 请先登录税务局! and no task', async () => {
    const { api } = await openFace({}, taxAccount());
    fireEvent.click(screen.getByRole('button', { name: '开始认证' }));
    expect(await screen.findByText('请先登录税务局!')).toBeTruthy();
    expect(api.bodiesOf('task/createScanFaceTask')).toHaveLength(0);
  });

  test('开始认证 creates the task, shows its QR code and help, then 人脸认证成功!', async () => {
    let status: Answer = progress(0);
    const { api, onClose } = await openFace({ 'task/getTaskProcess': () => status });
    fireEvent.click(screen.getByRole('button', { name: '开始认证' }));
    await waitFor(() => expect(api.bodiesOf('task/createScanFaceTask')).toEqual([{ nsrsbh: '91310000MA1FL8XQ3X', userId: 'u-1' }]));
    expect(pendingTask('face')).toBe('t-face');

    status = progress(3010, { extensionData: QR_PNG });
    await advance(2000);
    expect((await screen.findByAltText('刷脸认证二维码')).getAttribute('src')).toMatch(/^data:image\/png/);
    expect(screen.getByText('请使用电子税务局App扫码完成人脸认证')).toBeTruthy();
    expect(screen.getByText('长按二维码保存到手机')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '如何扫码认证？' }));
    for (const step of [
      '保存二维码图片',
      '打开地区税务局App',
      '点击右上角“+”后点击“扫一扫”',
      '点击“相册”',
      '选择刚保存的二维码图片',
      '完成人脸认证',
    ]) {
      expect(await screen.findByText(step)).toBeTruthy();
    }

    status = progress(1);
    await advance(2000);
    expect(await screen.findByText('人脸认证成功!')).toBeTruthy();
    expect(onClose).toHaveBeenCalledWith(true);
    expect(pendingTask('face')).toBeNull();
  });

  test.each([
    ['2001', fail(2001, '任务已存在')],
    ['a message about the previous task', fail(2005, '上一个刷脸认证任务尚未完成')],
  ])('%s: the saved face task is followed again', async (_case, answer) => {
    const { api } = await openFace(
      { 'task/createScanFaceTask': answer, 'task/getTaskProcess': progress(3010, { extensionData: QR_PNG }) },
      taxAccount(LOGGED_IN),
      {
        pendingTasks: { face: 't-saved' },
      },
    );
    fireEvent.click(screen.getByRole('button', { name: '开始认证' }));
    expect(await screen.findByAltText('刷脸认证二维码')).toBeTruthy();
    expect(api.bodiesOf('task/getTaskProcess')[0]).toEqual({ id: 't-saved' });
  });

  test('a failed task: a 认证失败 dialog with the reason, and the task is forgotten', async () => {
    const { onClose } = await openFace({ 'task/getTaskProcess': progress(-1, { failReason: '人脸识别未通过' }) });
    fireEvent.click(screen.getByRole('button', { name: '开始认证' }));
    expect(await screen.findByText('认证失败')).toBeTruthy();
    expect(screen.getByText('人脸识别未通过')).toBeTruthy();
    expect(pendingTask('face')).toBeNull();
    expect(onClose).not.toHaveBeenCalled();
  });

  test('a create failure shows the server message, or 创建人脸识别任务失败! without one', async () => {
    const { api } = await openFace({ 'task/createScanFaceTask': fail(2004, '该电子税务局账号状态异常，暂不能登录') });
    fireEvent.click(screen.getByRole('button', { name: '开始认证' }));
    expect(await screen.findByText('该电子税务局账号状态异常，暂不能登录')).toBeTruthy();
    Toast.clear();
    api.route('task/createScanFaceTask', fail(5000, ''));
    fireEvent.click(screen.getByRole('button', { name: '开始认证' }));
    expect(await screen.findByText('创建人脸识别任务失败!')).toBeTruthy();
  });

  test('closing resolves with whether today is authenticated', async () => {
    const { onClose } = await openFace({}, taxAccount({ ...LOGGED_IN, scanFaceState: '已认证' }));
    await screen.findByText('今日已认证');
    fireEvent.click(document.querySelector('.adm-center-popup-close') as Element);
    expect(onClose).toHaveBeenCalledWith(true);
  });
});
