import { afterEach, describe, expect, rs, test } from '@rstest/core';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { NO_REPEAT_MESSAGE, NO_REPEAT_WINDOW_MS, setApiErrorHandler } from '@app/host-sdk/api-client';
import type { TaxAccount } from '@app/contract/tax-account';
import { fail, noAnswer, ok, renderPage, taxAccount, type Answer, type Route } from '@app/host-sdk/testing';
import MyTaxAccountSetPage from './MyTaxAccountSetPage';

const SAVED = taxAccount({ loginIdentity: '01', loginIdentityName: '法定代表人', personName: '李明', phone: '138****1111' });

/** 设置税务账号 with the company's account as loaded (null: none yet), the API answering `calls`. */
function openForm(account: TaxAccount | null, calls: Record<string, Route> = {}) {
  return renderPage(<MyTaxAccountSetPage />, {
    url: '/my/taxAccount/set',
    history: ['/my/taxAccount'],
    taxAccount: account,
    calls: { 'taxAccount/getTaxAccount': ok(SAVED), ...calls },
  });
}

const field = (placeholder: string) => screen.getByPlaceholderText(placeholder) as HTMLInputElement;
const type = (placeholder: string, value: string) => fireEvent.change(field(placeholder), { target: { value } });
const errors = () => Array.from(document.querySelectorAll('.adm-form-item-feedback-error')).map((node) => node.textContent);
/** 保存 (while saving it shows a spinner instead of its name). */
const saveButton = () => document.querySelector<HTMLButtonElement>('button[type="submit"]') as HTMLButtonElement;
const save = () => fireEvent.click(saveButton());

/** Every field filled in rightly, for a company without an account yet. */
function fillIn() {
  fireEvent.click(screen.getByText('法定代表人'));
  type('税务局登记的姓名', ' 李明 ');
  type('接收验证码的手机号', '13800001111');
  type('选填，18 位身份证号', '11010519491231002x');
  type('电子税务局登录密码', 'secret-123');
}

const SENT = { loginIdentity: '01', personName: '李明', phone: '13800001111', idNumber: '11010519491231002X', password: 'secret-123' };

afterEach(() => {
  cleanup();
  setApiErrorHandler(null);
  rs.useRealTimers();
});

describe('MyTaxAccountSetPage', () => {
  test('what is missing or wrong shows under its field, and nothing is sent', async () => {
    const { api } = openForm(null);
    expect(document.title).toBe('设置税务账号');
    expect(saveButton().textContent).toBe('保存');
    save();
    await waitFor(() => expect(errors()).toEqual(['请填写姓名', '请填写手机号', '请填写密码']));

    type('税务局登记的姓名', '李明');
    type('接收验证码的手机号', '12345');
    type('选填，18 位身份证号', '1234');
    type('电子税务局登录密码', '123');
    save();
    await waitFor(() => expect(errors()).toEqual(['请填写 11 位手机号', '请填写 18 位身份证号', '密码为 6–32 位']));
    expect(screen.getByText('请填写 11 位手机号').closest('.adm-form-item')?.textContent).toContain('手机号');
    expect(api.calls).toEqual([]);
  });

  test('saved: the account is sent (the ID number in upper case), 保存成功, then back to 税务账号 with the account afresh', async () => {
    const { api, router, url } = openForm(null, { 'taxAccount/setTaxAccount': ok(null) });
    fillIn();
    save();
    expect(await screen.findByText('保存成功')).toBeTruthy();
    expect(api.bodiesOf('taxAccount/setTaxAccount')).toEqual([SENT]);
    await waitFor(() => expect(url()).toBe('/my/taxAccount'));
    expect(router.state.historyAction).toBe('REPLACE');
    expect(api.calls.map((call) => call.path)).toEqual(['taxAccount/setTaxAccount', 'taxAccount/getTaxAccount']);
  });

  test('an account set up already: its identity and name filled in, the phone shown, the password may stay empty', async () => {
    const { api } = openForm(SAVED, { 'taxAccount/setTaxAccount': ok(null) });
    expect(field('税务局登记的姓名').value).toBe('李明');
    expect(screen.getByText('法定代表人').closest('.adm-selector-item-active')).toBeTruthy();
    expect(screen.getByText('当前 138****1111')).toBeTruthy();
    expect(screen.getByText('不修改请留空')).toBeTruthy();
    type('接收验证码的手机号', '13900002222');
    save();
    await waitFor(() =>
      expect(api.bodiesOf('taxAccount/setTaxAccount')).toEqual([{ loginIdentity: '01', personName: '李明', phone: '13900002222' }]),
    );
  });

  test('no repeat: 保存 is disabled while saving, and the same account again at once is refused on the phone', async () => {
    // The clock stands still until the test moves it: a repeat within 2 s is one whatever the machine's speed.
    rs.useFakeTimers({ toFake: ['Date'] });
    const toldTheCatalogue: string[] = [];
    setApiErrorHandler((error) => toldTheCatalogue.push(error.message));
    let answer: (value: Answer) => void = () => undefined;
    const { api, url } = openForm(null, { 'taxAccount/setTaxAccount': () => new Promise<Answer>((resolve) => (answer = resolve)) });
    fillIn();
    save();
    await waitFor(() => expect(saveButton().disabled).toBe(true));
    // A second tap while saving does nothing.
    save();
    await act(async () => answer(noAnswer()));
    await waitFor(() => expect(saveButton().disabled).toBe(false));
    expect(api.bodiesOf('taxAccount/setTaxAccount')).toEqual([SENT]);
    expect(toldTheCatalogue).toEqual(['请求失败,请重试']);

    save();
    await waitFor(() => expect(toldTheCatalogue).toEqual(['请求失败,请重试', NO_REPEAT_MESSAGE]));
    expect(api.bodiesOf('taxAccount/setTaxAccount')).toHaveLength(1);
    expect(url()).toBe('/my/taxAccount/set');

    rs.setSystemTime(Date.now() + NO_REPEAT_WINDOW_MS);
    api.route('taxAccount/setTaxAccount', ok(null));
    save();
    await waitFor(() => expect(url()).toBe('/my/taxAccount'));
    expect(api.bodiesOf('taxAccount/setTaxAccount')).toEqual([SENT, SENT]);
  });

  test('the fields a refusal names (result.fields) show its messages under them', async () => {
    openForm(null, {
      'taxAccount/setTaxAccount': fail(4000, '手机号(phone) 格式不正确', { fields: { phone: '手机号(phone) 格式不正确' } }),
    });
    fillIn();
    save();
    await waitFor(() => expect(errors()).toEqual(['手机号(phone) 格式不正确']));
    expect(screen.getByText('手机号(phone) 格式不正确').closest('.adm-form-item')?.textContent).toContain('手机号');
  });
});
