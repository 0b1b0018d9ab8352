import { afterEach, describe, expect, rs, test } from '@rstest/core';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { TRIP_DISTANCE_MESSAGES, TRIP_FARE_MESSAGES, TRIP_TIME_MESSAGES } from '@app/domain/taxi-trip';
import { pageMeta } from '@app/host-sdk/route-meta';
import { fail, ok, renderPage, type Route } from '@app/host-sdk/testing';
import { CARS, TAXI_DRIVER, trip } from '../../test-support/fixtures';
import { FARE_SHAPE_MESSAGE } from './trip-form-rules';
import TaxiTripPage from './TaxiTripPage';

afterEach(() => {
  rs.useRealTimers();
  cleanup();
});

const open = (calls: Record<string, Route> = {}) =>
  renderPage(<TaxiTripPage />, {
    url: '/taxi/trip',
    meta: pageMeta('TaxiTrip', '记录行程'),
    user: TAXI_DRIVER,
    cars: CARS,
    calls: {
      'taxiCar/getMyCars': ok(CARS),
      'taxiTrip/create': ok(trip({ state: '未分享', shareCode: null })),
      'taxiTrip/shareTrip': ok({ code: 'AbC123xyz', url: '/t/AbC123xyz', trip: trip() }),
      ...calls,
    },
  });

const fieldOf = (label: string) =>
  screen.getByText(label, { selector: '.adm-form-item-label, .adm-form-item-label *' }).closest('.adm-form-item') as HTMLElement;
const type = (label: string, value: string) => fireEvent.change(within(fieldOf(label)).getByRole('textbox'), { target: { value } });
const submit = () => fireEvent.click(screen.getByRole('button', { name: '记录并分享' }));

function fill() {
  type('上车地点', ' 杭州东站 ');
  type('下车地点', '西湖文化广场');
  type('里程（公里）', '12.35');
  type('车费（元）', '46.5');
}

describe('TaxiTripPage', () => {
  test('records a trip for the default car in metres and fen, shares it and opens its share page', async () => {
    const { api, url } = open();
    expect(await screen.findByText('浙A·T1234')).toBeTruthy();
    fill();
    submit();
    await waitFor(() => expect(url()).toBe('/taxi/trip/share?id=trip-1'));
    const [body] = api.bodiesOf('taxiTrip/create') as Record<string, unknown>[];
    expect(body).toMatchObject({ carId: 'car-1', fromPlace: '杭州东站', toPlace: '西湖文化广场', distanceMetres: 12_350, fareFen: 4_650 });
    // A trip that just ended: a quarter of an hour, ending this minute.
    const start = Date.parse(String(body?.startTime));
    const end = Date.parse(String(body?.endTime));
    expect(end - start).toBe(15 * 60_000);
    expect(Date.now() - end).toBeLessThan(120_000);
    expect(api.bodiesOf('taxiTrip/shareTrip')).toEqual([{ id: 'trip-1' }]);
  });

  test("the domain's checks show under the fields and nothing is sent", async () => {
    const { api } = open();
    await screen.findByText('浙A·T1234');
    submit();
    expect(await within(fieldOf('上车地点')).findByText('请填写上车地点')).toBeTruthy();
    expect(within(fieldOf('里程（公里）')).getByText('请填写里程')).toBeTruthy();
    type('里程（公里）', '0');
    expect(await within(fieldOf('里程（公里）')).findByText(TRIP_DISTANCE_MESSAGES.zero)).toBeTruthy();
    type('里程（公里）', '12.345');
    expect(await within(fieldOf('里程（公里）')).findByText(TRIP_DISTANCE_MESSAGES.shape)).toBeTruthy();
    type('里程（公里）', '2001');
    expect(await within(fieldOf('里程（公里）')).findByText(TRIP_DISTANCE_MESSAGES.tooFar)).toBeTruthy();
    type('车费（元）', '四十');
    expect(await within(fieldOf('车费（元）')).findByText(FARE_SHAPE_MESSAGE)).toBeTruthy();
    type('车费（元）', '20000.01');
    expect(await within(fieldOf('车费（元）')).findByText(TRIP_FARE_MESSAGES.tooMuch)).toBeTruthy();
    expect(api.bodiesOf('taxiTrip/create')).toEqual([]);
  });

  test('a form left open for more than 180 days says the trip is too old', async () => {
    rs.useFakeTimers({ toFake: ['Date'] });
    const { api } = open();
    await screen.findByText('浙A·T1234');
    fill();
    rs.setSystemTime(Date.now() + 181 * 24 * 3600_000);
    submit();
    expect(await within(fieldOf('下车时间')).findByText(TRIP_TIME_MESSAGES.tooOld)).toBeTruthy();
    expect(api.bodiesOf('taxiTrip/create')).toEqual([]);
  });

  test("the server's refusal shows under the field it names", async () => {
    open({ 'taxiTrip/create': fail(4000, '车费不能超过 20000 元', { fields: { fareFen: '车费不能超过 20000 元' } }) });
    await screen.findByText('浙A·T1234');
    fill();
    submit();
    expect(await within(fieldOf('车费（元）')).findByText('车费不能超过 20000 元')).toBeTruthy();
  });

  test('without a car it points to adding one', async () => {
    const { url } = renderPage(<TaxiTripPage />, { url: '/taxi/trip', user: TAXI_DRIVER, calls: { 'taxiCar/getMyCars': ok([]) } });
    fireEvent.click(await screen.findByRole('button', { name: '去添加车辆' }));
    expect(url()).toBe('/taxi/cars');
  });

  test('a time field shows its minute and opens the date picker (loaded on the first tap) titled with the field', async () => {
    open();
    await screen.findByText('浙A·T1234');
    const start = screen.getByRole('button', { name: /^上车时间：\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/ });
    expect(document.querySelector('.adm-picker')).toBeNull();
    fireEvent.click(start);
    expect(await screen.findByText('选择上车时间')).toBeTruthy();
    // 取消 keeps the minute chosen before.
    fireEvent.click(screen.getByText('取消'));
    expect(screen.getByRole('button', { name: start.getAttribute('aria-label') ?? '' })).toBeTruthy();
  });

  test('更换 leads to the cars page', async () => {
    const { url } = open();
    fireEvent.click(await screen.findByRole('button', { name: '更换' }));
    expect(url()).toBe('/taxi/cars');
  });
});
