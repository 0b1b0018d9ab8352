import { afterEach, describe, expect, test } from '@rstest/core';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { UserDetail } from '@app/contract/user';
import { ok, renderPage, taxAccount, userDetail, type Answer, type Route } from '@app/host-sdk/testing';
import MyTaxAccountPage from './MyTaxAccountPage';

const MANAGER = userDetail();
const EMPLOYEE = userDetail({ nickname: '王芳', permissions: ['company_user_role'] });
const PERSON = userDetail({
  company: false,
  companyInfo: null,
  permissions: [],
  account: { username: null, agreed: false, privacyPolicyVersion: null },
});

const NOT_LOGGED_IN = taxAccount();
const LOGGED_IN = taxAccount({ loginState: '已登录', expirationTime: '2099-01-01T04:00:00.000Z' });
const READY = taxAccount({ ...LOGGED_IN, scanFaceState: '已认证', scanFaceTime: '2024-05-01T01:30:00.000Z' });

/** 税务账号 for `user`, the tax account not loaded yet (the page asks for it), the API answering `calls`. */
const openAccount = (user: UserDetail, calls: Record<string, Route> = {}) =>
  renderPage(<MyTaxAccountPage />, { url: '/my/taxAccount', user, calls });

/** A row of the page: its label and what it shows. */
const row = (label: string) => screen.getByText(label).closest('.adm-list-item') as HTMLElement;
/** The open confirmation (antd-mobile renders it into the body). */
const confirmation = () =>
  waitFor(() => {
    const dialog = document.querySelector<HTMLElement>('.adm-dialog-body');
    if (!dialog) throw new Error('no confirmation');
    return dialog;
  });

afterEach(() => {
  cleanup();
  // The confirmation and the host's dialogs live outside the page: none is left for the next test to find.
  document.body.innerHTML = '';
});

