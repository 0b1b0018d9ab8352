/**
 * The session on the page's own request (docs/architecture.md, "One fast first load"): the exchange sets it in a
 * cookie, signing out clears it, no API call takes it; the host's page then carries the start-up's answers for that
 * session, tagged with it, exactly as the API gives them to the phone.
 */
import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from '@rstest/core';
import Fastify from 'fastify';
import type { PageAnswer } from '@app/contract/first-calls';
import { updateRegistry } from '@app/deploy/registry';
import { issueSignInCode } from '../src/auth/sign-in-codes';
import { sessionAnswers } from '../src/releases/session-answers';
import { createTestServer, type TestServer } from './support/test-server';
import { newVerifier } from './support/sign-in-handover';

/** The tag the page compares with its own token's, computed here as the contract describes it. */
const tagOf = (token: string) => createHash('sha256').update(`page-answers:${token}`).digest('hex');
const SESSION_COOKIE = /^yst_session=([A-Za-z0-9_-]{43}); Path=\/; Max-Age=604800; HttpOnly; SameSite=Lax$/;
const CLEARED = 'yst_session=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax';

const setCookies = (header: string | string[] | number | undefined) => (header === undefined ? [] : [header].flat().map(String));

async function put(store: string, path: string, content: string) {
  await mkdir(join(store, path, '..'), { recursive: true });
  await writeFile(join(store, path), content);
}

