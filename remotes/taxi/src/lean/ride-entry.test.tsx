/**
 * The ride page's lean page as a passenger's phone opens it cold (the entry module itself, run as its bundle runs
 * it): signed in, `taxiTrip/get` goes out with the start-up calls, the same page as the federated route, and 我的行程
 * loads the host. (The start-up rules themselves: shared/host-sdk/test/lean-page.test.tsx.)
 */
import { afterEach, expect, rs, test } from '@rstest/core';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { ok, mockApi, servicesConfig } from '@app/host-sdk/testing';
import { setToken } from '@app/host-sdk/session';
import { PASSENGER, trip } from '../test-support/fixtures';

const CONFIG = servicesConfig();

afterEach(() => {
  rs.restoreAllMocks();
  document.body.innerHTML = '';
});

test('opened cold at /taxi/ride/{code}: the trip with the start-up calls, 领取行程, then 我的行程 loads the host', async () => {
  const assigned: string[] = [];
  rs.spyOn(window.location, 'assign').mockImplementation((url: string | URL) => void assigned.push(String(url)));
  localStorage.clear();
  setToken('tok-abcdefghijklmnopqrstu');
  document.body.innerHTML = '<div id="root"></div>';
  window.history.replaceState(null, '', '/taxi/ride/AbC123xyz');
  const api = mockApi({
    'sysConfig/get': ok(CONFIG),
    'user/getOfficialAccountLoginUserInfo': ok(PASSENGER),
    'taxiTrip/get': ok(trip({ shareCode: null })),
    'taxiTrip/receiveTrip': ok(trip({ state: '已领取', receivedByMe: true, shareCode: null })),
  });

  await import('./ride-entry');
  expect(await screen.findByRole('heading', { name: '杭州示例出租汽车有限公司' })).toBeTruthy();
  expect(document.title).toBe('领取行程');
  expect(document.querySelector('.adm-nav-bar-title')?.textContent).toBe('领取行程');
  // One taxiTrip/get, sent with the start-up calls (not again by the page).
  expect(api.bodiesOf('taxiTrip/get')).toEqual([{ code: 'AbC123xyz' }]);
  expect(
    api.calls
      .slice(0, 3)
      .map((call) => call.path)
      .sort(),
  ).toEqual(['sysConfig/get', 'taxiTrip/get', 'user/getOfficialAccountLoginUserInfo']);

  fireEvent.click(screen.getByRole('button', { name: '领取行程' }));
  fireEvent.click(await screen.findByRole('button', { name: '我的行程' }));
  await waitFor(() => expect(assigned).toEqual(['/my/trip']));
});
