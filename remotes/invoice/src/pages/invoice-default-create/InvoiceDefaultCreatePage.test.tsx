import { afterEach, describe, expect, test } from '@rstest/core';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { pageMeta } from '@app/host-sdk/route-meta';
import type { TaxAccount } from '@app/contract/tax-account';
import type { UserDetail } from '@app/contract/user';
import { mockApi, ok, renderPage, type Route } from '@app/host-sdk/testing';
import { refreshTaxAccount } from '@app/host-sdk/session-loader';
import type { Application } from '@app/contract/invoice-application';
import { application as applicationFixture } from '../../test-support/applications';
import { sessionStore, userDetailAtom } from '@app/host-sdk/session';
import { FIRST_CALLS } from '../../first-calls';
import InvoiceDefaultCreatePage, { prepare } from './InvoiceDefaultCreatePage';

const COMPANY = {
  id: 'company-1',
  name: '杭州优税通科技有限公司',
  qylx: '1',
  businessTypes: ['零售'],
  xsfNsrsbh: '91330106MA2KD0T7X5',
  address: '',
  phone: '',
  bankName: '',
  bankAccount: '',
  code: 'YST0001',
  roleName: '管理员',
  serviceExpiresAt: '2099-01-01T00:00:00.000Z',
};

const MANAGER: UserDetail = {
  id: 'user-1',
  nickname: '李明',
  avatarUrl: null,
  company: true,
  companyUser: true,
  companyInfo: COMPANY,
  permissions: ['company_manage', 'company_user_role'],
  account: { username: 'liming', agreed: true, privacyPolicyVersion: '2026-12-01' },
  tester: false,
};

const PERSON: UserDetail = {
  ...MANAGER,
  id: 'user-2',
  nickname: '张晓',
  company: false,
  companyUser: false,
  companyInfo: null,
  permissions: [],
  account: { username: null, agreed: false, privacyPolicyVersion: null },
};

const ACCOUNT: TaxAccount = {
  nsrsbh: COMPANY.xsfNsrsbh,
  loginIdentity: '03',
  loginIdentityName: '办税员',
  personName: '李明',
  phone: '13800001111',
  accountState: 1,
  loginState: '已登录',
  expirationTime: '2099-01-01T00:00:00.000Z',
  scanFaceState: '未认证',
  scanFaceTime: null,
  supportedLoginMethod: ['smscode', 'qrcode'],
  passwordSet: true,
};

const SUMMARY = { applying: 3, waiting: 120, pendingTasks: 0, issuedThisMonth: 7, issuedThisMonthFen: 1_234_550 };

const application = (overrides: Partial<Application>): Application =>
  applicationFixture('app-1', {
    companyName: '杭州优税通科技有限公司',
    buyer: { name: '张晓', taxNumber: '', address: '', phone: '', bankName: '', bankAccount: '', naturalPerson: true },
    grossFen: 8_800,
    createdAt: '2025-03-01T04:05:00.000Z',
    ...overrides,
  });

/** The home page (`/`) for `user`, a company's tax account loaded as ACCOUNT, the API answering `calls`. */
function openHome(user: UserDetail, calls: Record<string, Route>) {
  return renderPage(<InvoiceDefaultCreatePage />, {
    url: '/',
    meta: pageMeta('InvoiceDefaultCreate', '开票', { tabBar: true, keepAlive: false }),
    user,
    taxAccount: user.company ? ACCOUNT : undefined,
    calls,
  });
}

afterEach(cleanup);

const shortcut = (name: RegExp | string) =>
  screen.getByRole('navigation', { name: '常用功能' }).querySelector(`a[aria-label${typeof name === 'string' ? `="${name}"` : ''}]`);

