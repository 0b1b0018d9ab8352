/**
 * A lean page whose first screen needs the session (docs/architecture.md, "First screens from the server"): the
 * passenger's ride page is painted for the session the request brings (back from signing in, the exchange the page
 * makes; else its cookie's), and carries the answers it was written with for the page's start to take; no cache keeps
 * it. Without a session, with another browser's code, or with a query the page would change, it is served as built.
 */
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from '@rstest/core';
import { type PageAnswer, SIGN_IN_VERIFIER_COOKIE } from '@app/contract/first-calls';
import type { PaintedFirstScreen } from '@app/contract/first-screen';
import { NO_CACHE } from '@app/deploy/cache-policy';
import { updateRegistry } from '@app/deploy/registry';
import { pageSessionTag } from '../src/auth/session-cookie';
import { issueSignInCode } from '../src/auth/sign-in-codes';
import { createTestServer, type TestServer } from './support/test-server';
import { newVerifier } from './support/sign-in-handover';

const START = 'takeCarriedAnswers()';
const PAGE = `<!doctype html><html><head><title>ride</title><script data-lean-start>${START}</script><script defer src="/remotes/taxi/1.0.0/ride/static/js/index.0123456789.js"></script></head><body><div id="root"></div></body></html>`;
/** The ride page's server build as the taxi remote's would be: the trip's call needs the session. */
const SERVER_BUILD = `
export const firstCall = (pathname) => {
  const code = /^\\/taxi\\/ride\\/([^/]+)$/.exec(pathname)?.[1];
  return code ? { path: 'taxiTrip/get', body: { code }, session: true } : null;
};
export const render = ({ result }) => '<h1>' + result.companyName + '</h1><p>' + result.fromPlace + '→' + result.toPlace + '</p>';`;

async function put(store: string, path: string, content: string) {
  await mkdir(join(store, path, '..'), { recursive: true });
  await writeFile(join(store, path), content);
}

const blockOf = <T>(html: string, id: string): T | null =>
  JSON.parse(new RegExp(`<script type="application/json" id="${id}">(.*?)</script>`).exec(html)?.[1] ?? 'null') as T | null;
const painted = (html: string) => /<div id="root" data-first-screen>(.*?)<\/div>/.exec(html)?.[1] ?? null;

