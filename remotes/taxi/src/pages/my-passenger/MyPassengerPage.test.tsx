import { afterEach, describe, expect, test } from '@rstest/core';
import { cleanup, screen, within } from '@testing-library/react';
import { ok, renderPage } from '@app/host-sdk/testing';
import { PASSENGER } from '../../test-support/fixtures';
import MyPassengerPage from './MyPassengerPage';

afterEach(cleanup);

describe('MyPassengerPage', () => {
  test('the nickname and the default title', async () => {
    renderPage(<MyPassengerPage />, {
      url: '/my/passenger',
      user: PASSENGER,
      calls: {
        'title/list': ok({
          total: 2,
          list: [
            {
              id: 't2',
              kind: '个人',
              name: '张三',
              taxNumber: '',
              address: '',
              phone: '',
              bankName: '',
              bankAccount: '',
              email: '',
              isDefault: false,
              createdAt: '2025-01-01T00:00:00.000Z',
            },
            {
              id: 't1',
              kind: '企业',
              name: '杭州西湖文化传媒有限公司',
              taxNumber: '91110000802100433B',
              address: '',
              phone: '',
              bankName: '',
              bankAccount: '',
              email: 'a@b.cn',
              isDefault: true,
              createdAt: '2025-01-01T00:00:00.000Z',
            },
          ],
        }),
      },
    });
    expect(within(screen.getByRole('region', { name: '个人信息' })).getByText('乘客小张')).toBeTruthy();
    const title = screen.getByRole('region', { name: '默认发票抬头' });
    expect(await within(title).findByText('杭州西湖文化传媒有限公司')).toBeTruthy();
    expect(within(title).getByText('91110000802100433B')).toBeTruthy();
  });
});
