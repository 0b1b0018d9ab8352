/**
 * The ride page painted by the server for the passenger's session (docs/architecture.md, "First screens from the
 * server"): its server build asks for the trip with the session, and what it renders is the page's first render, so
 * the page hydrates it: the same elements, no `taxiTrip/get`, and 领取行程 answers once the page has started.
 */
import { afterEach, expect, rs, test } from '@rstest/core';
import { act, fireEvent, screen } from '@testing-library/react';
import { renderLeanPage } from '@app/host-sdk/lean-page';
import { leanFirstScreen } from '@app/host-sdk/lean-page-server';
import { sessionTag } from '@app/host-sdk/internal/carried-answers';
import { servicesConfigAtom, sessionStore, setToken } from '@app/host-sdk/session';
import { mockApi, ok, servicesConfig } from '@app/host-sdk/testing';
import { PASSENGER, trip } from '../test-support/fixtures';
import { RIDE_LEAN_PAGE } from './ride-page';

const CONFIG = servicesConfig();
const TOKEN = 'tok-passenger-abcdefghijklm';

afterEach(() => {
  rs.restoreAllMocks();
  document.head.innerHTML = '';
  document.body.innerHTML = '';
});

test('painted for the passenger: its server build asks with the session; the page hydrates the trip without asking again, and 领取行程 answers', async () => {
  const server = leanFirstScreen(RIDE_LEAN_PAGE);
  expect(server.firstCall('/taxi/ride/AbC123xyz')).toEqual({ path: 'taxiTrip/get', body: { code: 'AbC123xyz' }, session: true });
  expect(server.firstCall('/taxi/index')).toBeNull();

  const shared = trip({ shareCode: null });
  const html = server.render({ pathname: '/taxi/ride/AbC123xyz', result: shared, config: CONFIG, userAgent: navigator.userAgent });
  sessionStore.set(servicesConfigAtom, null);
  const block = { path: 'taxiTrip/get', body: { code: 'AbC123xyz' }, result: shared, session: await sessionTag(TOKEN) };
  document.head.innerHTML = `<script type="application/json" id="first-screen">${JSON.stringify(block)}</script>`;
  document.body.innerHTML = `<div id="root" data-first-screen>${html}</div>`;
  const heading = screen.getByRole('heading', { name: '杭州示例出租汽车有限公司' });
  const receive = screen.getByRole('button', { name: '领取行程' });

  localStorage.clear();
  setToken(TOKEN);
  window.history.replaceState(null, '', '/taxi/ride/AbC123xyz');
  const errors = rs.spyOn(console, 'error');
  const api = mockApi({
    'sysConfig/get': ok(CONFIG),
    'user/getOfficialAccountLoginUserInfo': ok(PASSENGER),
    'taxiTrip/receiveTrip': ok(trip({ state: '已领取', receivedByMe: true, shareCode: null })),
  });
  await act(async () => expect(await renderLeanPage(RIDE_LEAN_PAGE)).toBe('shown'));
  expect(screen.getByRole('heading', { name: '杭州示例出租汽车有限公司' })).toBe(heading);
  expect(screen.getByRole('button', { name: '领取行程' })).toBe(receive);
  expect(api.bodiesOf('taxiTrip/get')).toEqual([]);
  fireEvent.click(receive);
  expect(await screen.findByRole('button', { name: '我的行程' })).toBeTruthy();
  expect(api.bodiesOf('taxiTrip/receiveTrip')).toEqual([{ id: shared.id, code: 'AbC123xyz' }]);
  expect(errors).not.toHaveBeenCalled();
});