describe("a lean page painted for the passenger's session", () => {
  let server: TestServer;
  let rideCode = '';
  let tripId = '';

  beforeAll(async () => {
    const store = await mkdtemp(join(tmpdir(), 'lean-session-'));
    await put(
      store,
      'host/1.0.0/index.html',
      '<!doctype html><html><head><title>host</title></head><body><div id="root"></div></body></html>',
    );
    await put(store, 'taxi/1.0.0/mf-manifest.json', JSON.stringify({ metaData: { remoteEntry: { name: 'static/js/taxi.js' } } }));
    await put(
      store,
      'taxi/1.0.0/lean-pages.json',
      JSON.stringify({
        pages: [{ name: 'ride', path: '/taxi/ride/:code', except: [], html: 'ride/index.html', server: 'ride/server/index.js' }],
      }),
    );
    await put(store, 'taxi/1.0.0/ride/index.html', PAGE);
    await put(store, 'taxi/1.0.0/ride/server/index.js', SERVER_BUILD);
    await updateRegistry(
      store,
      (registry) => {
        const released = (prefixes: string[]) => ({ version: '1.0.0', prefixes, releasedAt: new Date().toISOString(), sourceHash: 'x' });
        registry.apps.host = { live: '1.0.0', versions: { '1.0.0': released([]) } };
        registry.apps.taxi = { live: '1.0.0', versions: { '1.0.0': released(['/taxi/', '/my/taxi/']) } };
      },
      null,
    );
    server = await createTestServer('pglite', {
      releaseDir: store,
      worker: { enabled: false, pollMs: 20, stepTimeoutMs: 2000, leaseMs: 4000, batch: 8 },
    });
    const driver = await server.tokenFor('出租车管理员');
    const [car] = (await server.call<{ id: string }[]>('taxiCar/getMyCars', {}, driver)).body.result;
    const end = Date.now() - 60_000;
    const trip = await server.call<{ id: string }>(
      'taxiTrip/create',
      {
        carId: car?.id,
        startTime: new Date(end - 20 * 60_000).toISOString(),
        endTime: new Date(end).toISOString(),
        fromPlace: '杭州东站',
        toPlace: '西湖文化广场',
        distanceMetres: 12_500,
        fareFen: 4_650,
      },
      driver,
    );
    tripId = trip.body.result.id;
    rideCode = (await server.call<{ code: string }>('taxiTrip/shareTrip', { id: tripId }, driver)).body.result.code;
  });
  afterAll(async () => server?.close());

  const open = (url: string, cookie?: string) =>
    server.app.inject({ method: 'GET', url, headers: { 'user-agent': 'MicroMessenger', ...(cookie && { cookie }) } });

  async function signInCode(label: string) {
    const browser = newVerifier();
    const code = await issueSignInCode(server.database.db, await server.userIdOf(label), browser.challenge);
    return { code, verifier: browser.verifier };
  }

  test('back from signing in with the verifier’s cookie: the exchange is made, the trip painted for the new session, and the page carries what it was written with', async () => {
    const { code, verifier } = await signInCode('普通用户');
    const page = await open(`/taxi/ride/${rideCode}?t=1796375431011&signin=${code}`, `${SIGN_IN_VERIFIER_COOKIE}=${verifier}`);
    expect(page.statusCode).toBe(200);
    expect(painted(page.body)).toBe('<h1>杭州顺达出租汽车有限公司</h1><p>杭州东站→西湖文化广场</p>');
    const answers = blockOf<PageAnswer[]>(page.body, 'page-answers') ?? [];
    const exchange = answers.find((item) => item.path === 'auth/exchange');
    expect(exchange?.body).toEqual({ code, verifier });
    const token = (exchange?.answer as { result?: { token?: string } } | undefined)?.result?.token ?? '';
    const tag = pageSessionTag(token);
    expect(answers.map((item) => [item.path, item.session])).toEqual([
      ['sysConfig/get', undefined],
      ['auth/exchange', undefined],
      ['user/getOfficialAccountLoginUserInfo', tag],
      ['taxiTrip/get', tag],
    ]);
    // The block the page hydrates from names the session it was painted for.
    const block = blockOf<PaintedFirstScreen>(page.body, 'first-screen');
    expect(block).toMatchObject({ path: 'taxiTrip/get', body: { code: rideCode }, session: tag });
    expect(block?.result).toMatchObject({ fromPlace: '杭州东站', receivedByMe: false, state: '待领取' });
    // The answers come before the page's inline start, which takes them; its script waits for the paint.
    expect(page.body.indexOf('id="page-answers"')).toBeLessThan(page.body.indexOf('<script data-lean-start'));
    expect(page.body).toContain('<script type="text/plain" data-after-paint src="/remotes/taxi/1.0.0/ride/static/js/index.0123456789.js">');
    // That user's alone: no cache keeps it; the session's cookie is set and the verifier's cleared.
    expect(page.headers['cache-control']).toBe('private, no-store');
    const cookies = [page.headers['set-cookie'] ?? []].flat();
    expect(cookies).toContainEqual(expect.stringMatching(new RegExp(`^yst_session=${token};.*HttpOnly`)));
    expect(cookies).toContainEqual(expect.stringMatching(new RegExp(`^${SIGN_IN_VERIFIER_COOKIE}=; Path=/; Max-Age=0`)));
    // The code is used up: the same return again is served as built.
    expect((await open(`/taxi/ride/${rideCode}?signin=${code}`, `${SIGN_IN_VERIFIER_COOKIE}=${verifier}`)).body).toBe(PAGE);
  });

  test("a returning passenger with the session's cookie gets it painted; the trip as that passenger sees it", async () => {
    const token = await server.tokenFor('普通用户');
    expect((await server.call('taxiTrip/receiveTrip', { id: tripId, code: rideCode }, token)).status).toBe(200);
    const page = await open(`/taxi/ride/${rideCode}`, `yst_session=${token}`);
    expect(painted(page.body)).toContain('杭州东站→西湖文化广场');
    expect(blockOf<PaintedFirstScreen>(page.body, 'first-screen')?.result).toMatchObject({ receivedByMe: true, state: '已领取' });
    expect(blockOf<PageAnswer[]>(page.body, 'page-answers')?.map((item) => item.path)).toEqual([
      'sysConfig/get',
      'user/getOfficialAccountLoginUserInfo',
      'taxiTrip/get',
    ]);
    expect(page.headers['cache-control']).toBe('private, no-store');

    // A company's user opening the link gets the page without the company's own data (the lean page loads none).
    const driver = await server.tokenFor('出租车管理员');
    const driverPage = await open(`/taxi/ride/${rideCode}`, `yst_session=${driver}`);
    expect(painted(driverPage.body)).toContain('杭州东站→西湖文化广场');
    expect(blockOf<PageAnswer[]>(driverPage.body, 'page-answers')?.map((item) => item.path)).toEqual([
      'sysConfig/get',
      'user/getOfficialAccountLoginUserInfo',
      'taxiTrip/get',
    ]);
  });

  test('without a session, with another browser’s code, an unknown trip, a stale cookie or another query: served as built', async () => {
    const { code } = await signInCode('普通用户');
    const token = await server.tokenFor('普通用户');
    // A page asked with a session is that session's alone, painted or not.
    const cases: [string, string, string | undefined, string][] = [
      ['no session', `/taxi/ride/${rideCode}`, undefined, NO_CACHE],
      [
        'another browser’s verifier',
        `/taxi/ride/${rideCode}?signin=${code}`,
        `${SIGN_IN_VERIFIER_COOKIE}=${newVerifier().verifier}`,
        NO_CACHE,
      ],
      ['a code the page exchanges, with a cookie of before', `/taxi/ride/${rideCode}?signin=${code}`, `yst_session=${token}`, NO_CACHE],
      ['another query', `/taxi/ride/${rideCode}?from=poster`, `yst_session=${token}`, NO_CACHE],
      ['an unknown trip', '/taxi/ride/NoSuchTrip1', `yst_session=${token}`, 'private, no-store'],
      ['a session that is no more', `/taxi/ride/${rideCode}`, `yst_session=${'x'.repeat(43)}`, 'private, no-store'],
    ];

    for (const [what, url, cookie, cache] of cases) {
      const page = await open(url, cookie);
      expect({ what, status: page.statusCode, body: page.body }).toEqual({ what, status: 200, body: PAGE });
      expect({ what, cache: page.headers['cache-control'] }).toEqual({ what, cache });
      expect([page.headers['set-cookie'] ?? []].flat().filter((header) => /^yst_session=[^;]/.test(header))).toEqual([]);
    }
    // A query the page would change leaves the code to the page, unused: the browser then makes the exchange itself.
    const mine = await signInCode('普通用户');
    const withQuery = await open(`/taxi/ride/${rideCode}?signin=${mine.code}&from=poster`, `${SIGN_IN_VERIFIER_COOKIE}=${mine.verifier}`);
    expect(withQuery.body).toBe(PAGE);
    expect((await server.call('auth/exchange', { code: mine.code, verifier: mine.verifier })).body.success).toBe(true);
    // The stale cookie is cleared.
    const stale = await open(`/taxi/ride/${rideCode}`, `yst_session=${'x'.repeat(43)}`);
    expect([stale.headers['set-cookie'] ?? []].flat()).toContainEqual(expect.stringMatching(/^yst_session=; Path=\/; Max-Age=0/));
  });

  test('exchanged but not painted (a trip that is not there): the page still carries the exchange, which used the code up', async () => {
    const { code, verifier } = await signInCode('普通用户');
    const page = await open(`/taxi/ride/NoSuchTrip1?signin=${code}`, `${SIGN_IN_VERIFIER_COOKIE}=${verifier}`);
    expect(painted(page.body)).toBeNull();
    expect(page.body).toContain('<div id="root"></div>');
    const exchange = blockOf<PageAnswer[]>(page.body, 'page-answers')?.find((item) => item.path === 'auth/exchange');
    expect(exchange?.body).toEqual({ code, verifier });
    // Its scripts start as the page is read: there is no screen to wait for.
    expect(page.body).toContain('<script defer src=');
    expect(page.headers['cache-control']).toBe('private, no-store');
  });
});