describe('the session on the page request', () => {
  let server: TestServer;

  beforeAll(async () => {
    const store = await mkdtemp(join(tmpdir(), 'page-session-'));
    await put(
      store,
      'host/1.0.0/index.html',
      '<!doctype html><html><head><title>host</title><script data-early-calls>x()</script></head><body><div id="root"></div></body></html>',
    );
    await put(
      store,
      'invoice/1.0.0/mf-manifest.json',
      JSON.stringify({ metaData: { remoteEntry: { name: 'static/js/invoice.0123456789.js' } } }),
    );
    await put(
      store,
      'invoice/1.0.0/first-calls.json',
      JSON.stringify({
        '/': [{ path: 'invoice/homeSummary', body: {}, for: 'companyUser' }],
        '/invoice/list': [{ path: 'invoice/list', body: { page: 1 } }],
      }),
    );
    await updateRegistry(
      store,
      (registry) => {
        const released = { releasedAt: new Date().toISOString(), sourceHash: 'x' };
        registry.apps.host = { live: '1.0.0', versions: { '1.0.0': { version: '1.0.0', prefixes: [], ...released } } };
        registry.apps.invoice = { live: '1.0.0', versions: { '1.0.0': { version: '1.0.0', prefixes: ['/', '/invoice/'], ...released } } };
      },
      null,
    );
    server = await createTestServer('pglite', {
      releaseDir: store,
      worker: { enabled: false, pollMs: 20, stepTimeoutMs: 2000, leaseMs: 4000, batch: 8 },
    });
  });
  afterAll(async () => server.close());

  /** Signs the demo user in the way the app does; the exchange's answer. */
  async function exchange(label: string) {
    const browser = newVerifier();
    const code = await issueSignInCode(server.database.db, await server.userIdOf(label), browser.challenge);
    return server.app.inject({ method: 'POST', url: '/api/auth/exchange', payload: { code, verifier: browser.verifier } });
  }

  /** The session token an exchange set in its cookie, checked against the one its answer gives the app. */
  async function cookieSession(label: string): Promise<string> {
    const answer = await exchange(label);
    const cookie = setCookies(answer.headers['set-cookie']).find((value) => value.startsWith('yst_session='));
    const token = SESSION_COOKIE.exec(cookie ?? '')?.[1];
    expect(token).toBe((answer.json() as { result: { token: string } }).result.token);
    return token ?? '';
  }

  const pageFor = (url: string, cookie?: string) =>
    server.app.inject({ method: 'GET', url, headers: { 'user-agent': 'MicroMessenger', ...(cookie && { cookie }) } });
  const answersIn = (html: string) =>
    JSON.parse(/<script type="application\/json" id="page-answers">(.*?)<\/script>/.exec(html)?.[1] ?? '[]') as PageAnswer[];
  const sessionPaths = (html: string) =>
    answersIn(html)
      .filter((answer) => answer.session !== undefined)
      .map((answer) => answer.path);

  test("signing in sets the session's cookie beside the canary's; signing out clears both; no API call takes it", async () => {
    const token = await cookieSession('企业员工');
    const byCookie = await server.app.inject({
      method: 'POST',
      url: '/api/user/getOfficialAccountLoginUserInfo',
      payload: {},
      headers: { cookie: `yst_session=${token}` },
    });
    expect(byCookie.statusCode).toBe(401);
    const signedOut = await server.app.inject({
      method: 'POST',
      url: '/api/user/signOut',
      payload: {},
      headers: { authorization: `Bearer ${token}` },
    });
    expect(signedOut.json()).toMatchObject({ success: true });
    expect(setCookies(signedOut.headers['set-cookie'])).toEqual(['yst_canary=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax', CLEARED]);
  });

  test("a phone keeping the token without the session's cookie gets it back from its start-up's user detail; its next page carries the session's answers", async () => {
    const token = await cookieSession('企业管理员');
    const detail = (cookie?: string, bearer = token) =>
      server.app.inject({
        method: 'POST',
        url: '/api/user/getOfficialAccountLoginUserInfo',
        payload: {},
        headers: { authorization: `Bearer ${bearer}`, ...(cookie && { cookie }) },
      });
    const sessionCookies = async (cookie?: string, bearer?: string) =>
      setCookies((await detail(cookie, bearer)).headers['set-cookie']).filter((value) => value.startsWith('yst_session='));

    const repaired = await sessionCookies();
    expect(repaired).toHaveLength(1);
    expect(SESSION_COOKIE.exec(repaired[0] ?? '')?.[1]).toBe(token);
    expect(sessionPaths((await pageFor('/', `yst_session=${token}`)).body)).toContain('invoice/homeSummary');
    // The same session already in the cookie: nothing to set; another session's: this one's replaces it.
    expect(await sessionCookies(`yst_session=${token}`)).toEqual([]);
    const other = await cookieSession('企业员工');
    expect(SESSION_COOKIE.exec((await sessionCookies(`yst_session=${other}`))[0] ?? '')?.[1]).toBe(token);
    // A session that is over answers 401 and sets nothing.
    await server.call('user/signOut', {}, other);
    const refused = await detail(undefined, other);
    expect(refused.statusCode).toBe(401);
    expect(setCookies(refused.headers['set-cookie']).filter((value) => value.startsWith('yst_session='))).toEqual([]);
  });

  test("a company user's page carries the user, the tax account and the page's first calls, tagged with the session, as the API answers the phone", async () => {
    const token = await cookieSession('企业管理员');
    const page = await pageFor('/', `yst_session=${token}`);
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('private, no-store');
    expect(String(page.headers.vary)).toContain('Cookie');
    const answers = answersIn(page.body);
    expect(answers.find((answer) => answer.path === 'sysConfig/get')?.session).toBeUndefined();
    const own = answers.filter((answer) => answer.session !== undefined);
    expect(own.map((answer) => answer.path).sort()).toEqual(
      ['invoice/homeSummary', 'taxAccount/getTaxAccount', 'user/getOfficialAccountLoginUserInfo'].sort(),
    );
    for (const answer of own) {
      expect(answer.session).toBe(tagOf(token));
      expect(answer.answer).toEqual((await server.call(answer.path, answer.body, token)).body);
    }
    expect(page.body).not.toContain(token);
    // A page the user may open lists its own first call; the data blocks stay before the early calls that read them.
    expect(sessionPaths((await pageFor('/invoice/list', `yst_session=${token}`)).body)).toContain('invoice/list');
    expect(page.body.indexOf('id="page-answers"')).toBeLessThan(page.body.indexOf('<script data-early-calls'));
  });

  test("a personal user's page carries the user only: no company data, and a first call they may not make is left out", async () => {
    const token = await cookieSession('普通用户');
    expect(sessionPaths((await pageFor('/', `yst_session=${token}`)).body)).toEqual(['user/getOfficialAccountLoginUserInfo']);
    expect((await server.call('invoice/list', { page: 1 }, token)).body.success).toBe(false);
    expect(sessionPaths((await pageFor('/invoice/list', `yst_session=${token}`)).body)).toEqual(['user/getOfficialAccountLoginUserInfo']);
  });

  test("a taxi manager's page carries the company's cars too", async () => {
    const token = await cookieSession('出租车管理员');
    expect(sessionPaths((await pageFor('/', `yst_session=${token}`)).body)).toContain('taxiCar/getMyCars');
  });

  test('a cookie whose session is over gets no answers and is cleared; one not shaped as a token is ignored', async () => {
    const token = await cookieSession('企业员工');
    await server.call('user/signOut', {}, token);
    const after = await pageFor('/', `yst_session=${token}`);
    expect(after.statusCode).toBe(200);
    expect(sessionPaths(after.body)).toEqual([]);
    expect(after.headers['cache-control']).toBe('no-cache');
    expect(setCookies(after.headers['set-cookie'])).toContain(CLEARED);
    const odd = await pageFor('/', 'yst_session=</script><script>alert(1)</script>');
    expect(sessionPaths(odd.body)).toEqual([]);
    expect(setCookies(odd.headers['set-cookie'])).not.toContain(CLEARED);
  });
});

