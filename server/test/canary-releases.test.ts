/**
 * Canary releases on the server (docs/operations.md, "Canary releases"): the canary cookie (a device's random bucket
 * before sign-in, the user's bucket and test flag after, kept current by the user detail, cleared on sign-out, signed:
 * a forged or edited one is ignored), the page's live-remotes block and `/remotes.json` answered per cookie; what a
 * canary is judged on (a load and a failure per signed-in user and hour, of the version their own cookie serves them:
 * an outsider's fetches and reports neither end a healthy canary nor keep a broken one alive), the reports' limits per
 * account and per address, the failure rates `npm run releases` shows, and the auto-rollback (a failing canary ended by
 * the server with the reason in the history, one under the minimum of loads left alone, several instances at once
 * recording it once).
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from '@rstest/core';
import { eq, sql } from 'drizzle-orm';
import { bucketOf, type Viewer } from '@app/deploy/canary-audience';
import { LiveApps } from '@app/deploy/live-apps';
import { readRegistry, updateRegistry, type CanaryAudience } from '@app/deploy/registry';
import { failureRatesOf } from '@app/deploy/releases';
import { REPO_ROOT } from '@app/deploy/workspace';
import { versionFigures, type TemplateQuery } from '@app/deploy/version-failure-rates';
import { issueSignInCode } from '../src/auth/sign-in-codes';
import { configFromEnv } from '../src/config';
import { users } from '../src/db/schema/users';
import { AutoRollback, rollbackReason } from '../src/releases/auto-rollback';
import { CanaryCookies, CANARY_COOKIE } from '../src/releases/canary-cookie';
import { createTestServer, eventually, type TestServer } from './support/test-server';
import { describeEachDatabase } from './support/database-suites';
import { newVerifier } from './support/sign-in-handover';
import { canaryPhones, type Phone } from './support/canary-phones';

const SETTINGS = { checkMs: 100, minLoads: 50, marginPoints: 5 };
const COOKIE_SHAPE = new RegExp(`^${CANARY_COOKIE}=(\\d{1,4}\\.[01]\\.[A-Za-z0-9_-]{43}); Path=/; Max-Age=\\d+; HttpOnly; SameSite=Lax$`);

let addressCount = 0;
/** A client address of its own: the failure reports are limited per address. */
function freshAddress(): string {
  addressCount += 1;
  return `10.77.${(addressCount >> 8) & 255}.${addressCount & 255}`;
}

