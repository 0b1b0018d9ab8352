import { afterEach, describe, expect, rs, test } from '@rstest/core';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { sessionStore, userDetailAtom } from '@app/host-sdk/session';
import { fail, ok, renderPage, settle, taxAccount, userDetail, type Route } from '@app/host-sdk/testing';
import { invitationFixture } from '../../test-support/invitations';
import type { UserDetail } from '@app/contract/user';
import type { BindCode, MyCompany } from './companies-api';
import MyCompaniesPage from './MyCompaniesPage';

const SHANGHAI: MyCompany = {
  id: 'c-1',
  name: '上海示例商贸有限公司',
  xsfNsrsbh: '91310000MA1FL8XQ3X',
  roleName: '管理员',
  permissions: ['company_manage', 'company_user_role'],
  current: true,
};
const HANGZHOU: MyCompany = {
  id: 'c-2',
  name: '杭州出租车有限公司',
  xsfNsrsbh: '91330100MA2H4K6P0Y',
  roleName: '员工',
  permissions: ['company_user_role'],
  current: false,
};
const INVITATION = invitationFixture();
const CODE: BindCode = { code: 'AB12CD34', shortPath: '/t/AB12CD34', expiresAt: '2026-12-01T04:00:00.000Z' };
const COMPANY_INFO = userDetail().companyInfo as NonNullable<UserDetail['companyInfo']>;
const EMPLOYEE = userDetail({ permissions: ['company_user_role'], companyInfo: { ...COMPANY_INFO, roleName: '员工' } });

function open(user: UserDetail = userDetail(), calls: Record<string, Route> = {}) {
  return renderPage(<MyCompaniesPage />, {
    url: '/my/companies',
    user,
    calls: {
      'company/getMyCompanies': ok({ total: 2, list: [SHANGHAI, HANGZHOU] }),
      'company/getBindCode': ok(null),
      ...calls,
    },
  });
}

const row = (name: string) => screen.getByRole('article', { name });
const dialog = () =>
  waitFor(() => {
    const node = document.querySelector<HTMLElement>('.adm-dialog');
    if (!node) throw new Error('no dialog');
    return node;
  });
const dialogButton = async (name: string) => within(await dialog()).getByRole('button', { name });

afterEach(() => {
  rs.useRealTimers();
  cleanup();
  document.body.innerHTML = '';
});

