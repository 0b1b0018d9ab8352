import { afterEach, beforeAll, describe, expect, rs, test } from '@rstest/core';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import * as actualApiClient from '@app/host-sdk/api-client' with { rstest: 'importActual' };
import { sessionStore, userDetailAtom, type UserDetail } from '@app/host-sdk/session';
import { setupUi } from '@app/ui/setup';

const api = rs.hoisted(() => ({ callApi: rs.fn() }));
const router = rs.hoisted(() => ({ navigate: rs.fn() }));
rs.mock('@app/host-sdk/api-client', () => ({ ...actualApiClient, callApi: api.callApi }));
rs.mock('@app/host-sdk/router', () => ({ useNavigate: () => router.navigate, useRouteMeta: () => undefined }));
rs.mock('@app/host-sdk/dialogs', () => ({ ensureTaxReady: rs.fn(async () => true) }));

const { default: InvoiceCreatePage } = await import('./InvoiceCreatePage');

const USER: UserDetail = {
  id: 'user-1',
  nickname: '李明',
  avatarUrl: null,
  company: true,
  companyInfo: null,
  permissions: ['company_user_role'],
  account: { username: 'liming', agreed: true },
  tester: false,
};

beforeAll(() => setupUi());
afterEach(() => {
  cleanup();
  sessionStore.set(userDetailAtom, null);
});

describe('InvoiceCreatePage', () => {
  test('a company user gets the full form: buyer details, quantities, remarks and delivery', () => {
    sessionStore.set(userDetailAtom, USER);
    render(<InvoiceCreatePage />);
    expect(document.title).toBe('开具发票');
    for (const label of ['发票类型', '银行账号', '数量', '含税单价', '含税金额', '合计金额', '价税合计', '备注', '接收手机', '接收邮箱']) expect(screen.getByText(label)).toBeTruthy();
  });

  test('anyone else is pointed to binding a company', () => {
    sessionStore.set(userDetailAtom, { ...USER, company: false, permissions: [] });
    render(<InvoiceCreatePage />);
    expect(screen.getByText('仅企业用户可开票')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '绑定企业' }));
    expect(router.navigate).toHaveBeenCalledWith('/my/company/bind');
  });
});
