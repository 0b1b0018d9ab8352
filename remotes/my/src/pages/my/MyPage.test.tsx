import { afterEach, beforeEach, describe, expect, rs, test } from '@rstest/core';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { getToken, sessionStore, userDetailAtom } from '@app/host-sdk/session';
import type { UserDetail } from '@app/contract/user';
import { fail, ok, renderPage, userDetail, type Route } from '@app/host-sdk/testing';
import MyPage from './MyPage';

const EMPLOYEE = userDetail({
  nickname: '王芳',
  permissions: ['company_user_role'],
  companyInfo: { ...(userDetail().companyInfo as NonNullable<UserDetail['companyInfo']>), roleName: '员工' },
});
const PERSON = userDetail({ nickname: '张晓', company: false, companyInfo: null, permissions: [], account: { username: null, agreed: false } });

/** 我的 for `user`, the API answering `calls`. */
const openMy = (user: UserDetail = userDetail(), calls: Record<string, Route> = {}) => renderPage(<MyPage />, { url: '/my', user, calls });

const profile = () => screen.getByRole('region', { name: '个人信息' });
/** The open confirmation (antd-mobile renders it into the body). */
const confirmation = () =>
  waitFor(() => {
    const dialog = document.querySelector<HTMLElement>('.adm-dialog-body');
    if (!dialog) throw new Error('no confirmation');
    return dialog;
  });

let replaced: string[];
beforeEach(() => {
  replaced = [];
  // signOut() leaves with a full load of the sign-in page.
  rs.spyOn(window.location, 'replace').mockImplementation((url: string | URL) => void replaced.push(String(url)));
});
afterEach(() => {
  cleanup();
  rs.restoreAllMocks();
  // The confirmation lives outside the page: none is left for the next test to find.
  document.body.innerHTML = '';
});

describe('MyPage', () => {
  test('who is signed in, for which company and as what, with the initial for an avatar', () => {
    openMy();
    expect(document.title).toBe('我的');
    expect(within(profile()).getByText('李老板')).toBeTruthy();
    expect(within(profile()).getByText('上海示例商贸有限公司 · 管理员')).toBeTruthy();
    expect(within(profile()).getByText('李')).toBeTruthy();
  });

  test.each([
    ['a company manager', userDetail()],
    ['a company employee', EMPLOYEE],
  ])('%s: 税务账号 and 联系客服, no 绑定企业', async (_case, user) => {
    const { router, url } = openMy(user);
    expect(screen.queryByText('绑定企业')).toBeNull();
    fireEvent.click(screen.getByText('税务账号'));
    expect(url()).toBe('/my/taxAccount');
    await act(() => router.navigate(-1));
    fireEvent.click(screen.getByText('联系客服'));
    expect(url()).toBe('/my/contactUs');
  });

  test('a user of no company: 未绑定企业, and 绑定企业 instead of 税务账号', () => {
    const { url } = openMy(PERSON);
    expect(within(profile()).getByText('张晓')).toBeTruthy();
    expect(within(profile()).getByText('未绑定企业')).toBeTruthy();
    expect(screen.queryByText('税务账号')).toBeNull();
    fireEvent.click(screen.getByText('绑定企业'));
    expect(url()).toBe('/my/company/bind');
  });

  test('退出登录 asks first: 取消 stays signed in, 退出 ends the session on the server and opens the sign-in page', async () => {
    const { api } = openMy(userDetail(), { 'user/signOut': ok({ signedOut: true }) });
    fireEvent.click(screen.getByRole('button', { name: '退出登录' }));
    expect(within(await confirmation()).getByText('退出后需要重新授权登录，确定退出吗？')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '取消' }));
    await waitFor(() => expect(document.querySelector('.adm-dialog-body')).toBeNull());
    expect(api.calls).toEqual([]);
    expect(getToken()).not.toBeNull();

    fireEvent.click(screen.getByRole('button', { name: '退出登录' }));
    await confirmation();
    fireEvent.click(screen.getByRole('button', { name: '退出' }));
    await waitFor(() => expect(replaced).toEqual(['/login']));
    expect(api.calls).toEqual([{ path: 'user/signOut', body: {} }]);
    expect(getToken()).toBeNull();
    expect(sessionStore.get(userDetailAtom)).toBeNull();
  });

  test('a sign-out the server could not take: says why, stays signed in, and 退出登录 can be tapped again', async () => {
    const { api } = openMy(userDetail(), { 'user/signOut': fail(5000, '服务暂时不可用，请稍后重试') });
    fireEvent.click(screen.getByRole('button', { name: '退出登录' }));
    await confirmation();
    fireEvent.click(screen.getByRole('button', { name: '退出' }));
    expect(await screen.findByText('退出失败：服务暂时不可用，请稍后重试')).toBeTruthy();
    expect(api.bodiesOf('user/signOut')).toEqual([{}]);
    expect(replaced).toEqual([]);
    expect(getToken()).not.toBeNull();
    expect(sessionStore.get(userDetailAtom)?.nickname).toBe('李老板');
    await waitFor(() => expect((screen.getByRole('button', { name: '退出登录' }) as HTMLButtonElement).disabled).toBe(false));
  });
});