describeEachDatabase('canary releases on the server (%s)', (kind) => {
  let server: TestServer;
  let store: string;
  const secretKey = randomBytes(32);
  const cookies = new CanaryCookies(secretKey);
  /** The Cookie header of a browser with this bucket and test flag, signed as the server signs it. */
  const cookieOf = (viewer: Viewer) => `${CANARY_COOKIE}=${cookies.value(viewer)}`;

  beforeAll(async () => {
    store = await mkdtemp(join(tmpdir(), 'canary-server-'));
    await mkdir(join(store, 'host/1.0.0'), { recursive: true });
    await writeFile(join(store, 'host/1.0.0/index.html'), '<!doctype html><html><head><title>host</title></head><body></body></html>');
    await updateRegistry(
      store,
      (registry) => {
        registry.apps.host = {
          live: '1.0.0',
          versions: { '1.0.0': { version: '1.0.0', releasedAt: new Date().toISOString(), prefixes: [], sourceHash: 'x' } },
        };
      },
      null,
    );
    server = await createTestServer(kind, {
      releaseDir: store,
      secretKey: secretKey.toString('hex'),
      canary: SETTINGS,
      trustProxy: ['127.0.0.1'],
      worker: { enabled: false, pollMs: 20, stepTimeoutMs: 2000, leaseMs: 4000, batch: 8 },
    });
  });
  afterAll(async () => server.close());

  /**
   * Ticket `live` live for everyone and `canary` for `audience` (both released into the store), from now, in the
   * store's registry file (what the server reads) and in these database registries.
   */
  async function canaryOf(live: string, canary: string, audience: CanaryAudience, databaseUrls: string[] = []): Promise<string> {
    const since = new Date().toISOString();
    for (const version of [live, canary]) {
      await mkdir(join(store, 'ticket', version), { recursive: true });
      await writeFile(
        join(store, 'ticket', version, 'mf-manifest.json'),
        JSON.stringify({ name: 'ticket', version, metaData: { remoteEntry: { name: 'static/js/ticket.0123456789.js' } } }),
      );
    }
    for (const url of [null, ...databaseUrls]) {
      await updateRegistry(
        store,
        (registry) => {
          const state = registry.apps.ticket ?? { live: null, versions: {} };
          registry.apps.ticket = state;
          for (const version of [live, canary])
            state.versions[version] ??= { version, releasedAt: since, prefixes: ['/ticket/'], sourceHash: 'x' };
          state.live = live;
          state.canary = { version: canary, audience, since };
          registry.history.push({ at: since, action: 'release', app: 'ticket', version: canary, previous: live, canary: audience });
        },
        url,
      );
    }
    return since;
  }

  const remotes = (headers: Record<string, string> = {}) => server.app.inject({ method: 'GET', url: '/remotes.json?t=1', headers });
  const ticketVersion = async (cookie: string) => (await remotes({ cookie })).json().ticket?.version as string | undefined;
  const load = (version: string, times: number) =>
    Promise.all(
      Array.from({ length: times }, () => server.app.inject({ method: 'GET', url: `/remotes/ticket/${version}/mf-manifest.json` })),
    );
  const query: TemplateQuery = async <T>(strings: TemplateStringsArray, ...values: unknown[]) => {
    const result = (await server.database.db.execute(sql(strings, ...values))) as unknown as { rows: T[] } | T[];
    return Array.isArray(result) ? result : result.rows;
  };

  test('a browser without the cookie gets a random bucket in a signed HttpOnly cookie, and keeps its answer', async () => {
    await canaryOf('1.0.0', '1.1.0', { kind: 'share', percent: 50 });
    const first = await remotes();
    expect(first.headers['cache-control']).toBe('no-cache');
    expect(first.headers.vary).toContain('Cookie');
    const match = COOKIE_SHAPE.exec(String(first.headers['set-cookie']));
    if (!match) throw new Error(`unexpected Set-Cookie: ${first.headers['set-cookie']}`);
    const viewer = cookies.verify(match[1] as string);
    expect(viewer?.tester).toBe(false);
    const expected = (viewer?.bucket ?? 0) < 5000 ? '1.1.0' : '1.0.0';
    expect(first.json().ticket.version).toBe(expected);
    for (let i = 0; i < 5; i++) {
      const again = await remotes({ cookie: `other=1; ${CANARY_COOKIE}=${match[1]}` });
      expect(again.headers['set-cookie']).toBeUndefined();
      expect(again.json().ticket.version).toBe(expected);
    }
    // New browsers land on both sides of a 50 % share.
    const versions = await Promise.all(Array.from({ length: 200 }, async () => (await remotes()).json().ticket.version as string));
    const onCanary = versions.filter((version) => version === '1.1.0').length;
    expect(onCanary).toBeGreaterThan(60);
    expect(onCanary).toBeLessThan(140);
  });

  test("the page's live-remotes block and the manifest it carries follow the cookie, like /remotes.json", async () => {
    await canaryOf('1.0.0', '1.1.0', { kind: 'share', percent: 10 });
    for (const [viewer, version] of [
      [{ bucket: 999, tester: false }, '1.1.0'],
      [{ bucket: 1000, tester: false }, '1.0.0'],
      [{ bucket: 9999, tester: true }, '1.1.0'],
    ] as const) {
      const page = await server.app.inject({ method: 'GET', url: '/ticket/index', headers: { cookie: cookieOf(viewer) } });
      expect(page.statusCode).toBe(200);
      expect(page.headers['cache-control']).toBe('no-cache');
      expect(page.headers.vary).toContain('Cookie');
      expect(page.headers['set-cookie']).toBeUndefined();
      const block = /<script type="application\/json" id="live-remotes">(.*?)<\/script>/.exec(page.body)?.[1];
      expect(JSON.parse(block ?? 'null').ticket.version).toBe(version);
      expect(page.body).toContain(
        `<script type="application/json" id="page-remote-manifest" data-url="/remotes/ticket/${version}/mf-manifest.json">`,
      );
      expect(await ticketVersion(cookieOf(viewer))).toBe(version);
    }
    // A first visit gets its device cookie with the page.
    expect(String((await server.app.inject({ method: 'GET', url: '/' })).headers['set-cookie'])).toMatch(COOKIE_SHAPE);
  });

  test("signing in sets the user's cookie (their bucket, their test flag); test-users canaries reach test users only; signing out clears it", async () => {
    await canaryOf('1.0.0', '1.1.0', { kind: 'test-users' });
    const testerId = await server.userIdOf('普通用户');
    await server.database.db.update(users).set({ tester: true }).where(eq(users.id, testerId));
    const signIn = async (userId: string) => {
      const browser = newVerifier();
      const code = await issueSignInCode(server.database.db, userId, browser.challenge);
      const answer = await server.app.inject({
        method: 'POST',
        url: '/api/auth/exchange',
        payload: { code, verifier: browser.verifier },
        remoteAddress: '127.0.0.1',
        headers: { 'x-forwarded-proto': 'https' },
      });
      expect(answer.statusCode).toBe(200);
      const setCookie = String(answer.headers['set-cookie']);
      // Over https (the trusted proxy says so), the cookie is Secure.
      expect(setCookie).toMatch(/; HttpOnly; SameSite=Lax; Secure$/);
      const value = /^yst_canary=([^;]+);/.exec(setCookie)?.[1] ?? '';
      return { value, token: (answer.json() as { result: { token: string } }).result.token };
    };
    const tester = await signIn(testerId);
    expect(cookies.verify(tester.value)).toEqual({ bucket: bucketOf(testerId), tester: true });
    expect(await ticketVersion(`${CANARY_COOKIE}=${tester.value}`)).toBe('1.1.0');

    const otherId = await server.userIdOf('企业管理员');
    const other = await signIn(otherId);
    expect(cookies.verify(other.value)).toEqual({ bucket: bucketOf(otherId), tester: false });
    expect(await ticketVersion(`${CANARY_COOKIE}=${other.value}`)).toBe('1.0.0');

    const signedOut = await server.app.inject({
      method: 'POST',
      url: '/api/user/signOut',
      payload: {},
      headers: { authorization: `Bearer ${tester.token}` },
    });
    expect(signedOut.json()).toMatchObject({ success: true });
    expect([signedOut.headers['set-cookie']].flat()).toContain(`${CANARY_COOKIE}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax`);
  });

  test('the user detail every start-up asks for keeps the cookie current: a session from before the cookie, a user made a test user since', async () => {
    await canaryOf('1.0.0', '1.1.0', { kind: 'test-users' });
    const userId = await server.userIdOf('企业员工');
    // A session made without the exchange (as one from before the cookie existed): the browser has no user cookie.
    const token = await server.tokenFor('企业员工');
    const detail = (cookie?: string) =>
      server.app.inject({
        method: 'POST',
        url: '/api/user/getOfficialAccountLoginUserInfo',
        payload: {},
        headers: { authorization: `Bearer ${token}`, ...(cookie && { cookie }) },
      });
    // The canary's cookie among those an answer sets (the session's cookie is set beside it: session-cookie.ts).
    const canarySet = (answer: { headers: { 'set-cookie'?: string | string[] | number } }) =>
      [answer.headers['set-cookie'] ?? []]
        .flat()
        .map(String)
        .find((value) => value.startsWith(`${CANARY_COOKIE}=`));
    const value = /^yst_canary=([^;]+); Path=\/; Max-Age=\d+; HttpOnly; SameSite=Lax$/.exec(canarySet(await detail()) ?? '')?.[1] ?? '';
    expect(cookies.verify(value)).toEqual({ bucket: bucketOf(userId), tester: false });
    expect(canarySet(await detail(`${CANARY_COOKIE}=${value}`))).toBeUndefined();
    // A device's cookie (another bucket) is replaced by the user's.
    const device = await detail(cookieOf({ bucket: (bucketOf(userId) + 1) % 10_000, tester: false }));
    expect(canarySet(device)).toContain(`${CANARY_COOKIE}=${value};`);

    await server.database.db.update(users).set({ tester: true }).where(eq(users.id, userId));
    try {
      const madeTester = /^yst_canary=([^;]+);/.exec(canarySet(await detail(`${CANARY_COOKIE}=${value}`)) ?? '')?.[1] ?? '';
      expect(cookies.verify(madeTester)).toEqual({ bucket: bucketOf(userId), tester: true });
      expect(await ticketVersion(`${CANARY_COOKIE}=${madeTester}`)).toBe('1.1.0');
    } finally {
      await server.database.db.update(users).set({ tester: false }).where(eq(users.id, userId));
    }
    // A refused call (no session) sets nothing.
    expect(
      (await server.app.inject({ method: 'POST', url: '/api/user/getOfficialAccountLoginUserInfo', payload: {} })).headers['set-cookie'],
    ).toBeUndefined();
  });

  test('a forged or edited cookie is ignored: the browser gets a device bucket of its own, never the test flag it wrote', async () => {
    await canaryOf('1.0.0', '1.1.0', { kind: 'test-users' });
    const genuine = cookies.value({ bucket: 42, tester: false });
    const edited = genuine.replace(/^42\.0\./, '42.1.');
    const otherKey = new CanaryCookies(randomBytes(32)).value({ bucket: 42, tester: true });
    const outOfRange = cookies.value({ bucket: 12_345, tester: true });
    for (const value of [edited, otherKey, outOfRange, '1.1.', 'x'.repeat(300), '%00', `42.1.${'A'.repeat(43)}`]) {
      const answer = await remotes({ cookie: `${CANARY_COOKIE}=${value}` });
      expect(answer.statusCode).toBe(200);
      expect(answer.json().ticket.version).toBe('1.0.0');
      const issued = COOKIE_SHAPE.exec(String(answer.headers['set-cookie']))?.[1];
      expect(cookies.verify(issued ?? '')?.tester).toBe(false);
    }
    expect(await ticketVersion(`${CANARY_COOKIE}=${cookies.value({ bucket: 42, tester: true })}`)).toBe('1.1.0');
  });

  /** `count` new signed-in phones on each side of a 50 % canary; `failing` of the canary's report a failure. */
  const phonesOf = (count: number, side: 'canary' | 'live') => canaryPhones(server.database.db, cookies, count, side, 50);
  const asPhone = (phone: Phone, path: string, payload: Record<string, unknown>) =>
    server.app.inject({
      method: 'POST',
      url: `/api/${path}`,
      payload,
      remoteAddress: phone.address,
      headers: { authorization: `Bearer ${phone.token}`, cookie: phone.cookie },
    });
  /** What the host of each phone reports: the version its page loaded, and for the first `failing` a failure of it. */
  async function use(phones: Phone[], version: string, failing = 0) {
    for (const [index, phone] of phones.entries()) {
      expect((await asPhone(phone, 'client/reportLoad', { app: 'ticket', version })).json()).toMatchObject({ success: true });
      if (index < failing)
        expect((await asPhone(phone, 'client/reportFailure', { app: 'ticket', version, kind: 'page-error' })).json()).toMatchObject({
          success: true,
        });
    }
  }
  const figures = (version: string, since: string) => versionFigures(query, 'ticket', version, since);
  const canaryOn = async () => !!(await readRegistry(store, null)).apps.ticket?.canary;

  test("a load counts once a user and hour, only for the version the user's own canary cookie serves them, only while a canary runs", async () => {
    const since = await canaryOf('1.2.0', '1.3.0', { kind: 'share', percent: 50 });
    const [phone, other] = (await phonesOf(2, 'canary')) as [Phone, Phone];
    const [liveSide] = (await phonesOf(1, 'live')) as [Phone];
    for (let i = 0; i < 3; i++) await use([phone], '1.3.0');
    // Not the version its cookie serves it.
    await use([phone], '1.2.0');
    // A cookie that is not the user's own: another user's, a device's (a random bucket), none.
    await use([{ ...liveSide, cookie: phone.cookie }], '1.3.0');
    await use(
      [{ ...other, cookie: `${CANARY_COOKIE}=${cookies.value({ bucket: (bucketOf(other.userId) + 1) % 5000, tester: false })}` }],
      '1.3.0',
    );
    await use([{ ...other, cookie: '' }], '1.3.0');
    // Signed out: refused, as any call that needs sign-in.
    expect(
      (
        await server.app.inject({
          method: 'POST',
          url: '/api/client/reportLoad',
          payload: { app: 'ticket', version: '1.3.0' },
          headers: { cookie: phone.cookie },
        })
      ).json(),
    ).toMatchObject({ errorCode: 1001 });
    // Fetches of the manifest and host pages are traffic, not loads.
    await load('1.3.0', 20);
    for (let i = 0; i < 5; i++)
      await server.app.inject({ method: 'GET', url: '/ticket/index', headers: { cookie: cookieOf({ bucket: 0, tester: false }) } });
    await use([liveSide], '1.2.0');
    expect(await figures('1.3.0', since)).toEqual({ loads: 1, failures: 0 });
    expect(await figures('1.2.0', since)).toEqual({ loads: 1, failures: 0 });
    // One account's failures are one failure of the version it is served.
    for (let i = 0; i < 4; i++)
      expect((await asPhone(phone, 'client/reportFailure', { app: 'ticket', version: '1.3.0', kind: 'remote-load' })).json()).toMatchObject(
        { success: true },
      );
    expect(await figures('1.3.0', since)).toEqual({ loads: 1, failures: 1 });
    // With no canary running nothing is counted for one.
    await updateRegistry(store, (registry) => void delete registry.apps.ticket?.canary, null);
    await use([other], '1.2.0', 1);
    expect(await figures('1.2.0', since)).toEqual({ loads: 1, failures: 0 });
    // An unreleased version is refused under its field.
    expect((await asPhone(phone, 'client/reportLoad', { app: 'ticket', version: '0.0.9' })).json()).toMatchObject({
      errorCode: 4000,
      result: { fields: { version: '未发布的模块版本' } },
    });
  });

  test('an outsider cannot end a healthy canary: manifest fetches, host pages and failure reports of anyone not served it count nothing', async () => {
    const since = await canaryOf('6.0.0', '6.1.0', { kind: 'share', percent: 50 });
    await use(await phonesOf(50, 'live'), '6.0.0');
    await use(await phonesOf(50, 'canary'), '6.1.0');
    // One address: 50 fetches of the canary's manifest and 5 failure reports, signed out (what ended a canary before).
    const outsider = freshAddress();
    await Promise.all(
      Array.from({ length: 50 }, () =>
        server.app.inject({ method: 'GET', url: '/remotes/ticket/6.1.0/mf-manifest.json', remoteAddress: outsider }),
      ),
    );
    for (let i = 0; i < 5; i++) {
      const answer = await server.app.inject({
        method: 'POST',
        url: '/api/client/reportFailure',
        payload: { app: 'ticket', version: '6.1.0', kind: 'remote-load' },
        remoteAddress: outsider,
      });
      expect(answer.json()).toMatchObject({ success: true });
    }
    // Signed in, the outsider's account is not served the canary, whatever cookie it sends: a device cookie in the
    // canary's half, or another user's.
    const [account] = (await phonesOf(1, 'live')) as [Phone];
    for (const cookie of [cookieOf({ bucket: 0, tester: false }), cookieOf({ bucket: 1, tester: true })]) {
      for (let i = 0; i < 5; i++) await use([{ ...account, cookie }], '6.1.0', 1);
    }
    expect(await figures('6.1.0', since)).toEqual({ loads: 50, failures: 0 });
    expect(await server.app.autoRollback.check()).toEqual([]);
    expect((await readRegistry(store, null)).apps.ticket?.canary?.version).toBe('6.1.0');
  });

  test("a broken canary cannot be kept alive by diluting it: 1,000 fetches and one account's reports leave it at its phones' rate, and it is rolled back", async () => {
    await server.app.autoRollback.stop();
    try {
      const since = await canaryOf('7.0.0', '7.1.0', { kind: 'share', percent: 50 });
      await use(await phonesOf(50, 'live'), '7.0.0');
      // 10 of its 50 phones fail: 20 %.
      await use(await phonesOf(50, 'canary'), '7.1.0', 10);
      const diluter = freshAddress();
      for (let batch = 0; batch < 10; batch++) {
        await Promise.all(
          Array.from({ length: 100 }, () =>
            server.app.inject({ method: 'GET', url: '/remotes/ticket/7.1.0/mf-manifest.json', remoteAddress: diluter }),
          ),
        );
      }
      // An account the canary serves reports its load as often as it is let: one load.
      const [account] = (await phonesOf(1, 'canary')) as [Phone];
      const answers = await Promise.all(
        Array.from({ length: 80 }, () => asPhone(account, 'client/reportLoad', { app: 'ticket', version: '7.1.0' })),
      );
      expect(answers.filter((answer) => answer.json().errorCode === 4029).length).toBe(20);
      expect(await figures('7.1.0', since)).toEqual({ loads: 51, failures: 10 });
      const [ended] = await server.app.autoRollback.check();
      expect(ended).toEqual({ app: 'ticket', version: '7.1.0', live: '7.0.0' });
      expect((await readRegistry(store, null)).history.findLast((entry) => entry.endedCanary)?.reason).toBe(
        '自动回滚：灰度版本失败率 19.6%（加载 51 次），现行版本 0.0%（加载 50 次），高出 5 个百分点及以上',
      );
    } finally {
      server.app.autoRollback.start();
    }
  });

  test('failure reports are limited per account and per address: three accounts on one address file 20 a minute, not 60', async () => {
    await canaryOf('8.0.0', '8.1.0', { kind: 'share', percent: 50 });
    const address = freshAddress();
    const accounts = (await phonesOf(3, 'canary')).map((phone) => ({ ...phone, address }));
    const codes: (number | null)[] = [];
    for (const account of accounts) {
      for (let i = 0; i < 20; i++)
        codes.push(
          (await asPhone(account, 'client/reportFailure', { app: 'ticket', version: '8.1.0', kind: 'page-error' })).json().errorCode,
        );
    }
    expect(codes.filter((code) => code === null)).toHaveLength(20);
    expect(codes.filter((code) => code === 4029)).toHaveLength(40);
    // One account from many addresses: 20 too.
    const [roaming] = (await phonesOf(1, 'canary')) as [Phone];
    const accepted = [];
    for (let i = 0; i < 25; i++)
      accepted.push(
        (
          await asPhone({ ...roaming, address: freshAddress() }, 'client/reportFailure', {
            app: 'ticket',
            version: '8.1.0',
            kind: 'page-error',
          })
        ).json().success,
      );
    expect(accepted.filter(Boolean)).toHaveLength(20);
  });

  test('a canary failing more than the live version is rolled back by the server itself, with the reason in the history', async () => {
    const since = await canaryOf('2.0.0', '2.1.0', { kind: 'share', percent: 50 });
    // The registry with the canary, as `npm run releases` reads it (the server may end the canary any moment now).
    const withCanary = await readRegistry(store, null);
    await use(await phonesOf(100, 'live'), '2.0.0', 1);
    // 10 of its 50 real users fail.
    await use(await phonesOf(50, 'canary'), '2.1.0', 10);
    const rates = (await failureRatesOf(query, withCanary)).get('ticket');
    expect(rates).toEqual({
      since,
      live: { version: '2.0.0', figures: { loads: 100, failures: 1 } },
      canary: { version: '2.1.0', figures: { loads: 50, failures: 10 } },
    });

    // The server's own periodic check (every 100 ms here) ends it.
    const ended = await eventually(async () =>
      (await readRegistry(store, null)).history.find((entry) => entry.endedCanary && entry.previous === '2.1.0'),
    );
    expect(ended).toMatchObject({ action: 'rollback', app: 'ticket', version: '2.0.0', previous: '2.1.0' });
    expect(ended.reason).toBe('自动回滚：灰度版本失败率 20.0%（加载 50 次），现行版本 1.0%（加载 100 次），高出 5 个百分点及以上');
    expect((await readRegistry(store, null)).apps.ticket?.canary).toBeUndefined();
    expect(await ticketVersion(cookieOf({ bucket: 0, tester: true }))).toBe('2.0.0');
  });

  test('a canary under the minimum of loads is not rolled back, however it fails', async () => {
    await canaryOf('3.0.0', '3.1.0', { kind: 'share', percent: 50 });
    await use(await phonesOf(100, 'live'), '3.0.0');
    await use(await phonesOf(SETTINGS.minLoads - 1, 'canary'), '3.1.0', 20);
    expect(await server.app.autoRollback.check()).toEqual([]);
    expect((await readRegistry(store, null)).apps.ticket?.canary?.version).toBe('3.1.0');
    // One more user's load reaches the minimum: then it is.
    await use(await phonesOf(1, 'canary'), '3.1.0');
    await eventually(async () => !(await canaryOn()));
    expect((await readRegistry(store, null)).history.filter((entry) => entry.endedCanary && entry.previous === '3.1.0')).toHaveLength(1);
  });

  test('several instances checking at once end the canary once: one history entry', async () => {
    // On PostgreSQL the instances share the registry in the database, as a fleet does; on PGlite the store's file.
    const registryUrl = server.databaseUrl;
    // This server's own check stays out of it: the instances below are the ones racing.
    await server.app.autoRollback.stop();
    await canaryOf('4.0.0', '4.1.0', { kind: 'share', percent: 50 }, registryUrl ? [registryUrl] : []);
    await use(await phonesOf(50, 'live'), '4.0.0');
    await use(await phonesOf(50, 'canary'), '4.1.0', 10);
    const log = { warn: () => {}, error: () => {} };
    const instances = Array.from({ length: 4 }, () => {
      const live = new LiveApps(store, registryUrl);
      return { live, checker: new AutoRollback(server.database.db, live, { ...SETTINGS, checkMs: 0 }, log) };
    });
    const results = await Promise.all(instances.map(({ checker }) => checker.check()));
    for (const { live } of instances) await live.close();
    server.app.autoRollback.start();
    const registry = await readRegistry(store, registryUrl);
    expect(registry.history.filter((entry) => entry.endedCanary && entry.previous === '4.1.0')).toHaveLength(1);
    expect(registry.apps.ticket?.canary).toBeUndefined();
    expect(results.flat()).toEqual([{ app: 'ticket', version: '4.1.0', live: '4.0.0' }]);
  });

  test('npm run releases lists the canary; with DATABASE_URL also the failure rates of the live and the canary version', async () => {
    const registryUrl = server.databaseUrl;
    await canaryOf('5.0.0', '5.1.0', { kind: 'share', percent: 12.5 }, registryUrl ? [registryUrl] : []);
    await use(await canaryPhones(server.database.db, cookies, 40, 'live', 12.5), '5.0.0');
    await use(await canaryPhones(server.database.db, cookies, 20, 'canary', 12.5), '5.1.0', 2);
    const output = await runReleasesCli({ RELEASE_DIR: store, ...(registryUrl && { DATABASE_URL: registryUrl }) });
    expect(output).toMatch(/^ticket {2}灰度中: 5\.1\.0 给 12\.5% 用户（自 .* 起），其余用户 5\.0\.0$/m);
    expect(output).toMatch(/^ {2}◐ 灰度 5\.1\.0 /m);
    expect(output).toMatch(/^ {2}● 线上 5\.0\.0 /m);
    const rates =
      '  失败率（自灰度开始，按登录用户每小时计）: 线上 5.0.0 失败率 0.0%（失败 0 / 加载 40 次）；灰度 5.1.0 失败率 10.0%（失败 2 / 加载 20 次）';
    // The rates are read from the database the servers share; PGlite is the one server's own.
    if (registryUrl) expect(output).toContain(rates);
    else expect(output).not.toContain('失败率（');
  });
});

