import { afterEach, describe, expect, test } from '@rstest/core';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Title } from '@app/domain/invoice-title';
import { fail, ok, renderPage, type Route } from '@app/host-sdk/testing';
import { PASSENGER, trip } from '../../test-support/fixtures';
import { TAXI_RIDE_META } from './meta';
import TaxiRidePage from './TaxiRidePage';

afterEach(cleanup);

const TITLE: Title = {
  id: 'title-1',
  kind: '个人',
  name: '张三',
  taxNumber: '',
  address: '',
  phone: '',
  bankName: '',
  bankAccount: '',
  email: 'zhang@example.com',
  isDefault: true,
  createdAt: '2025-01-01T00:00:00.000Z',
};
const RECEIVED = trip({ state: '已领取', receivedByMe: true, receivedAt: '2026-03-01T01:30:00.000Z', shareCode: null });

const open = (calls: Record<string, Route>) =>
  renderPage(<TaxiRidePage />, { url: '/taxi/ride/AbC123xyz', path: '/taxi/ride/:code', meta: TAXI_RIDE_META, user: PASSENGER, calls });

describe('TaxiRidePage', () => {
  test('shows the trip and receives it; then 申请开票 with a title and a link to 我的行程', async () => {
    const { api, url } = open({
      'taxiTrip/get': ok(trip({ shareCode: null })),
      'taxiTrip/receiveTrip': ok(RECEIVED),
      'title/list': ok({ total: 1, list: [TITLE] }),
      'taxiTrip/applyInvoice': ok({ trips: [{ ...RECEIVED, state: '待开票' }] }),
    });
    const card = await screen.findByRole('region', { name: '行程' });
    for (const text of [
      '杭州示例出租汽车有限公司',
      '浙A·T1234',
      '2026-03-01 09:00',
      '2026-03-01 09:25',
      '杭州东站 → 西湖文化广场',
      '12.35 公里',
      '¥46.50',
    ])
      expect(within(card).getByText(text)).toBeTruthy();
    expect(api.bodiesOf('taxiTrip/get')).toEqual([{ code: 'AbC123xyz' }]);

    fireEvent.click(screen.getByRole('button', { name: '领取行程' }));
    expect(await screen.findByText('行程已领取，可申请开票')).toBeTruthy();
    expect(api.bodiesOf('taxiTrip/receiveTrip')).toEqual([{ id: 'trip-1', code: 'AbC123xyz' }]);

    fireEvent.click(screen.getByRole('button', { name: '申请开票' }));
    fireEvent.click(await screen.findByRole('button', { name: /张三/ }));
    expect(await screen.findByText('已申请开票，出租车公司开具后将发送给您')).toBeTruthy();
    expect(api.bodiesOf('taxiTrip/applyInvoice')).toEqual([{ ids: ['trip-1'], titleId: 'title-1', deliverEmail: 'zhang@example.com' }]);
    expect(screen.queryByRole('button', { name: '申请开票' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: '我的行程' }));
    expect(url()).toBe('/my/trip');
  });

  test('a trip another passenger received says so, with no 领取', async () => {
    open({ 'taxiTrip/get': ok(trip({ state: '已领取', receivedByMe: false, shareCode: null })) });
    expect(await screen.findByText('该行程已被其他乘客领取')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '领取行程' })).toBeNull();
  });

  test("received by someone else meanwhile: the server's 2005 shows as it says it", async () => {
    open({
      'taxiTrip/get': ok(trip({ shareCode: null })),
      'taxiTrip/receiveTrip': fail(2005, '该行程已被其他乘客领取，如有疑问请联系司机'),
    });
    fireEvent.click(await screen.findByRole('button', { name: '领取行程' }));
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe('该行程已被其他乘客领取，如有疑问请联系司机');
    await waitFor(() => expect(screen.queryByRole('button', { name: '领取行程' })).toBeNull());
  });

  test('an unknown code says so', async () => {
    open({ 'taxiTrip/get': fail(4004, '行程不存在') });
    expect(await screen.findByText('请核对二维码是否正确，或请司机重新出示')).toBeTruthy();
  });
});