describe('MyTaxAccountPage', () => {
  test('not a company user: 仅企业用户可用, pointed to binding a company; the account is not asked for', async () => {
    const { api, url } = openAccount(PERSON);
    expect(screen.getByText('仅企业用户可用')).toBeTruthy();
    expect(screen.getByText('绑定企业后，企业管理员和员工可在此管理电子税务局授权')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '绑定企业' }));
    expect(url()).toBe('/my/company/bind');
    expect(api.calls).toEqual([]);
  });

  test('loading: a skeleton until the account the page asks for is there', async () => {
    let answer: (value: Answer) => void = () => undefined;
    const { api } = openAccount(MANAGER, { 'taxAccount/getTaxAccount': () => new Promise<Answer>((resolve) => (answer = resolve)) });
    expect(screen.getByLabelText('加载中').getAttribute('aria-busy')).toBe('true');
    await waitFor(() => expect(api.bodiesOf('taxAccount/getTaxAccount')).toEqual([{}]));
    await act(async () => answer(ok(READY)));
    expect(await screen.findByText('纳税人识别号')).toBeTruthy();
    expect(screen.queryByLabelText('加载中')).toBeNull();
  });

  test('no account yet: a manager is offered 设置账号, an employee is not', async () => {
    const { url } = openAccount(MANAGER, { 'taxAccount/getTaxAccount': ok(null) });
    expect(await screen.findByText('尚未设置电子税务局账号')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '设置账号' }));
    expect(url()).toBe('/my/taxAccount/set');

    cleanup();
    openAccount(EMPLOYEE, { 'taxAccount/getTaxAccount': ok(null) });
    expect(await screen.findByText('尚未设置电子税务局账号')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '设置账号' })).toBeNull();
  });

  test('an account logged in and authenticated today: the tax number, who logs in, the expiry and the time of the face check', async () => {
    openAccount(MANAGER, { 'taxAccount/getTaxAccount': ok(READY) });
    expect(within(await waitFor(() => row('纳税人识别号'))).getByText('91310000MA1FL8XQ3X')).toBeTruthy();
    expect(within(row('登录身份')).getByText('办税员 张三')).toBeTruthy();
    expect(within(row('手机号')).getByText('138****5678')).toBeTruthy();
    expect(within(row('登录状态')).getByText('已登录')).toBeTruthy();
    expect(within(row('登录状态')).getByText('有效期至 2099-01-01 12:00')).toBeTruthy();
    expect(within(row('今日刷脸')).getByText('已认证')).toBeTruthy();
    expect(within(row('今日刷脸')).getByText('认证时间 2024-05-01 09:30')).toBeTruthy();
  });

  test('not logged in, not authenticated: says so, and that tax tasks will fail', async () => {
    openAccount(MANAGER, { 'taxAccount/getTaxAccount': ok(NOT_LOGGED_IN) });
    expect(within(await waitFor(() => row('登录状态'))).getByText('未登录')).toBeTruthy();
    expect(within(row('登录状态')).queryByText(/有效期至/)).toBeNull();
    expect(within(row('今日刷脸')).getByText('未认证')).toBeTruthy();
    expect(within(row('今日刷脸')).getByText('今日未认证，开票等涉税任务将失败')).toBeTruthy();
  });

  test('登录 opens the host’s 登录授权; once it is closed the page shows the account afresh', async () => {
    const { api } = openAccount(EMPLOYEE, { 'taxAccount/getTaxAccount': ok(NOT_LOGGED_IN) });
    fireEvent.click(await screen.findByRole('button', { name: '登录' }));
    const login = await screen.findByRole('dialog', { name: '登录授权' });
    await within(login).findByText('短信授权');
    // Logged in meanwhile (a scan on another phone).
    api.route('taxAccount/getTaxAccount', ok(LOGGED_IN));
    fireEvent.click(login.querySelector('.adm-center-popup-close') as Element);
    await waitFor(() => expect(within(row('登录状态')).getByText('已登录')).toBeTruthy());
    expect(within(row('登录状态')).getByText('有效期至 2099-01-01 12:00')).toBeTruthy();
  });

  test('刷脸 opens the host’s 刷脸认证; once it is closed the page shows the account afresh', async () => {
    const { api } = openAccount(EMPLOYEE, { 'taxAccount/getTaxAccount': ok(LOGGED_IN) });
    fireEvent.click(await screen.findByRole('button', { name: '刷脸' }));
    const face = await screen.findByRole('dialog', { name: '刷脸认证' });
    await within(face).findByRole('status');
    api.route('taxAccount/getTaxAccount', ok(READY));
    fireEvent.click(face.querySelector('.adm-center-popup-close') as Element);
    await waitFor(() => expect(within(row('今日刷脸')).getByText('已认证')).toBeTruthy());
    expect(within(row('今日刷脸')).getByText('认证时间 2024-05-01 09:30')).toBeTruthy();
  });

  test('an employee may log in and authenticate, but neither set the account nor clear the authorisation', async () => {
    openAccount(EMPLOYEE, { 'taxAccount/getTaxAccount': ok(READY) });
    expect(await screen.findByRole('button', { name: '登录' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '刷脸' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: '设置账号' })).toBeNull();
    expect(screen.queryByRole('button', { name: '清除授权' })).toBeNull();
  });

  test('a manager: 设置账号 opens the form; 清除授权 asks first, then clears the login and face check and shows it', async () => {
    const { api, router, url } = openAccount(MANAGER, {
      'taxAccount/getTaxAccount': ok(READY),
      'taxAccount/clearAuthState': () => {
        api.route('taxAccount/getTaxAccount', ok(NOT_LOGGED_IN));
        return ok(null);
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: '设置账号' }));
    expect(url()).toBe('/my/taxAccount/set');
    await act(() => router.navigate(-1));

    fireEvent.click(await screen.findByRole('button', { name: '清除授权' }));
    expect(within(await confirmation()).getByText('清除后需要重新登录电子税务局并刷脸认证，确定清除吗？')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '取消' }));
    await waitFor(() => expect(document.querySelector('.adm-dialog-body')).toBeNull());
    expect(api.bodiesOf('taxAccount/clearAuthState')).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: '清除授权' }));
    await confirmation();
    fireEvent.click(screen.getByRole('button', { name: '清除' }));
    expect(await screen.findByText('已清除授权')).toBeTruthy();
    expect(api.bodiesOf('taxAccount/clearAuthState')).toEqual([{}]);
    await waitFor(() => expect(within(row('登录状态')).getByText('未登录')).toBeTruthy());
    expect(within(row('今日刷脸')).getByText('未认证')).toBeTruthy();
  });
});
