import { afterEach, beforeEach, describe, expect, rs, test } from '@rstest/core';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { pendingTask } from '../../pending-tasks';
import { advance, fail, ok, progress, renderPage, taxAccount, type Answer, type PageOptions, type Route } from '../../testing';
import LoginDialog from './LoginDialog';

// Polls run every 2 s and the code can be sent again after 4 minutes: fake timers that still advance with real time.
beforeEach(() => {
  rs.useFakeTimers({ shouldAdvanceTime: true });
});
afterEach(() => {
  cleanup();
  rs.useRealTimers();
});
const codeField = () => screen.getByPlaceholderText('6位数字验证码');
const button = (name: string | RegExp) => screen.getByRole('button', { name });

/** The SMS screen of a fresh dialog, the task answering `status()` to every poll. */
async function openSms(routes: Record<string, Route>, options: PageOptions = {}) {
  const onClose = rs.fn();
  const { api } = renderPage(<LoginDialog onClose={onClose} />, {
    ...options,
    calls: { 'taxAccount/getTaxAccount': ok(taxAccount()), 'task/createLoginTask': ok({ taskId: 't-sms' }), ...routes },
  });
  fireEvent.click(await screen.findByText('短信授权'));
  return { api, onClose };
}

describe('SMS login', () => {
  test('tells where the code goes and asks for 6 digits before submitting', async () => {
    const { api } = await openSms({});
    expect(screen.getByText('138****5678')).toBeTruthy();
    expect(screen.getByText(/验证码将发送至电子税务局账号绑定的手机/)).toBeTruthy();
    fireEvent.click(button('提交'));
    expect(await screen.findByText('请填写验证码(6位数字)')).toBeTruthy();
    fireEvent.change(codeField(), { target: { value: '12ab' } });
    fireEvent.click(button('提交'));
    await waitFor(() => expect(document.querySelector('.adm-form-item-feedback-error')?.textContent).toBe('请填写验证码(6位数字)'));
    expect(api.bodiesOf('task/submitLoginTaskSmsCode')).toHaveLength(0);
  });

  test('发送验证码 creates the SMS task and counts down 4 minutes; the right code logs in', async () => {
    let status = progress(10);
    const { api, onClose } = await openSms({
      'task/getTaskProcess': () => status,
      'task/submitLoginTaskSmsCode': () => {
        status = progress(1);
        return ok({ taskId: 't-sms' });
      },
    });
    fireEvent.click(button('发送验证码'));
    expect(await screen.findByRole('button', { name: '重新发送(240s)' })).toBeTruthy();
    expect(api.bodiesOf('task/createLoginTask')).toEqual([{ nsrsbh: '91310000MA1FL8XQ3X', userId: 'u-1', loginMethod: '2' }]);
    expect(pendingTask('smsLogin')).toBe('t-sms');
    expect(screen.getByText('正在发送验证码')).toBeTruthy();
    status = progress(2020);
    await advance(2000);
    expect(button('重新发送(238s)')).toBeTruthy();
    expect(screen.queryByText('正在发送验证码')).toBeNull();

    fireEvent.change(codeField(), { target: { value: '123456' } });
    fireEvent.click(button('提交'));
    expect(await screen.findByText('授权登录成功!')).toBeTruthy();
    expect(onClose).toHaveBeenCalledWith(true);
    expect(api.bodiesOf('task/submitLoginTaskSmsCode')).toEqual([{ id: 't-sms', smsCode: '123456' }]);
    expect(pendingTask('smsLogin')).toBeNull();
    // The tax account is refreshed after the login.
    await waitFor(() => expect(api.bodiesOf('taxAccount/getTaxAccount').length).toBeGreaterThanOrEqual(2));
  });

  test('a wrong code: the reason shows under the field and 登录中 stops; answers from before the submit do not stop it', async () => {
    let status = progress(2020);
    let answerSubmit: (answer: Answer) => void = () => undefined;
    await openSms({
      'task/getTaskProcess': () => status,
      'task/submitLoginTaskSmsCode': () => new Promise<Answer>((resolve) => (answerSubmit = resolve)),
    });
    fireEvent.click(button('发送验证码'));
    await screen.findByRole('button', { name: /重新发送/ });
    fireEvent.change(codeField(), { target: { value: '654321' } });
    fireEvent.click(button('提交'));
    expect(await screen.findByText('登录中')).toBeTruthy();
    // The server has not taken the code yet: polls still say "waiting for a code".
    await advance(2000);
    expect(screen.getByText('登录中')).toBeTruthy();

    status = progress(2020, { failReason: '验证码错误，请重新输入' });
    await act(async () => answerSubmit(ok({ taskId: 't-sms' })));
    await waitFor(() => expect(document.querySelector('.adm-form-item-feedback-error')?.textContent).toBe('验证码错误，请重新输入'));
    expect(screen.queryByText('登录中')).toBeNull();
    expect(button('提交')).toBeTruthy();
  });

  test('2001: the saved SMS task is followed again instead of a new one', async () => {
    const { api } = await openSms(
      {
        'task/createLoginTask': fail(2001, '已有进行中的登录任务', { taskId: 't-saved' }),
        'task/getTaskProcess': progress(2020),
      },
      { pendingTasks: { smsLogin: 't-saved' } },
    );
    fireEvent.click(button('发送验证码'));
    await waitFor(() => expect(api.bodiesOf('task/getTaskProcess')[0]).toEqual({ id: 't-saved' }));
    expect(await screen.findByRole('button', { name: /重新发送\(\d+s\)/ })).toBeTruthy();
    expect(pendingTask('smsLogin')).toBe('t-saved');
  });

  test('2001 without a saved task: the server message, no polling', async () => {
    const { api } = await openSms({ 'task/createLoginTask': fail(2001, '已有进行中的登录任务') });
    fireEvent.click(button('发送验证码'));
    expect(await screen.findByText('已有进行中的登录任务')).toBeTruthy();
    expect(api.bodiesOf('task/getTaskProcess')).toHaveLength(0);
    expect(button('发送验证码')).toBeTruthy();
  });

  test('a failed task: a 登录失败 dialog with the reason, and the task is forgotten', async () => {
    const { onClose } = await openSms({ 'task/getTaskProcess': progress(-1, { failReason: '电子税务局账号或密码错误' }) });
    fireEvent.click(button('发送验证码'));
    expect(await screen.findByText('登录失败')).toBeTruthy();
    expect(screen.getByText('电子税务局账号或密码错误')).toBeTruthy();
    expect(pendingTask('smsLogin')).toBeNull();
    expect(await screen.findByRole('button', { name: '发送验证码' })).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
  });

  test('after the countdown the code can be sent again (bus/reSendSmsCode); too soon shows the wait', async () => {
    const { api } = await openSms({
      'task/getTaskProcess': progress(2020),
      'bus/reSendSmsCode': fail(2006, '请在 30 秒后重新获取验证码', { waitSeconds: 30 }),
    });
    fireEvent.click(button('发送验证码'));
    await screen.findByRole('button', { name: '重新发送(240s)' });
    await advance(240_000);
    const resend = button('重新发送');
    expect(resend.hasAttribute('disabled')).toBe(false);
    fireEvent.click(resend);
    expect(await screen.findByText('请在 30 秒后重新获取验证码')).toBeTruthy();
    expect(api.bodiesOf('bus/reSendSmsCode')).toEqual([{ id: 't-sms' }]);
    expect(await screen.findByRole('button', { name: '重新发送(30s)' })).toBeTruthy();

    api.route('bus/reSendSmsCode', ok({ taskId: 't-sms' }));
    await advance(30_000);
    fireEvent.click(button('重新发送'));
    expect(await screen.findByRole('button', { name: '重新发送(240s)' })).toBeTruthy();
    expect(api.bodiesOf('bus/reSendSmsCode')).toHaveLength(2);
  });
});