describe('sessionAnswers', () => {
  test('a call that fails or is late is left out (the phone asks it); the page is not held up by it; a null result is kept', async () => {
    const api = Fastify();
    let release: () => void = () => {};
    const never = new Promise<void>((resolve) => {
      release = resolve;
    });
    api.post('/api/user/getOfficialAccountLoginUserInfo', async () => ({
      success: true,
      result: { id: 'u1', company: true, permissions: ['company_user_role', 'taxi_trip_manage'] },
    }));
    api.post('/api/taxAccount/getTaxAccount', async () => {
      await never;
      return { success: true, result: null };
    });
    api.post('/api/taxiCar/getMyCars', async () => ({ success: false, errorCode: 5000, message: '系统繁忙' }));
    api.post('/api/invoice/homeSummary', async () => ({ success: true, result: { drafts: 1 } }));
    api.post('/api/company/myInvitations', async () => ({ success: true, result: null }));
    try {
      const request = { ip: '10.1.2.3', headers: {} } as Parameters<typeof sessionAnswers>[1];
      const firstCalls = [
        { path: 'company/myInvitations', body: {} },
        { path: 'invoice/homeSummary', body: {}, for: 'companyUser' as const },
      ];
      // A limit the answered calls keep on a busy machine too; the one that never answers runs into it.
      const session = await sessionAnswers(api, request, 'a'.repeat(43), firstCalls, 2_000);
      // A success whose result is null is an answer too.
      expect(session.answers.map((answer) => answer.path)).toEqual([
        'user/getOfficialAccountLoginUserInfo',
        'company/myInvitations',
        'invoice/homeSummary',
      ]);
      expect(session.stale).toBe(false);
      // The page lacks the tax account and the cars, which the app asks before its first render: it is not painted.
      expect(session.complete).toBe(false);
    } finally {
      release();
      await api.close();
    }
  });

  test("with the session's state answered the answers are complete and the page may be painted; a page's first call may be missing", async () => {
    const api = Fastify();
    api.post('/api/user/getOfficialAccountLoginUserInfo', async () => ({
      success: true,
      result: { id: 'u1', company: true, permissions: ['company_user_role', 'taxi_trip_manage'] },
    }));
    api.post('/api/taxAccount/getTaxAccount', async () => ({ success: true, result: null }));
    api.post('/api/taxiCar/getMyCars', async () => ({ success: true, result: [] }));
    api.post('/api/invoice/homeSummary', async () => ({ success: false, errorCode: 5000, message: '系统繁忙' }));
    try {
      const request = { ip: '10.1.2.3', headers: {} } as Parameters<typeof sessionAnswers>[1];
      const firstCalls = [{ path: 'invoice/homeSummary', body: {}, for: 'companyUser' as const }];
      const session = await sessionAnswers(api, request, 'a'.repeat(43), firstCalls, 2_000);
      // The home draws its counts once they are asked, painted or not.
      expect(session.answers.map((answer) => answer.path)).toEqual([
        'user/getOfficialAccountLoginUserInfo',
        'taxAccount/getTaxAccount',
        'taxiCar/getMyCars',
      ]);
      expect(session.complete).toBe(true);
    } finally {
      await api.close();
    }
  });
});
