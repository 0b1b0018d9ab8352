import { afterEach, beforeEach, describe, expect, rs, test } from '@rstest/core';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { getToken, sessionStore, userDetailAtom } from '@app/host-sdk/session';
import type { UserDetail } from '@app/contract/user';
import { fail, ok, renderPage, taxAccount, userDetail, type Route } from '@app/host-sdk/testing';
import { FIRST_CALLS } from '../../first-calls';
import { invitationFixture } from '../../test-support/invitations';
import MyPage from './MyPage';

const EMPLOYEE = userDetail({
  nickname: '王芳',
  permissions: ['company_user_role'],
  companyInfo: { ...(userDetail().companyInfo as NonNullable<UserDetail['companyInfo']>), roleName: '员工' },
});
const PERSON = userDetail({
  nickname: '张晓',
  company: false,
  companyInfo: null,
  permissions: [],
  account: { username: null, agreed: false, privacyPolicyVersion: null },
});

/** 我的 for `user`, the API answering `calls`. */
const openMy = (user: UserDetail = userDetail(), calls: Record<string, Route> = {}, account?: ReturnType<typeof taxAccount> | null) =>
  renderPage(<MyPage />, { url: '/my', user, calls, taxAccount: account });
const OFFLINE_PAY = userDetail({
  nickname: '赵收款',
  permissions: ['benefit_payment'],
  companyInfo: { ...(userDetail().companyInfo as NonNullable<UserDetail['companyInfo']>), roleName: '线下收款管理员' },
});
const TAXI_MANAGER = userDetail({
  nickname: '赵强',
  permissions: ['company_manage', 'company_user_role', 'taxi_trip_manage'],
  companyInfo: { ...(userDetail().companyInfo as NonNullable<UserDetail['companyInfo']>), roleName: '车队管理员' },
});
/** The menu entries shown, in order. */
const entries = () => Array.from(document.querySelectorAll('.my-page__menu .adm-list-item-content-main')).map((node) => node.textContent);

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

  test('隐私政策 is there for everyone and opens the host’s /privacy', () => {
    const { url } = openMy(PERSON);
    fireEvent.click(screen.getByText('隐私政策'));
    expect(url()).toBe('/privacy');
  });

  test('设置 (账号与安全) is there for everyone and opens /my/settings', () => {
    const { url } = openMy(PERSON);
    fireEvent.click(screen.getByText('设置'));
    expect(url()).toBe('/my/settings');
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
    expect(api.bodiesOf('user/signOut')).toEqual([]);
    expect(getToken()).not.toBeNull();

    fireEvent.click(screen.getByRole('button', { name: '退出登录' }));
    await confirmation();
    fireEvent.click(screen.getByRole('button', { name: '退出' }));
    await waitFor(() => expect(replaced).toEqual(['/login']));
    expect(api.bodiesOf('user/signOut')).toEqual([{}]);
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

  test.each([
    [
      'a company manager',
      userDetail(),
      [
        '我的企业',
        '商品管理',
        '员工管理',
        '操作日志',
        '子码管理',
        '店铺码',
        '钱包',
        '统计',
        '我的行程',
        '乘客信息',
        '发票抬头',
        '税务账号',
        '生活服务入驻',
        '联系客服',
        '隐私政策',
        '设置',
      ],
    ],
    [
      'a company employee',
      EMPLOYEE,
      [
        '我的企业',
        '商品管理',
        '子码管理',
        '店铺码',
        '统计',
        '我的行程',
        '乘客信息',
        '发票抬头',
        '税务账号',
        '联系客服',
        '隐私政策',
        '设置',
      ],
    ],
    [
      'an offline-pay manager',
      OFFLINE_PAY,
      ['我的企业', '绑定企业', '钱包', '我的行程', '乘客信息', '发票抬头', '联系客服', '隐私政策', '设置'],
    ],
    ['a user of no company', PERSON, ['我的企业', '绑定企业', '我的行程', '乘客信息', '发票抬头', '联系客服', '隐私政策', '设置']],
    [
      'a taxi manager',
      TAXI_MANAGER,
      [
        '我的企业',
        '商品管理',
        '员工管理',
        '操作日志',
        '子码管理',
        '店铺码',
        '钱包',
        '统计',
        '我的行程',
        '乘客信息',
        '记录行程',
        '车辆管理',
        '分享记录',
        '企业行程',
        '发票抬头',
        '税务账号',
        '生活服务入驻',
        '联系客服',
        '隐私政策',
        '设置',
      ],
    ],
  ])('%s sees the menu their permissions allow', (_case, user, expected) => {
    openMy(user);
    expect(entries()).toEqual(expected);
  });

  test('invitations to the user’s phone: 我的企业 says how many wait, and opens them', async () => {
    const { url, api } = openMy(PERSON, {
      'company/myInvitations': ok({
        list: [invitationFixture(), invitationFixture({ id: 'i-2', companyName: '杭州顺达出租汽车有限公司' })],
      }),
    });
    expect(await screen.findByText('2 个邀请待处理')).toBeTruthy();
    // The page's first call is the one the remote declares, so the host page sends it with the HTML.
    expect(api.bodiesOf('company/myInvitations')).toEqual([{}]);
    expect(FIRST_CALLS['/my']).toEqual([{ path: 'company/myInvitations', body: {} }]);
    fireEvent.click(screen.getByText('我的企业'));
    expect(url()).toBe('/my/companies');
  });

  test.each([
    ['我的企业', '/my/companies'],
    ['商品管理', '/my/companyGoods'],
    ['员工管理', '/my/companyUsers'],
    ['操作日志', '/my/audit'],
    ['子码管理', '/my/subCode'] /* the router drops the trailing slash of /my/subCode/ */,
    ['店铺码', '/my/shop-code'],
    ['钱包', '/my/wallet'],
    ['统计', '/my/statistics/invoiceStatistics'],
    ['生活服务入驻', '/tools/join/lifeServices'],
    ['我的行程', '/my/trip'],
    ['乘客信息', '/my/passenger'],
    ['发票抬头', '/titles/list'],
    ['记录行程', '/taxi/trip'],
    ['车辆管理', '/taxi/cars'],
    ['分享记录', '/taxi/share/list'],
    ['企业行程', '/my/taxi/trip'],
  ])('%s opens %s', (label, address) => {
    const { url } = openMy(TAXI_MANAGER);
    fireEvent.click(screen.getByText(label));
    expect(url()).toBe(address);
  });

  test('the tax account card, a link, shows the login and face states and opens 税务账号', () => {
    const { url } = openMy(userDetail(), {}, taxAccount({ loginState: '已登录', scanFaceState: '未认证' }));
    const card = screen.getByRole('link', { name: /^电子税务局/ });
    expect(within(card).getByText('已登录')).toBeTruthy();
    expect(within(card).getByText('未认证')).toBeTruthy();
    fireEvent.click(card);
    expect(url()).toBe('/my/taxAccount');
  });

  test('a company without a tax account is asked to set one up; a user of no company sees no card', () => {
    openMy(userDetail(), {}, null);
    expect(within(screen.getByRole('link', { name: /^电子税务局/ })).getByText('尚未设置电子税务局账号，设置后才能开票')).toBeTruthy();
    cleanup();
    openMy(PERSON);
    expect(screen.queryByRole('link', { name: /^电子税务局/ })).toBeNull();
  });

  test('the profile follows a switch of company in the session store', async () => {
    openMy();
    act(() =>
      sessionStore.set(
        userDetailAtom,
        userDetail({
          companyInfo: {
            ...(userDetail().companyInfo as NonNullable<UserDetail['companyInfo']>),
            name: '杭州出租车有限公司',
            roleName: '出租车管理员',
          },
        }),
      ),
    );
    expect(await within(profile()).findByText('杭州出租车有限公司 · 出租车管理员')).toBeTruthy();
  });
});
