import { afterEach, describe, expect, test } from '@rstest/core';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { sessionStore, userDetailAtom } from '@app/host-sdk/session';
import { fail, ok, renderPage, taxAccount, userDetail, type Route } from '@app/host-sdk/testing';
import type { UserDetail } from '@app/contract/user';
import MyCompanyBindPage from './MyCompanyBindPage';

const PERSON = userDetail({
  nickname: '张晓',
  company: false,
  companyInfo: null,
  permissions: [],
  account: { username: null, agreed: false, privacyPolicyVersion: null },
});
const PREVIEW = { companyName: '上海示例商贸有限公司', xsfNsrsbh: '91310000MA1FL8XQ3X' };
const BOUND = userDetail({
  permissions: ['company_user_role'],
  companyInfo: { ...(userDetail().companyInfo as NonNullable<UserDetail['companyInfo']>), roleName: '员工' },
});

function open(url = '/my/company/bind', calls: Record<string, Route> = {}, user: UserDetail = PERSON) {
  return renderPage(<MyCompanyBindPage />, { url, user, calls: { 'company/previewBind': ok(PREVIEW), ...calls } });
}

const field = () => screen.getByPlaceholderText('请输入绑定码') as HTMLInputElement;
const fieldErrors = () => Array.from(document.querySelectorAll('.adm-form-item-feedback-error')).map((node) => node.textContent);
const preview = () => screen.findByRole('region', { name: '将要加入的企业' });

afterEach(() => {
  cleanup();
  document.body.innerHTML = '';
});

describe('MyCompanyBindPage', () => {
  test('查询 shows the company of the code; 确认绑定 binds, reloads the session and goes home', async () => {
    const { api, url } = open('/my/company/bind', {
      'company/bind': ok({ companyId: 'c-1', companyName: '上海示例商贸有限公司' }),
      'user/getOfficialAccountLoginUserInfo': ok(BOUND),
      'taxAccount/getTaxAccount': ok(taxAccount()),
    });
    expect(document.title).toBe('绑定企业');
    fireEvent.change(field(), { target: { value: ' ab12 cd34 ' } });
    await waitFor(() => expect(field().value).toBe('ab12cd34'));
    fireEvent.click(screen.getByRole('button', { name: '查询' }));
    const card = await preview();
    expect(within(card).getByText('上海示例商贸有限公司')).toBeTruthy();
    expect(within(card).getByText('税号 91310000MA1FL8XQ3X')).toBeTruthy();
    expect(api.bodiesOf('company/previewBind')).toEqual([{ code: 'ab12cd34' }]);

    fireEvent.click(within(card).getByRole('button', { name: '确认绑定' }));
    expect(await screen.findByText('已绑定上海示例商贸有限公司')).toBeTruthy();
    expect(url()).toBe('/');
    expect(api.bodiesOf('company/bind')).toEqual([{ code: 'ab12cd34' }]);
    expect(api.bodiesOf('user/getOfficialAccountLoginUserInfo')).toEqual([{}]);
    expect(sessionStore.get(userDetailAtom)?.companyInfo?.name).toBe('上海示例商贸有限公司');
  });

  test('a code from the link (?code=) is filled in and looked up at once', async () => {
    const { api } = open('/my/company/bind?code=AB12CD34');
    expect(within(await preview()).getByText('上海示例商贸有限公司')).toBeTruthy();
    expect(field().value).toBe('AB12CD34');
    expect(api.bodiesOf('company/previewBind')).toEqual([{ code: 'AB12CD34' }]);
  });

  test('a code that is empty or malformed is refused under the field before any call', async () => {
    const { api } = open();
    fireEvent.click(screen.getByRole('button', { name: '查询' }));
    await waitFor(() => expect(fieldErrors()).toEqual(['请输入绑定码']));
    fireEvent.change(field(), { target: { value: 'ab' } });
    await waitFor(() => expect(fieldErrors()).toEqual(['绑定码为 4–16 位字母或数字']));
    expect(api.calls).toEqual([]);
  });

  test.each([
    ['an unknown or expired code (4004)', fail(4004, '绑定码无效或已过期'), '绑定码无效或已过期'],
    ['a member already (2005)', fail(2005, '您已是该企业的成员'), '您已是该企业的成员'],
    ['bad input (4000)', fail(4000, '绑定码格式不正确', { fields: { code: '绑定码格式不正确' } }), '绑定码格式不正确'],
  ])('%s shows the message under the field', async (_case, answer, message) => {
    open('/my/company/bind', { 'company/previewBind': answer });
    fireEvent.change(field(), { target: { value: 'ZZZZ9999' } });
    fireEvent.click(screen.getByRole('button', { name: '查询' }));
    await waitFor(() => expect(fieldErrors()).toEqual([message]));
    expect(screen.queryByRole('region', { name: '将要加入的企业' })).toBeNull();
  });

  test('a refused bind (already a member) shows under the field and stays', async () => {
    const { url } = open('/my/company/bind?code=AB12CD34', { 'company/bind': fail(2005, '您已是该企业的成员') });
    fireEvent.click(within(await preview()).getByRole('button', { name: '确认绑定' }));
    await waitFor(() => expect(fieldErrors()).toEqual(['您已是该企业的成员']));
    expect(url()).toBe('/my/company/bind?code=AB12CD34');
    expect(sessionStore.get(userDetailAtom)?.nickname).toBe('张晓');
  });

  test('changing the code hides the company found for the previous one', async () => {
    open('/my/company/bind?code=AB12CD34');
    await preview();
    fireEvent.change(field(), { target: { value: 'AB12CD35' } });
    await waitFor(() => expect(screen.queryByRole('region', { name: '将要加入的企业' })).toBeNull());
  });
});
