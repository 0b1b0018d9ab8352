import { afterEach, describe, expect, test } from '@rstest/core';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { pageMeta } from '@app/host-sdk/route-meta';
import { renderPage, userDetail } from '@app/host-sdk/testing';
import InvoiceCreatePage from './InvoiceCreatePage';

const EMPLOYEE = userDetail({ nickname: '李明', permissions: ['company_user_role'] });
const open = (user = EMPLOYEE) =>
  renderPage(<InvoiceCreatePage />, { url: '/invoice/create', meta: pageMeta('InvoiceCreate', '开具发票'), user });

afterEach(cleanup);

describe('InvoiceCreatePage', () => {
  test('a company user gets the full form: buyer details, quantities, remarks and delivery', () => {
    open();
    expect(document.title).toBe('开具发票');
    for (const label of ['发票类型', '银行账号', '数量', '含税单价', '含税金额', '合计金额', '价税合计', '备注', '接收手机', '接收邮箱'])
      expect(screen.getByText(label)).toBeTruthy();
  });

  test('anyone else is pointed to binding a company', () => {
    const { url } = open(userDetail({ company: false, companyInfo: null, permissions: [] }));
    expect(screen.getByText('仅企业用户可开票')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '绑定企业' }));
    expect(url()).toBe('/my/company/bind');
  });
});
