import { afterEach, describe, expect, test } from '@rstest/core';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { pageMeta } from '@app/host-sdk/route-meta';
import { ok, renderPage } from '@app/host-sdk/testing';
import { PASSENGER, trip } from '../../test-support/fixtures';
import MyTripPage from './MyTripPage';

afterEach(cleanup);

const TITLE = {
  id: 'title-1',
  kind: '个人',
  name: '张三',
  taxNumber: '',
  address: '',
  phone: '',
  bankName: '',
  bankAccount: '',
  email: '',
  isDefault: true,
  createdAt: '2025-01-01T00:00:00.000Z',
};
const box = (route: string) => {
  const labelled = screen.getByLabelText(`选择 ${route}`);
  return (labelled instanceof HTMLInputElement ? labelled : labelled.querySelector('input')) as HTMLInputElement;
};

describe('MyTripPage', () => {
  test('received trips of one company are chosen together and 申请开票 asks for one invoice to a title', async () => {
    const { api } = renderPage(<MyTripPage />, {
      url: '/my/trip',
      meta: pageMeta('MyTrip', '我的行程'),
      user: PASSENGER,
      calls: {
        'taxiTrip/getMyTrips': ok({
          total: 4,
          list: [
            trip({ id: 't1', state: '已领取', receivedByMe: true, fromPlace: '杭州东站', toPlace: '西湖文化广场' }),
            trip({ id: 't2', state: '已领取', receivedByMe: true, fromPlace: '西湖文化广场', toPlace: '萧山机场' }),
            trip({
              id: 't3',
              state: '已领取',
              receivedByMe: true,
              companyName: '杭州另一出租汽车公司',
              fromPlace: '城站',
              toPlace: '滨江',
            }),
            trip({ id: 't4', state: '已开票', receivedByMe: true, fromPlace: '武林广场', toPlace: '黄龙' }),
          ],
        }),
        'title/list': ok({ total: 1, list: [TITLE] }),
        'taxiTrip/applyInvoice': ok({ trips: [] }),
      },
    });
    await screen.findByText('武林广场 → 黄龙');
    // An invoiced trip offers nothing to choose.
    expect(screen.queryByLabelText('选择 武林广场 → 黄龙')).toBeNull();
    fireEvent.click(box('杭州东站 → 西湖文化广场'));
    await waitFor(() => expect(box('城站 → 滨江').disabled).toBe(true));
    fireEvent.click(box('西湖文化广场 → 萧山机场'));
    fireEvent.click(await screen.findByRole('button', { name: '申请开票（2 个行程）' }));
    fireEvent.click(await screen.findByRole('button', { name: /张三/ }));
    await waitFor(() => expect(api.bodiesOf('taxiTrip/applyInvoice')).toEqual([{ ids: ['t1', 't2'], titleId: 'title-1' }]));
    expect(await screen.findByText('已申请开票')).toBeTruthy();
  });
});
