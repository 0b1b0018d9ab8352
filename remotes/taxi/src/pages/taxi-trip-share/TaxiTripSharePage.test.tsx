import { afterEach, describe, expect, rs, test } from '@rstest/core';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { pageMeta } from '@app/host-sdk/route-meta';
import { advance, httpAnswer, noAnswer, ok, renderPage, sequence, type Route } from '@app/host-sdk/testing';
import { TAXI_DRIVER, trip } from '../../test-support/fixtures';
import { TRIP_POLL_MS } from '../../features/trips/use-trip';
import TaxiTripSharePage from './TaxiTripSharePage';

afterEach(() => {
  rs.useRealTimers();
  cleanup();
});

const open = (calls: Record<string, Route>) =>
  renderPage(<TaxiTripSharePage />, {
    url: '/taxi/trip/share?id=trip-1',
    meta: pageMeta('TaxiTripShare', '分享行程'),
    user: TAXI_DRIVER,
    calls,
  });

const link = () => screen.getByLabelText('分享链接').textContent;

describe('TaxiTripSharePage', () => {
  test('a shared trip shows its QR code of the absolute short link, the trip and 待领取; it is not shared again', async () => {
    const { api } = open({ 'taxiTrip/get': ok(trip()) });
    const image = await screen.findByRole('img', { name: '行程二维码' });
    expect(image.getAttribute('data-text')).toBe(`${window.location.origin}/t/AbC123xyz`);
    expect(link()).toBe(`${window.location.origin}/t/AbC123xyz`);
    expect(screen.getByText('杭州东站 → 西湖文化广场')).toBeTruthy();
    expect(screen.getByText('12.35 公里')).toBeTruthy();
    expect(screen.getByText('¥46.50')).toBeTruthy();
    expect(screen.getByLabelText('行程状态 待领取')).toBeTruthy();
    expect(api.bodiesOf('taxiTrip/shareTrip')).toEqual([]);
  });

  test('a trip not shared yet is shared here, once, with the code the server gives it every time', async () => {
    const { api } = open({
      'taxiTrip/get': ok(trip({ state: '未分享', shareCode: null })),
      'taxiTrip/shareTrip': ok({ code: 'AbC123xyz', url: '/t/AbC123xyz', trip: trip() }),
    });
    await screen.findByRole('img', { name: '行程二维码' });
    expect(link()).toBe(`${window.location.origin}/t/AbC123xyz`);
    expect(api.bodiesOf('taxiTrip/shareTrip')).toEqual([{ id: 'trip-1' }]);
  });

  test('while 待领取 it asks again every few seconds, and shows 已领取 once the passenger has it (then stops asking)', async () => {
    rs.useFakeTimers({ shouldAdvanceTime: true });
    const { api } = open({
      'taxiTrip/get': sequence(
        ok(trip()),
        ok(trip()),
        ok(trip({ state: '已领取', receivedByMe: false, passengerName: '乘客小张', receivedAt: '2026-03-01T01:30:00.000Z' })),
      ),
    });
    await screen.findByLabelText('行程状态 待领取');
    await advance(TRIP_POLL_MS);
    await waitFor(() => expect(api.bodiesOf('taxiTrip/get')).toHaveLength(2));
    await advance(TRIP_POLL_MS);
    expect(await screen.findByLabelText('行程状态 已领取')).toBeTruthy();
    expect(screen.getByText('乘客小张')).toBeTruthy();
    await advance(TRIP_POLL_MS * 3);
    expect(api.bodiesOf('taxiTrip/get')).toHaveLength(3);
  });

  test('复制链接 copies the link; 再记一单 goes back to the form', async () => {
    const copied: string[] = [];
    Object.defineProperty(navigator, 'clipboard', {
      configurable: true,
      value: { writeText: async (text: string) => void copied.push(text) },
    });
    const { url } = open({ 'taxiTrip/get': ok(trip()) });
    fireEvent.click(await screen.findByRole('button', { name: '复制链接' }));
    expect(await screen.findByText('链接已复制')).toBeTruthy();
    expect(copied).toEqual([`${window.location.origin}/t/AbC123xyz`]);
    fireEvent.click(screen.getByRole('button', { name: '再记一单' }));
    expect(url()).toBe('/taxi/trip');
  });

  test('an unknown trip says so', async () => {
    open({ 'taxiTrip/get': { success: false, result: null, message: '行程不存在', errorCode: 4004 } });
    expect(await screen.findByText('没有找到这个行程')).toBeTruthy();
  });

  test("another company's trip: 无权查看, no 重试, and the way to the share list", async () => {
    open({ 'taxiTrip/get': { success: false, result: null, message: '无权查看该行程', errorCode: 1004 } });
    const view = await screen.findByRole('region', { name: '无权查看' });
    expect(view.textContent).toContain('无权查看该行程');
    expect(screen.queryByRole('button', { name: '重试' })).toBeNull();
    expect(screen.getByRole('button', { name: '查看分享记录' })).toBeTruthy();
  });

  test("refused by an HTTP 403 without the API's words: 无权查看 too, never a lost network", async () => {
    open({ 'taxiTrip/get': httpAnswer(403, 'Forbidden') });
    const view = await screen.findByRole('region', { name: '无权查看' });
    expect(view.getAttribute('data-icon')).toBe('refused');
    expect(within(view).queryByRole('button', { name: '重试' })).toBeNull();
    expect(within(view).getByRole('button', { name: '查看分享记录' })).toBeTruthy();
  });

  test('a failed load: 行程加载失败 with 重试 (and no way to the share list), which loads it again', async () => {
    const { api } = open({ 'taxiTrip/get': sequence(noAnswer(), ok(trip())) });
    const view = await screen.findByRole('region', { name: '行程加载失败' });
    expect(view.getAttribute('data-icon')).toBe('disconnected');
    expect(within(view).queryByRole('button', { name: '查看分享记录' })).toBeNull();
    fireEvent.click(within(view).getByRole('button', { name: '重试' }));
    expect(await screen.findByText('杭州东站 → 西湖文化广场')).toBeTruthy();
    expect(api.bodiesOf('taxiTrip/get')).toEqual([{ id: 'trip-1' }, { id: 'trip-1' }]);
  });

  test('opened without an id: not found, and nothing is asked', async () => {
    const { api } = renderPage(<TaxiTripSharePage />, {
      url: '/taxi/trip/share',
      user: TAXI_DRIVER,
      calls: { 'taxiTrip/get': ok(trip()) },
    });
    expect(await screen.findByRole('region', { name: '没有找到这个行程' })).toBeTruthy();
    expect(api.calls).toEqual([]);
  });
});
