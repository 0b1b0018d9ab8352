import { afterEach, describe, expect, test } from '@rstest/core';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fail, ok, renderPage, type PageOptions } from '@app/host-sdk/testing';
import type { CompanyMember } from '@app/contract/company';
import MyCompanyUsersAddPage from './MyCompanyUsersAddPage';

const ADDED: CompanyMember = {
  id: 'inv-1',
  pending: true,
  name: '张三',
  phone: '13800000001',
  role: 'employee',
  roleName: '员工',
  self: false,
  joinedAt: '2024-05-01T02:03:00.000Z',
};

const openForm = (options: PageOptions = {}) =>
  renderPage(<MyCompanyUsersAddPage />, { url: '/my/companyUsers/add', history: ['/my/companyUsers'], ...options });
const phoneField = () => screen.getByPlaceholderText('11 位手机号') as HTMLInputElement;
const nameField = () => screen.getByPlaceholderText('员工姓名') as HTMLInputElement;
const item = (label: string) => screen.getByText(label).closest('.adm-form-item') as HTMLElement;
const submit = () => fireEvent.click(screen.getByRole('button', { name: '添加' }));

afterEach(() => {
  cleanup();
  document.body.innerHTML = '';
});

describe('MyCompanyUsersAddPage', () => {
  test('offers every role with what it may do; 员工 is chosen at first', () => {
    openForm();
    for (const role of ['管理员', '员工', '车队管理员', '收款管理员']) expect(screen.getByText(role)).toBeTruthy();
    expect(screen.getByText('开票，管理商品、员工和企业设置')).toBeTruthy();
    expect(screen.getByText('员工').closest('.adm-selector-item')?.className).toContain('adm-selector-item-active');
  });

  test('validation: phone and name messages under the fields, nothing sent', async () => {
    const { api } = openForm();
    submit();
    expect(await within(item('手机号')).findByText('请填写手机号')).toBeTruthy();
    expect(within(item('姓名')).getByText('请填写姓名')).toBeTruthy();
    fireEvent.change(phoneField(), { target: { value: '1380000' } });
    expect(await within(item('手机号')).findByText('请填写 11 位手机号')).toBeTruthy();
    expect(api.bodiesOf('companyUser/add')).toEqual([]);
  });

  test('invites someone by phone: the toast says they join once they accept, then back to the list', async () => {
    const { api, url } = openForm({ calls: { 'companyUser/add': ok(ADDED) } });
    fireEvent.change(phoneField(), { target: { value: '13800000001' } });
    fireEvent.change(nameField(), { target: { value: ' 张三 ' } });
    fireEvent.click(screen.getByText('车队管理员'));
    submit();
    expect(await screen.findByText('已邀请张三，对方接受后加入本企业')).toBeTruthy();
    expect(api.bodiesOf('companyUser/add')).toEqual([{ phone: '13800000001', name: '张三', role: 'taxi_manager' }]);
    await waitFor(() => expect(url()).toBe('/my/companyUsers'));
  });

  test('the server refusing the phone (4000) shows its message under the field', async () => {
    openForm({ calls: { 'companyUser/add': fail(4000, '该手机号已是本企业员工', { fields: { phone: '该手机号已是本企业员工' } }) } });
    fireEvent.change(phoneField(), { target: { value: '13800000001' } });
    fireEvent.change(nameField(), { target: { value: '张三' } });
    submit();
    expect(await within(item('手机号')).findByText('该手机号已是本企业员工')).toBeTruthy();
  });
});
