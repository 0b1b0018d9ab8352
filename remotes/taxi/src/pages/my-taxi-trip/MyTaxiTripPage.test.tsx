import { afterEach, describe, expect, rs, test } from '@rstest/core';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { pageMeta } from '@app/host-sdk/route-meta';
import { ok, renderPage } from '@app/host-sdk/testing';
import { CARS, TAXI_DRIVER, TAXI_MANAGER, trip } from '../../test-support/fixtures';
import MyTaxiTripPage, { daysOf } from './MyTaxiTripPage';

afterEach(() => {
  rs.useRealTimers();
  cleanup();
});

const choose = async (text: string) =>
  fireEvent.click(await screen.findByText(text, { selector: '.adm-selector-item, .adm-selector-item *' }));

describe('MyTaxiTripPage', () => {
  test('the company trips with the totals of the filter, by car and by day range', async () => {
    rs.useFakeTimers({ toFake: ['Date'] });
    rs.setSystemTime(new Date('2026-03-10T04:00:00.000Z'));
    const { api } = renderPage(<MyTaxiTripPage />, {
      url: '/my/taxi/trip',
      meta: pageMeta('MyTaxiTrip', '企业行程'),
      user: TAXI_MANAGER,
      cars: CARS,
      calls: {
        'taxiCar/getMyCars': ok(CARS),
        'taxiTrip/queryTrips': (body) =>
          ok(
            body.carId
              ? {
                  total: 1,
                  totals: { trips: 1, fareFen: 4_650, distanceMetres: 12_350 },
                  list: [trip({ passengerName: '乘客小张', state: '已领取' })],
                }
              : {
                  total: 2,
                  totals: { trips: 2, fareFen: 16_650, distanceMetres: 42_350 },
                  list: [trip(), trip({ id: 'trip-2', carId: 'car-2', licensePlateNumber: '浙A·D12345' })],
                },
          ),
      },
    });
    const totals = await screen.findByRole('region', { name: '合计' });
    await waitFor(() => expect(within(totals).getByText('¥166.50')).toBeTruthy());
    expect(within(totals).getByText('2')).toBeTruthy();
    expect(within(totals).getByText('42.35')).toBeTruthy();

    fireEvent.click(screen.getByText('全部车辆'));
    await choose('浙A·T1234');
    await waitFor(() => expect(within(screen.getByRole('region', { name: '合计' })).getByText('¥46.50')).toBeTruthy());
    expect(screen.getByText('乘客小张')).toBeTruthy();

    fireEvent.click(screen.getByText('全部日期'));
    await choose('近 7 天');
    await waitFor(() =>
      expect(api.bodiesOf('taxiTrip/queryTrips')).toContainEqual({ carId: 'car-1', fromDay: '2026-03-04', toDay: '2026-03-10', page: 1 }),
    );
    expect(api.bodiesOf('taxiTrip/queryTrips')[0]).toEqual({ page: 1 });
  });

  test('day ranges are China days', () => {
    // 2026-03-31 23:30 in China is still the 31st there.
    const now = new Date('2026-03-31T15:30:00.000Z');
    expect(daysOf('today', now)).toEqual({ fromDay: '2026-03-31', toDay: '2026-03-31' });
    expect(daysOf('thisMonth', now)).toEqual({ fromDay: '2026-03-01', toDay: '2026-03-31' });
    expect(daysOf('month30', now)).toEqual({ fromDay: '2026-03-02', toDay: '2026-03-31' });
  });

  test('only a taxi company manager sees it', () => {
    renderPage(<MyTaxiTripPage />, { url: '/my/taxi/trip', user: TAXI_DRIVER });
    expect(screen.getByText('仅出租车企业可用')).toBeTruthy();
  });
});