/** `npm run releases -- ticket` as ops run it (scripts/run.mjs and the CLI), with this environment; its output. */
async function runReleasesCli(env: Record<string, string>): Promise<string> {
  const base = { ...process.env };
  delete base.DATABASE_URL;
  const child = spawn(process.execPath, ['scripts/run.mjs', 'deploy/src/cli/releases.ts', 'ticket'], {
    cwd: REPO_ROOT,
    env: { ...base, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  if (code !== 0) throw new Error(`npm run releases exited ${code}: ${output}`);
  return output;
}

describe('when a canary is rolled back', () => {
  const live = { loads: 1000, failures: 10 };
  test('at the margin above the live rate, over the minimum of loads: yes; below either: no', () => {
    expect(rollbackReason({ loads: 50, failures: 3 }, live, { minLoads: 50, marginPoints: 5 })).toBe(
      '自动回滚：灰度版本失败率 6.0%（加载 50 次），现行版本 1.0%（加载 1000 次），高出 5 个百分点及以上',
    );
    expect(rollbackReason({ loads: 100, failures: 5 }, live, { minLoads: 50, marginPoints: 5 })).toBeNull();
    expect(rollbackReason({ loads: 49, failures: 49 }, live, { minLoads: 50, marginPoints: 5 })).toBeNull();
    // A live version nobody loaded counts as 0 %.
    expect(rollbackReason({ loads: 60, failures: 3 }, { loads: 0, failures: 0 }, { minLoads: 50, marginPoints: 5 })).toContain(
      '现行版本 0.0%（加载 0 次）',
    );
  });

  test('a margin of 0 rolls back any higher rate, never an equal one', () => {
    expect(rollbackReason({ loads: 100, failures: 1 }, live, { minLoads: 1, marginPoints: 0 })).toBeNull();
    expect(rollbackReason({ loads: 100, failures: 0 }, { loads: 100, failures: 0 }, { minLoads: 1, marginPoints: 0 })).toBeNull();
    expect(rollbackReason({ loads: 100, failures: 2 }, live, { minLoads: 1, marginPoints: 0 })).not.toBeNull();
  });
});

describe('the auto-rollback settings', () => {
  test('defaults, the environment, and a clear message for a bad value', () => {
    expect(configFromEnv({}).canary).toEqual({ checkMs: 15_000, minLoads: 50, marginPoints: 5 });
    expect(configFromEnv({ CANARY_CHECK_MS: '0', CANARY_MIN_LOADS: '200', CANARY_MARGIN_POINTS: '2.5' }).canary).toEqual({
      checkMs: 0,
      minLoads: 200,
      marginPoints: 2.5,
    });
    expect(() => configFromEnv({ CANARY_MIN_LOADS: '0' })).toThrow('CANARY_MIN_LOADS 无效: 0（应为正整数）');
    expect(() => configFromEnv({ CANARY_MIN_LOADS: '1.5' })).toThrow('CANARY_MIN_LOADS 无效');
    expect(() => configFromEnv({ CANARY_MARGIN_POINTS: '150' })).toThrow('CANARY_MARGIN_POINTS 无效: 150（应为 0–100 个百分点）');
    expect(() => configFromEnv({ CANARY_MARGIN_POINTS: '-1' })).toThrow('CANARY_MARGIN_POINTS 无效');
    expect(() => configFromEnv({ CANARY_CHECK_MS: 'soon' })).toThrow('CANARY_CHECK_MS 无效: soon');
  });
});