describe('MyCompaniesPage', () => {
  test('lists the companies with tax number and role, the current one marked 当前', async () => {
    open();
    expect(await screen.findByRole('article', { name: '杭州出租车有限公司' })).toBeTruthy();
    expect(document.title).toBe('我的企业');
    expect(within(row('上海示例商贸有限公司')).getByText('当前')).toBeTruthy();
    expect(within(row('上海示例商贸有限公司')).getByText('91310000MA1FL8XQ3X')).toBeTruthy();
    expect(within(row('上海示例商贸有限公司')).getByText('管理员')).toBeTruthy();
    expect(within(row('杭州出租车有限公司')).queryByText('当前')).toBeNull();
    expect(within(row('杭州出租车有限公司')).getByText('员工')).toBeTruthy();
  });

  test('switching asks first, calls changeCompany, reloads the session for the new company and goes home', async () => {
    const switched = userDetail({
      companyInfo: { ...COMPANY_INFO, id: 'c-2', name: '杭州出租车有限公司', roleName: '员工' },
      permissions: ['company_user_role'],
    });
    const { api, url } = open(userDetail(), {
      'company/changeCompany': ok({ id: 'c-2' }),
      'user/getOfficialAccountLoginUserInfo': ok(switched),
      'taxAccount/getTaxAccount': ok(taxAccount()),
    });
    fireEvent.click(await screen.findByRole('article', { name: '杭州出租车有限公司' }));
    expect(within(await dialog()).getByText('切换到“杭州出租车有限公司”？切换后开票、票夹等将显示该企业的数据。')).toBeTruthy();
    fireEvent.click(await dialogButton('取消'));
    await waitFor(() => expect(document.querySelector('.adm-dialog')).toBeNull());
    expect(api.bodiesOf('company/changeCompany')).toEqual([]);

    fireEvent.click(row('杭州出租车有限公司'));
    fireEvent.click(await dialogButton('切换'));
    expect(await screen.findByText('已切换到杭州出租车有限公司')).toBeTruthy();
    expect(url()).toBe('/');
    expect(api.bodiesOf('company/changeCompany')).toEqual([{ id: 'c-2' }]);
    expect(api.bodiesOf('user/getOfficialAccountLoginUserInfo')).toEqual([{}]);
    expect(sessionStore.get(userDetailAtom)?.companyInfo?.name).toBe('杭州出租车有限公司');
  });

  test('the current company is not switched to again', async () => {
    rs.useFakeTimers({ shouldAdvanceTime: true });
    const { api } = open();
    fireEvent.click(await screen.findByRole('article', { name: '上海示例商贸有限公司' }));
    await settle();
    expect(document.querySelector('.adm-dialog')).toBeNull();
    expect(api.bodiesOf('company/changeCompany')).toEqual([]);
  });

  test('a refused switch says why and stays', async () => {
    const { url } = open(userDetail(), { 'company/changeCompany': fail(1003, '您已不是该企业的成员') });
    fireEvent.click(await screen.findByRole('article', { name: '杭州出租车有限公司' }));
    fireEvent.click(await dialogButton('切换'));
    expect(await screen.findByText('切换失败：您已不是该企业的成员')).toBeTruthy();
    expect(url()).toBe('/my/companies');
    expect(sessionStore.get(userDetailAtom)?.companyInfo?.name).toBe('上海示例商贸有限公司');
  });

  test('a user of no company sees the empty state with 绑定企业', async () => {
    const { url } = open(userDetail({ company: false, companyInfo: null, permissions: [] }), {
      'company/getMyCompanies': ok({ total: 0, list: [] }),
    });
    expect(await screen.findByText('您还没有加入任何企业，输入企业绑定码即可加入')).toBeTruthy();
    expect(screen.queryByRole('region', { name: '企业绑定码' })).toBeNull();
    expect(screen.queryByRole('button', { name: '绑定新企业' })).toBeNull();
    expect(screen.queryByText('点击企业可切换为当前企业')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '绑定企业' }));
    expect(url()).toBe('/my/company/bind');
  });

  test('绑定新企业 opens the bind page', async () => {
    const { url } = open();
    expect(await screen.findByText('点击企业可切换为当前企业')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '绑定新企业' }));
    expect(url()).toBe('/my/company/bind');
  });

  test('the list failing to load offers 重试', async () => {
    const { api } = open(userDetail(), { 'company/getMyCompanies': fail(5000, '服务暂时不可用') });
    expect(await screen.findByText('服务暂时不可用')).toBeTruthy();
    api.route('company/getMyCompanies', ok({ total: 1, list: [SHANGHAI] }));
    fireEvent.click(screen.getByRole('button', { name: '重试' }));
    expect(await screen.findByRole('article', { name: '上海示例商贸有限公司' })).toBeTruthy();
  });

  test('an employee sees no bind code', async () => {
    const { api } = open(EMPLOYEE);
    await screen.findByRole('article', { name: '杭州出租车有限公司' });
    expect(screen.queryByRole('region', { name: '企业绑定码' })).toBeNull();
    expect(api.bodiesOf('company/getBindCode')).toEqual([]);
  });

  test('a manager generates a bind code: the code, its expiry and the QR image of its short link', async () => {
    const { api } = open(userDetail(), { 'company/createBindCode': ok(CODE) });
    const card = await screen.findByRole('region', { name: '企业绑定码' });
    fireEvent.click(await within(card).findByRole('button', { name: '生成绑定码' }));
    expect(await within(card).findByText('AB12CD34')).toBeTruthy();
    expect(await screen.findByText('已生成绑定码')).toBeTruthy();
    expect(within(card).getByText('有效期至 2026-12-01 12:00')).toBeTruthy();
    expect(within(card).getByText(`${window.location.origin}/t/AB12CD34`)).toBeTruthy();
    const image = (await within(card).findByRole('img', { name: '企业绑定二维码' })) as HTMLImageElement;
    expect(image.src.startsWith('data:image/png;base64,')).toBe(true);
    expect(image.dataset.text).toBe(`${window.location.origin}/t/AB12CD34`);
    expect(api.bodiesOf('company/createBindCode')).toEqual([{}]);
  });

  test('重新生成 and 作废 ask first', async () => {
    const next: BindCode = { ...CODE, code: 'ZZ99YY88', shortPath: '/t/ZZ99YY88' };
    const { api } = open(userDetail(), {
      'company/getBindCode': ok(CODE),
      'company/createBindCode': ok(next),
      'company/revokeBindCode': ok({ revoked: true }),
    });
    const card = await screen.findByRole('region', { name: '企业绑定码' });
    expect(await within(card).findByText('AB12CD34')).toBeTruthy();

    fireEvent.click(within(card).getByRole('button', { name: '重新生成' }));
    fireEvent.click(await dialogButton('重新生成'));
    expect(await within(card).findByText('ZZ99YY88')).toBeTruthy();
    await waitFor(() => expect(document.querySelector('.adm-dialog')).toBeNull());

    fireEvent.click(within(card).getByRole('button', { name: '作废' }));
    expect(within(await dialog()).getByText('作废后，任何人都无法再用此绑定码或二维码加入企业。确定作废吗？')).toBeTruthy();
    fireEvent.click(await dialogButton('取消'));
    await waitFor(() => expect(document.querySelector('.adm-dialog')).toBeNull());
    expect(api.bodiesOf('company/revokeBindCode')).toEqual([]);

    fireEvent.click(within(card).getByRole('button', { name: '作废' }));
    fireEvent.click(await dialogButton('作废'));
    expect(await screen.findByText('绑定码已作废')).toBeTruthy();
    expect(await within(card).findByRole('button', { name: '生成绑定码' })).toBeTruthy();
    expect(api.bodiesOf('company/revokeBindCode')).toEqual([{}]);
  });

  test('a bind code that failed to load offers 重试', async () => {
    const { api } = open(userDetail(), { 'company/getBindCode': fail(5000, '服务暂时不可用') });
    const card = await screen.findByRole('region', { name: '企业绑定码' });
    expect(await within(card).findByText('绑定码加载失败：服务暂时不可用')).toBeTruthy();
    api.route('company/getBindCode', ok(CODE));
    fireEvent.click(within(card).getByRole('button', { name: '重试' }));
    expect(await within(card).findByText('AB12CD34')).toBeTruthy();
  });
  test('an invitation: 加入 joins the company, which becomes current for a user of none; the session is reloaded and home opens', async () => {
    const joinedAs = userDetail({
      companyInfo: { ...COMPANY_INFO, id: 'c-9', name: '杭州优税通科技有限公司', roleName: '员工' },
      permissions: ['company_user_role'],
    });
    const { api, url } = open(userDetail({ company: false, companyInfo: null, permissions: [] }), {
      'company/getMyCompanies': ok({ total: 0, list: [] }),
      'company/myInvitations': ok({ list: [INVITATION] }),
      'company/acceptInvitation': ok({ companyId: 'c-9', companyName: '杭州优税通科技有限公司', current: true }),
      'user/getOfficialAccountLoginUserInfo': ok(joinedAs),
      'taxAccount/getTaxAccount': ok(taxAccount()),
    });
    const invitations = await screen.findByRole('region', { name: '企业邀请' });
    const card = within(invitations).getByRole('article', { name: '杭州优税通科技有限公司' });
    expect(card.textContent).toContain('邀请您以员工身份加入');
    fireEvent.click(within(card).getByRole('button', { name: '加入' }));
    expect(await screen.findByText('已加入杭州优税通科技有限公司')).toBeTruthy();
    await waitFor(() => expect(url()).toBe('/'));
    expect(api.bodiesOf('company/acceptInvitation')).toEqual([{ id: 'i-1' }]);
    expect(sessionStore.get(userDetailAtom)?.companyInfo?.name).toBe('杭州优税通科技有限公司');
  });

  test('an invitation: 拒绝 asks first, then declines it and it leaves the page; one taken back meanwhile says so', async () => {
    let answered = false;
    const { api, url } = open(userDetail(), {
      'company/myInvitations': () =>
        ok({ list: answered ? [] : [INVITATION, { ...INVITATION, id: 'i-2', companyName: '杭州顺达出租汽车有限公司' }] }),
      'company/declineInvitation': () => {
        answered = true;
        return ok({ id: 'i-1' });
      },
    });
    const invitations = await screen.findByRole('region', { name: '企业邀请' });
    fireEvent.click(
      within(within(invitations).getByRole('article', { name: '杭州优税通科技有限公司' })).getByRole('button', { name: '拒绝' }),
    );
    expect(within(await dialog()).getByText('确定拒绝加入“杭州优税通科技有限公司”吗？')).toBeTruthy();
    fireEvent.click(await dialogButton('拒绝'));
    expect(await screen.findByText('已拒绝邀请')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('region', { name: '企业邀请' })).toBeNull());
    expect(api.bodiesOf('company/declineInvitation')).toEqual([{ id: 'i-1' }]);
    expect(url()).toBe('/my/companies');
  });

  test('an invitation the manager took back: 该邀请已失效', async () => {
    open(userDetail(), {
      'company/myInvitations': ok({ list: [INVITATION] }),
      'company/acceptInvitation': fail(4004, '该邀请不存在或已失效'),
    });
    const invitations = await screen.findByRole('region', { name: '企业邀请' });
    fireEvent.click(within(invitations).getByRole('button', { name: '加入' }));
    expect(await screen.findByText('该邀请已失效')).toBeTruthy();
  });
});
