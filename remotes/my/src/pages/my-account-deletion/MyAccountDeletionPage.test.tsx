import { afterEach, beforeEach, describe, expect, rs, test } from '@rstest/core';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { DeletionPreview } from '@app/contract/account';
import { DELETION_PHRASE, ERASED_DATA, KEPT_DATA } from '@app/domain/account-deletion';
import { fail, ok, renderPage, type PageOptions } from '@app/host-sdk/testing';
import MyAccountDeletionPage from './MyAccountDeletionPage';

const PREVIEW: DeletionPreview = {
  nickname: '张晓',
  phone: '138****0001',
  confirmBy: 'sms',
  erased: [...ERASED_DATA],
  kept: [...KEPT_DATA],
  companies: [{ id: 'c-1', name: '杭州优税通商贸有限公司', roleName: '员工', outcome: 'leave' }],
  refusal: null,
};

const open = (options: PageOptions = {}) =>
  renderPage(<MyAccountDeletionPage />, { url: '/my/account-deletion', history: ['/my/settings'], ...options });
const press = (name: string) => fireEvent.click(screen.getByRole('button', { name }));

let replaced: string[];
beforeEach(() => {
  replaced = [];
  rs.spyOn(window.location, 'replace').mockImplementation((url: string | URL) => void replaced.push(String(url)));
});
afterEach(() => {
  cleanup();
  rs.restoreAllMocks();
  document.body.innerHTML = '';
});

describe('MyAccountDeletionPage', () => {
  test('spells out what is erased, what the companies keep and what becomes of each company', async () => {
    open({ calls: { 'account/deletionPreview': ok(PREVIEW) } });
    const erased = await screen.findByRole('region', { name: '将立即删除或匿名化' });
    for (const line of ERASED_DATA) expect(within(erased).getByText(line)).toBeTruthy();
    const kept = screen.getByRole('region', { name: '企业依法保留' });
    expect(kept.textContent).toContain('已注销用户');
    expect(screen.getByRole('region', { name: '您的企业' }).textContent).toContain('杭州优税通商贸有限公司（员工）：您将退出该企业');
    expect(screen.getByText('将向您绑定的手机 138****0001 发送验证码')).toBeTruthy();
  });

  test('with a phone: the code is sent, counted down, and deleting with it ends the session on this device', async () => {
    const { api } = open({
      calls: {
        'account/deletionPreview': ok(PREVIEW),
        'account/sendDeletionCode': ok({ sentTo: '138****0001', waitSeconds: 60 }),
        'account/delete': ok({ deleted: true }),
        'user/signOut': fail(1001, '登录信息无效'),
      },
    });
    await screen.findByText('将向您绑定的手机 138****0001 发送验证码');
    const remove = screen.getByRole('button', { name: '注销账号' }) as HTMLButtonElement;
    expect(remove.disabled).toBe(true);
    press('获取验证码');
    expect(await screen.findByText('验证码已发送至 138****0001')).toBeTruthy();
    expect(screen.getByRole('button', { name: /秒后重新获取/ })).toBeTruthy();
    fireEvent.change(screen.getByRole('textbox', { name: '短信验证码' }), { target: { value: '123456' } });
    press('注销账号');
    fireEvent.click(await screen.findByRole('button', { name: '注销' }));
    await waitFor(() => expect(replaced).toEqual(['/login']));
    expect(api.bodiesOf('account/delete')).toEqual([{ code: '123456' }]);
  });

  test('a wrong code is said under the field, and nothing else happens', async () => {
    open({
      calls: {
        'account/deletionPreview': ok(PREVIEW),
        'account/delete': fail(4000, '验证码错误，请核对后重新输入', { fields: { code: '验证码错误，请核对后重新输入' } }),
      },
    });
    fireEvent.change(await screen.findByRole('textbox', { name: '短信验证码' }), { target: { value: '000000' } });
    press('注销账号');
    fireEvent.click(await screen.findByRole('button', { name: '注销' }));
    expect((await screen.findByRole('alert')).textContent).toBe('验证码错误，请核对后重新输入');
    expect(replaced).toEqual([]);
  });

  test('with no phone: the phrase typed exactly enables 注销账号', async () => {
    const { api } = open({
      calls: { 'account/deletionPreview': ok({ ...PREVIEW, phone: null, confirmBy: 'phrase' }), 'account/delete': ok({ deleted: true }) },
    });
    const phrase = await screen.findByRole('textbox', { name: '确认文字' });
    const remove = screen.getByRole('button', { name: '注销账号' }) as HTMLButtonElement;
    fireEvent.change(phrase, { target: { value: '注销' } });
    expect(remove.disabled).toBe(true);
    fireEvent.change(phrase, { target: { value: DELETION_PHRASE } });
    expect(remove.disabled).toBe(false);
    press('注销账号');
    fireEvent.click(await screen.findByRole('button', { name: '注销' }));
    await waitFor(() => expect(api.bodiesOf('account/delete')).toEqual([{ phrase: DELETION_PHRASE }]));
  });

  test('the last manager is told to hand over first and offered no confirmation', async () => {
    const refusal = '您是「杭州优税通商贸有限公司」唯一的管理员，企业还有其他成员。请先在「员工管理」中将管理员移交给其他成员，再注销账号';
    open({
      calls: {
        'account/deletionPreview': ok({
          ...PREVIEW,
          companies: [{ ...PREVIEW.companies[0]!, roleName: '管理员', outcome: 'blocked' }],
          refusal,
        }),
      },
    });
    expect((await screen.findByRole('alert')).textContent).toBe(refusal);
    expect(screen.queryByRole('button', { name: '注销账号' })).toBeNull();
    expect(screen.queryByRole('region', { name: '确认注销' })).toBeNull();
  });
});
