import { afterAll, afterEach, beforeAll, describe, expect, test } from '@rstest/core';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fail, ok, renderPage, userDetail, type Answer } from '@app/host-sdk/testing';
import type { CompanyMember } from '@app/contract/company';
import MyCompanyUsersPage from './MyCompanyUsersPage';

function member(id: string, overrides: Partial<CompanyMember> = {}): CompanyMember {
  return {
    id,
    pending: false,
    name: id,
    phone: '13800000003',
    role: 'employee',
    roleName: '员工',
    self: false,
    joinedAt: '2024-05-01T02:03:00.000Z',
    ...overrides,
  };
}

const ME = member('u-1', { name: '李老板', phone: '13800000002', role: 'manager', roleName: '管理员', self: true });

/** The page, answered by a server of members in memory; `remove` may answer otherwise (e.g. 2005). */
function openList(initial: CompanyMember[], options: { remove?: Answer } = {}) {
  let members = [...initial];
  return renderPage(<MyCompanyUsersPage />, {
    url: '/my/companyUsers',
    history: ['/my'],
    calls: {
      'companyUser/list': () => ok({ total: members.length, list: members }),
      'companyUser/remove': ({ userId }) => {
        if (options.remove) return options.remove;
        members = members.filter((item) => item.pending || item.id !== userId);
        return ok({ removed: true, bindCodeRevoked: true });
      },
      'companyUser/cancelInvitation': ({ id }) => {
        members = members.filter((item) => !item.pending || item.id !== id);
        return ok({ id });
      },
    },
  });
}

const card = (name: string) => screen.getByRole('article', { name });
const names = () => screen.queryAllByRole('article').map((node) => node.getAttribute('aria-label'));
const dialog = () => document.querySelector('.adm-dialog') as HTMLElement;
const dialogButton = (name: string) => within(dialog()).getByRole('button', { name });

const offsetParent = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'offsetParent');
beforeAll(() => {
  Object.defineProperty(HTMLElement.prototype, 'offsetParent', { configurable: true, get: () => document.body });
});
afterAll(() => {
  if (offsetParent) Object.defineProperty(HTMLElement.prototype, 'offsetParent', offsetParent);
});
afterEach(() => {
  cleanup();
  document.body.innerHTML = '';
});

describe('MyCompanyUsersPage', () => {
  test('members and pending invitations: name, masked phone, role tag, 待接受; 添加员工 opens the form', async () => {
    const { url } = openList([
      ME,
      member('王芳', { phone: '13800000003' }),
      member('inv-1', { name: '张三', pending: true, phone: '13800000001', role: 'taxi_manager', roleName: '车队管理员' }),
    ]);
    await waitFor(() => expect(names()).toEqual(['李老板', '王芳', '张三']));
    expect(within(card('王芳')).getByText('138****0003')).toBeTruthy();
    expect(within(card('王芳')).getByText('员工')).toBeTruthy();
    expect(within(card('王芳')).queryByText('待接受')).toBeNull();
    expect(within(card('张三')).getByText('待接受')).toBeTruthy();
    expect(within(card('张三')).getByText('车队管理员')).toBeTruthy();
    expect(within(card('张三')).getByText('138****0001')).toBeTruthy();
    expect(within(card('李老板')).getByText('管理员')).toBeTruthy();
    expect(screen.queryByText('13800000003')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '添加员工' }));
    expect(url()).toBe('/my/companyUsers/add');
  });

  test('the manager cannot remove themself: their row (我) has no action', async () => {
    openList([ME, member('王芳')]);
    await waitFor(() => expect(names()).toEqual(['李老板', '王芳']));
    expect(within(card('李老板')).getByText('我')).toBeTruthy();
    expect(within(card('李老板')).queryByRole('button')).toBeNull();
    expect(within(card('王芳')).getByRole('button', { name: '移除 王芳' })).toBeTruthy();
  });

  test('移除 asks first: 取消 keeps the member, 移除 removes them with companyUser/remove and says the bind code went with it', async () => {
    const { api } = openList([ME, member('u-3', { name: '王芳' })]);
    await waitFor(() => expect(names()).toEqual(['李老板', '王芳']));
    fireEvent.click(within(card('王芳')).getByRole('button', { name: '移除 王芳' }));
    expect(
      await screen.findByText(
        '确定将“王芳”移出本企业吗？移出后对方将无法再访问本企业；本企业当前的绑定码将同时作废，如需再邀请他人请重新生成。',
      ),
    ).toBeTruthy();
    fireEvent.click(dialogButton('取消'));
    await waitFor(() => expect(dialog()).toBeNull());
    expect(api.bodiesOf('companyUser/remove')).toEqual([]);

    fireEvent.click(within(card('王芳')).getByRole('button', { name: '移除 王芳' }));
    await screen.findByText(
      '确定将“王芳”移出本企业吗？移出后对方将无法再访问本企业；本企业当前的绑定码将同时作废，如需再邀请他人请重新生成。',
    );
    fireEvent.click(dialogButton('移除'));
    await waitFor(() => expect(names()).toEqual(['李老板']));
    expect(api.bodiesOf('companyUser/remove')).toEqual([{ userId: 'u-3' }]);
    // The manager learns that the bind code the member may have used is gone with them.
    expect(await screen.findByText('已移除，原绑定码已作废')).toBeTruthy();
  });

  test('a pending invitation is taken back with cancelInvitation', async () => {
    const { api } = openList([ME, member('inv-1', { name: '张三', pending: true })]);
    await waitFor(() => expect(names()).toEqual(['李老板', '张三']));
    fireEvent.click(within(card('张三')).getByRole('button', { name: '移除 张三' }));
    expect(await screen.findByText('确定取消对“张三”的邀请吗？对方将无法再接受邀请。')).toBeTruthy();
    fireEvent.click(dialogButton('移除'));
    await waitFor(() => expect(names()).toEqual(['李老板']));
    expect(api.bodiesOf('companyUser/cancelInvitation')).toEqual([{ id: 'inv-1' }]);
    expect(api.bodiesOf('companyUser/remove')).toEqual([]);
    expect(await screen.findByText('已取消邀请')).toBeTruthy();
  });

  test("the last manager (2005): the server's message is shown and the member stays", async () => {
    openList([ME, member('u-4', { name: '赵总', role: 'manager', roleName: '管理员' })], {
      remove: fail(2005, '企业至少需要保留一名管理员'),
    });
    await waitFor(() => expect(names()).toEqual(['李老板', '赵总']));
    fireEvent.click(within(card('赵总')).getByRole('button', { name: '移除 赵总' }));
    await screen.findByText(/确定将“赵总”移出本企业吗/);
    fireEvent.click(dialogButton('移除'));
    expect(await screen.findByText('企业至少需要保留一名管理员')).toBeTruthy();
    expect(screen.getByText('无法移除')).toBeTruthy();
    expect(names()).toEqual(['李老板', '赵总']);
  });

  test('not a manager: the page says only managers manage staff, and lists nobody', async () => {
    const { api } = renderPage(<MyCompanyUsersPage />, {
      url: '/my/companyUsers',
      user: userDetail({ permissions: ['company_user_role'] }),
    });
    expect(screen.getByText('仅企业管理员可管理员工')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '添加员工' })).toBeNull();
    expect(api.calls).toEqual([]);
  });
});
