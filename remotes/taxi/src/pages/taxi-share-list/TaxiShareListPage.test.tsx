import { afterEach, describe, expect, test } from '@rstest/core';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { pageMeta } from '@app/host-sdk/route-meta';
import { ok, renderPage } from '@app/host-sdk/testing';
import { TAXI_DRIVER, trip } from '../../test-support/fixtures';
import TaxiShareListPage from './TaxiShareListPage';

afterEach(cleanup);

const TOTALS = { trips: 3, fareFen: 10_000, distanceMetres: 30_000 };
const TRIPS = [
  trip({ id: 'trip-3', fromPlace: '萧山机场', toPlace: '武林广场', state: '待领取' }),
  trip({ id: 'trip-2', fromPlace: '杭州东站', toPlace: '西湖文化广场', state: '已领取', passengerName: '乘客小张' }),
  trip({ id: 'trip-1', fromPlace: '城站', toPlace: '滨江', state: '未分享', shareCode: null }),
];

describe('TaxiShareListPage', () => {
  test('shared trips with their states, by state; a row opens its share page', async () => {
    const { api, url } = renderPage(<TaxiShareListPage />, {
      url: '/taxi/share/list',
      meta: pageMeta('TaxiShareList', '分享记录'),
      user: TAXI_DRIVER,
      calls: {
        'taxiTrip/queryTrips': (body) =>
          ok({ total: 3, totals: TOTALS, list: body.state ? TRIPS.filter((one) => one.state === body.state) : TRIPS }),
      },
    });
    const received = await screen.findByRole('button', { name: '杭州东站 → 西湖文化广场' });
    expect(within(received).getByLabelText('行程状态 已领取')).toBeTruthy();
    expect(within(received).getByText('乘客小张')).toBeTruthy();
    expect(within(screen.getByRole('button', { name: '萧山机场 → 武林广场' })).getByLabelText('行程状态 待领取')).toBeTruthy();
    // Recorded but never shared: not a share.
    expect(screen.queryByText('城站 → 滨江')).toBeNull();
    expect(api.bodiesOf('taxiTrip/queryTrips')).toEqual([{ page: 1 }]);

    fireEvent.click(screen.getByText('全部状态'));
    fireEvent.click(await screen.findByText('待领取', { selector: '.adm-selector-item, .adm-selector-item *' }));
    await waitFor(() => expect(api.bodiesOf('taxiTrip/queryTrips')).toEqual([{ page: 1 }, { state: '待领取', page: 1 }]));
    await waitFor(() => expect(screen.queryByText('杭州东站 → 西湖文化广场')).toBeNull());

    fireEvent.click(screen.getByRole('button', { name: '萧山机场 → 武林广场' }));
    expect(url()).toBe('/taxi/trip/share?id=trip-3');
  });
});