describe('InvoiceDefaultCreatePage', () => {
  test('a company user: the company with 切换, the tax-bureau strip with its dialogs, shortcuts with counts, the quick form', async () => {
    const { api } = openHome(MANAGER, { 'invoice/homeSummary': ok(SUMMARY), 'taxAccount/getTaxAccount': ok(ACCOUNT) });

    const header = await screen.findByRole('region', { name: '当前企业' });
    expect(header.textContent).toContain(COMPANY.name);
    expect(header.textContent).toContain(`税号 ${COMPANY.xsfNsrsbh}`);
    expect(within(header).getByText('切换').getAttribute('href')).toBe('/my/companies');
    await waitFor(() => expect(header.textContent).toContain('本月已开票 7 张 · 价税合计 ¥12,345.50'));
    expect(api.bodiesOf('taxAccount/getTaxAccount')).toHaveLength(1);
    // The page's first call is the one the remote declares for a company user (the host page may have sent it already).
    expect(api.bodiesOf('invoice/homeSummary')).toEqual([{}]);
    expect(FIRST_CALLS['/']).toEqual([{ path: 'invoice/homeSummary', body: {}, for: 'companyUser' }]);

    const strip = screen.getByRole('region', { name: '税务局状态' });
    expect(document.title).toBe('开票');
    expect(strip.textContent).toContain('登录状态已登录');
    expect(strip.textContent).toContain('刷脸状态未认证');
    // Logged in: no 登录 (the bureau would refuse a second login), but until when it holds.
    expect(within(strip).queryByRole('button', { name: '登录' })).toBeNull();
    expect(strip.textContent).toContain('有效期至 2099-01-01 08:00');
    // 刷脸 opens 刷脸认证; authenticated meanwhile (on the phone), the strip shows it once the dialog is closed.
    fireEvent.click(within(strip).getByRole('button', { name: '刷脸' }));
    const face = await screen.findByRole('dialog', { name: '刷脸认证' });
    await within(face).findByRole('status');
    api.route('taxAccount/getTaxAccount', ok({ ...ACCOUNT, scanFaceState: '已认证', scanFaceTime: '2025-03-01T01:00:00.000Z' }));
    fireEvent.click(face.querySelector('.adm-center-popup-close') as Element);
    await waitFor(() => expect(strip.textContent).toContain('刷脸状态已认证'));
    expect(within(strip).queryByRole('button', { name: '刷脸' })).toBeNull();
    expect(strip.textContent).toContain('今日有效');

    expect(shortcut('开票申请 3')?.getAttribute('href')).toBe('/invoice/applying/list');
    expect(shortcut('开票申请 3')?.textContent).toContain('3');
    expect(shortcut('待开票 120')?.textContent).toContain('99+');
    expect(shortcut('开票任务')?.getAttribute('href')).toBe('/invoice/task/list');
    expect(shortcut('红字发票')?.getAttribute('href')).toBe('/invoice/return');
    expect(shortcut('开票二维码')?.getAttribute('href')).toBe('/invoice/qrcode');
    expect(shortcut('出租车发票')).toBeNull();

    const quick = screen.getByRole('region', { name: '快速开票' });
    expect(within(quick).getByText('更多选项').getAttribute('href')).toBe('/invoice/create');
    expect(within(quick).getByRole('button', { name: '开具发票' })).toBeTruthy();
    expect(screen.queryByText('我的开票申请')).toBeNull();
  });

  test('on a first load the tax account the start-up has just loaded is shown as it is, not asked for again', async () => {
    mockApi({ 'taxAccount/getTaxAccount': ok(ACCOUNT) });
    await refreshTaxAccount();
    const { api } = openHome(MANAGER, { 'invoice/homeSummary': ok(SUMMARY), 'taxAccount/getTaxAccount': ok(ACCOUNT) });

    const strip = await screen.findByRole('region', { name: '税务局状态' });
    expect(strip.textContent).toContain('登录状态已登录');
    await waitFor(() => expect(api.bodiesOf('invoice/homeSummary')).toEqual([{}]));
    expect(api.bodiesOf('taxAccount/getTaxAccount')).toEqual([]);
  });

  test('not logged in at the bureau: 登录 opens the host’s 登录授权', async () => {
    const account: TaxAccount = { ...ACCOUNT, loginState: '未登录', expirationTime: null };
    renderPage(<InvoiceDefaultCreatePage />, {
      url: '/',
      meta: pageMeta('InvoiceDefaultCreate', '开票', { tabBar: true, keepAlive: false }),
      user: MANAGER,
      taxAccount: account,
      calls: { 'invoice/homeSummary': ok(SUMMARY), 'taxAccount/getTaxAccount': ok(account) },
    });
    const strip = await screen.findByRole('region', { name: '税务局状态' });
    expect(strip.textContent).toContain('登录状态未登录');
    expect(strip.textContent).not.toContain('有效期至');
    fireEvent.click(within(strip).getByRole('button', { name: '登录' }));
    const login = await screen.findByRole('dialog', { name: '登录授权' });
    expect(await within(login).findByText('短信授权')).toBeTruthy();
  });

  test('a taxi company user also gets 出租车发票', async () => {
    openHome(
      { ...MANAGER, permissions: ['company_manage', 'company_user_role', 'taxi_trip_manage'] },
      { 'invoice/homeSummary': ok(SUMMARY), 'taxAccount/getTaxAccount': ok(ACCOUNT) },
    );
    await screen.findByRole('navigation', { name: '常用功能' });
    expect(shortcut('出租车发票')?.getAttribute('href')).toBe('/invoice/taxi/create');
  });

  test('an ordinary user: their applications with status and reject reason, their titles and 绑定企业', async () => {
    const { api } = openHome(PERSON, {
      'invoiceApplication/mine': ok({
        total: 2,
        list: [
          application({ id: 'a1' }),
          application({
            id: 'a2',
            companyName: '杭州顺达出租汽车有限公司',
            status: '已拒绝',
            grossFen: 123_456,
            rejectReason: '金额与消费不符',
          }),
        ],
      }),
    });
    expect(await screen.findByText('你好，张晓')).toBeTruthy();
    const refused = await screen.findByRole('article', { name: '杭州顺达出租汽车有限公司 已拒绝' });
    expect(refused.textContent).toContain('¥1,234.56');
    expect(refused.textContent).toContain('拒绝原因：金额与消费不符');
    const waiting = screen.getByRole('article', { name: '杭州优税通科技有限公司 待审核' });
    expect(waiting.textContent).toContain('¥88.00');
    expect(waiting.textContent).toContain('2025-03-01 12:05');
    expect(waiting.textContent).not.toContain('拒绝原因');
    expect(api.bodiesOf('invoiceApplication/mine')).toEqual([{ page: 1 }]);
    expect(api.bodiesOf('invoice/homeSummary')).toEqual([]);

    expect(shortcut('我的抬头')?.getAttribute('href')).toBe('/titles/list');
    expect(shortcut('联系客服')?.getAttribute('href')).toBe('/my/contactUs');
    // Only what an ordinary user can open: the ticket folder is a company's (仅企业用户可用票夹), a passenger's trips theirs.
    expect(shortcut('我的票夹')).toBeNull();
    expect(shortcut('我的行程')?.getAttribute('href')).toBe('/my/trip');
    expect(
      within(screen.getByRole('region', { name: '欢迎' }))
        .getByText('绑定企业')
        .getAttribute('href'),
    ).toBe('/my/company/bind');
    expect(screen.queryByRole('region', { name: '税务局状态' })).toBeNull();
    expect(screen.queryByRole('button', { name: '开具发票' })).toBeNull();
  });

  test('an ordinary user without applications is told how to send one', async () => {
    openHome(PERSON, { 'invoiceApplication/mine': ok({ total: 0, list: [] }) });
    expect(await screen.findByText('还没有开票申请，扫描商家的开票二维码即可申请')).toBeTruthy();
  });
});

describe('prepare (loaded with the page, before it first shows)', () => {
  test("loads the personal home for anyone but a company user, whose home is the page's own module", async () => {
    sessionStore.set(userDetailAtom, MANAGER);
    expect(await prepare()).toBeUndefined();
    sessionStore.set(userDetailAtom, PERSON);
    expect(((await prepare()) as { default: { name: string } }).default.name).toBe('PersonalHome');
    sessionStore.set(userDetailAtom, null);
  });
});
