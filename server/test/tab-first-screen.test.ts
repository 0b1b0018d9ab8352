/**
 * A tab's first screen painted by the server (docs/architecture.md, "First screens from the server"): with the
 * session's cookie, the host's page carries the first screen the owner's first-screen build renders from the
 * start-up's answers, in place of the shell, with the app's root hidden behind it and the style it needs; whatever
 * cannot be painted leaves the page as built.
 */
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from '@rstest/core';
import { type PageAnswer, SIGN_IN_VERIFIER_COOKIE } from '@app/contract/first-calls';
import { updateRegistry } from '@app/deploy/registry';
import { issueSignInCode } from '../src/auth/sign-in-codes';
import { createTestServer, type TestServer } from './support/test-server';
import { newVerifier } from './support/sign-in-handover';

const SHELL =
  '<div id="root"><div class="app-shell" aria-busy="true"><div class="app-shell__bar">优税通</div><div class="app-shell__lines" aria-hidden="true"><i></i></div></div></div>';
const HOST_PAGE = `<!doctype html><html><head><title>host</title><link href="/remotes/host/1.0.0/static/css/async/app-shared.0123456789.css" rel="preload" as="style"><script data-early-calls>x()</script><script defer src="/remotes/host/1.0.0/static/js/index.0123456789.js" fetchpriority="high"></script></head><body>${SHELL}</body></html>`;

/**
 * A first-screen build as a remote's would be: it paints a company user's `/` from the user's answer and the config,
 * paints nothing for anyone else, and throws at `/invoice/list`.
 */
const FIRST_SCREEN_BUILD = `
export async function render({ pathname, answers, config }) {
  if (pathname === '/invoice/list') throw new Error('render failed');
  const user = answers.find((call) => call.path === 'user/getOfficialAccountLoginUserInfo')?.result;
  const account = answers.find((call) => call.path === 'taxAccount/getTaxAccount');
  if (pathname !== '/' || !user?.companyInfo) return null;
  return '<main class="home"><h2>' + user.companyInfo.name + '</h2><p>' + (account ? 'account answered' : 'no account') + '</p><i>' + (config.demo ? '演示环境' : '') + '</i></main>';
}
`;

async function put(store: string, path: string, content: string) {
  await mkdir(join(store, path, '..'), { recursive: true });
  await writeFile(join(store, path), content);
}

describe("a tab's first screen painted by the server", () => {
  let server: TestServer;
  let store = '';

  beforeAll(async () => {
    store = await mkdtemp(join(tmpdir(), 'tab-first-screen-'));
    await put(store, 'host/1.0.0/index.html', HOST_PAGE);
    await put(store, 'host/1.0.0/static/css/async/app-shared.0123456789.css', '.app-dialog{z-index:9}main{display:block}');
    for (const version of ['1.0.0', '1.1.0']) {
      await put(
        store,
        `invoice/${version}/mf-manifest.json`,
        JSON.stringify({ metaData: { remoteEntry: { name: 'static/js/invoice.js' } } }),
      );
    }
    await put(store, 'invoice/1.0.0/first-screen/index.js', FIRST_SCREEN_BUILD);
    await put(store, 'invoice/1.0.0/first-screen/index.css', '.home{color:#333}.home:after{content:"</style>"}.invoice-form{margin:0}');
    await put(store, 'wallet/1.0.0/mf-manifest.json', JSON.stringify({ metaData: { remoteEntry: { name: 'static/js/wallet.js' } } }));
    await updateRegistry(
      store,
      (registry) => {
        const released = (version: string, prefixes: string[]) => ({
          version,
          prefixes,
          releasedAt: new Date().toISOString(),
          sourceHash: 'x',
        });
        registry.apps.host = { live: '1.0.0', versions: { '1.0.0': released('1.0.0', []) } };
        registry.apps.invoice = {
          live: '1.0.0',
          versions: { '1.0.0': released('1.0.0', ['/', '/invoice/']), '1.1.0': released('1.1.0', ['/', '/invoice/']) },
        };
        registry.apps.wallet = { live: '1.0.0', versions: { '1.0.0': released('1.0.0', ['/wallet/']) } };
      },
      null,
    );
    server = await createTestServer('pglite', {
      releaseDir: store,
      // Forced failures: a start-up call the page could not answer.
      testHooks: true,
      worker: { enabled: false, pollMs: 20, stepTimeoutMs: 2000, leaseMs: 4000, batch: 8 },
    });
  });
  afterAll(async () => server.close());

  async function sessionCookie(label: string): Promise<string> {
    const browser = newVerifier();
    const code = await issueSignInCode(server.database.db, await server.userIdOf(label), browser.challenge);
    const answer = await server.app.inject({ method: 'POST', url: '/api/auth/exchange', payload: { code, verifier: browser.verifier } });
    return `yst_session=${(answer.json() as { result: { token: string } }).result.token}`;
  }

  const pageFor = async (url: string, cookie?: string) => {
    const page = await server.app.inject({ method: 'GET', url, headers: { 'user-agent': 'MicroMessenger', ...(cookie && { cookie }) } });
    expect(page.statusCode).toBe(200);
    return page.body;
  };
  // The test's build paints no <div>: the root's first closing tag is its own.
  const painted = (html: string) => /<div id="root" data-first-screen>(.*?)<\/div>/.exec(html)?.[1] ?? null;

  test("a company user's home is painted from the API's own answers, with the style it needs, in the app's root for the app to hydrate", async () => {
    const cookie = await sessionCookie('企业管理员');
    const token = cookie.split('=')[1] ?? '';
    const user = (await server.call('user/getOfficialAccountLoginUserInfo', {}, token)).body.result as {
      companyInfo: { name: string };
    };
    const config = (await server.call('sysConfig/get', {})).body.result as { demo: boolean };
    const html = await pageFor('/', cookie);
    expect(painted(html)).toBe(
      `<main class="home"><h2>${user.companyInfo.name}</h2><p>account answered</p><i>${config.demo ? '演示环境' : ''}</i></main>`,
    );
    expect(html).not.toContain('app-shell');
    // Back from signing in, the address carries the sign-in's time stamp only: painted the same.
    expect(painted(await pageFor('/?t=1796375431011', cookie))).toBe(painted(html));
    // The style the screen uses is in the page, the host's first, then the build's; not what other screens use (a
    // style that closes its element early cannot end the block).
    const style = /<style>(.*?)<\/style>/.exec(html)?.[1] ?? '';
    expect(style).toMatch(/^main\{display:block\}\s*\.home\{color:#333\}\s*\.home:after\{content:"<\\\/style>"\}$/);
    expect(html.indexOf('<style>')).toBeLessThan(html.indexOf('</head>'));
    // The app's entry and its preloads wait for the early script to start them once the screen is drawn.
    expect(html).toContain(
      '<script type="text/plain" data-after-paint src="/remotes/host/1.0.0/static/js/index.0123456789.js" fetchpriority="high"></script>',
    );
    expect(html).toContain(
      '<link href="/remotes/host/1.0.0/static/css/async/app-shared.0123456789.css" data-after-paint="preload" as="style">',
    );
    expect(html).not.toContain('<script defer');
    expect(html).not.toContain('rel="preload"');
    expect(html.indexOf('id="page-answers"')).toBeLessThan(html.indexOf('<script data-early-calls'));
  });

  test("back from signing in with the verifier's cookie, the page makes the exchange and is painted for the new session; the code is used up", async () => {
    const browser = newVerifier();
    const code = await issueSignInCode(server.database.db, await server.userIdOf('企业管理员'), browser.challenge);
    const returnTo = (verifier: string) =>
      server.app.inject({
        method: 'GET',
        url: `/?t=1796375431011&signin=${code}`,
        headers: { 'user-agent': 'MicroMessenger', cookie: `${SIGN_IN_VERIFIER_COOKIE}=${verifier}` },
      });
    const exchangeIn = (html: string) =>
      (JSON.parse(/<script type="application\/json" id="page-answers">(.*?)<\/script>/.exec(html)?.[1] ?? '[]') as PageAnswer[]).find(
        (item) => item.path === 'auth/exchange',
      );

    // Another browser's verifier: refused, nothing used up, the page as built (its early calls ask as ever).
    const stranger = await returnTo(newVerifier().verifier);
    expect(painted(stranger.body)).toBeNull();
    expect(exchangeIn(stranger.body)).toBeUndefined();
    expect(String(stranger.headers['set-cookie'] ?? '')).not.toContain('yst_session=');

    const page = await returnTo(browser.verifier);
    expect(page.statusCode).toBe(200);
    const exchange = exchangeIn(page.body);
    expect(exchange?.body).toEqual({ code, verifier: browser.verifier });
    const token = (exchange?.answer as { result?: { token?: string } } | undefined)?.result?.token ?? '';
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(painted(page.body)).toContain('account answered');
    const cookies = [page.headers['set-cookie'] ?? []].flat();
    expect(cookies).toContainEqual(expect.stringMatching(new RegExp(`^yst_session=${token};.*HttpOnly`)));
    expect(cookies).toContainEqual(expect.stringMatching(new RegExp(`^${SIGN_IN_VERIFIER_COOKIE}=; Path=/; Max-Age=0`)));
    expect(page.headers['cache-control']).toBe('private, no-store');
    // The session is a real one, and the code is gone: the same return again is the page as built.
    expect((await server.call('user/getOfficialAccountLoginUserInfo', {}, token)).body.success).toBe(true);
    const again = await returnTo(browser.verifier);
    expect(painted(again.body)).toBeNull();
    expect(exchangeIn(again.body)).toBeUndefined();
  });

  test('anyone the build paints nothing for, a page without the cookie, an address with a query and a render that throws get the page as built', async () => {
    const personal = await sessionCookie('普通用户');
    const company = await sessionCookie('企业员工');
    for (const html of [
      await pageFor('/', personal),
      await pageFor('/'),
      await pageFor('/?from=menu', company),
      await pageFor('/?t=1&signin=abc', company),
      await pageFor('/invoice/list', company),
    ]) {
      expect(painted(html)).toBeNull();
      expect(html).toContain(SHELL);
      // The app starts as the page is read.
      expect(html).toContain('rel="preload" as="style"');
      expect(html).toContain('<script defer src="/remotes/host/1.0.0/static/js/index.0123456789.js" fetchpriority="high"></script>');
      expect(html).not.toContain('data-after-paint');
      expect(html).not.toContain('<style>');
    }
  });

  test("a page that lacks one of the start-up's answers is not painted (the app would draw it from an answer the screen lacks), and carries those it has", async () => {
    const cookie = await sessionCookie('企业管理员');
    const forced = await server.app.inject({
      method: 'POST',
      url: '/test-hooks/force-failure',
      payload: { path: 'taxAccount/getTaxAccount', errorCode: 5000, message: '系统繁忙' },
    });
    expect(forced.statusCode).toBe(200);
    const html = await pageFor('/', cookie);
    expect(painted(html)).toBeNull();
    expect(html).toContain(SHELL);
    expect(html).toContain('<script defer src="/remotes/host/1.0.0/static/js/index.0123456789.js" fetchpriority="high"></script>');
    const carried = (
      JSON.parse(/<script type="application\/json" id="page-answers">(.*?)<\/script>/.exec(html)?.[1] ?? '[]') as PageAnswer[]
    ).map((answer) => answer.path);
    expect(carried).toContain('user/getOfficialAccountLoginUserInfo');
    expect(carried).not.toContain('taxAccount/getTaxAccount');
    // Answered again, the next page is painted.
    expect(painted(await pageFor('/', cookie))).toContain('account answered');
  });

  test('a release without a first-screen build (another remote, or a rollback to an older version) is written as ever', async () => {
    const cookie = await sessionCookie('企业管理员');
    expect(painted(await pageFor('/wallet/index', cookie))).toBeNull();
    const goLive = (version: string) =>
      updateRegistry(
        store,
        (registry) => {
          const invoice = registry.apps.invoice;
          if (invoice) invoice.live = version;
        },
        null,
      );
    await goLive('1.1.0');
    try {
      await expect.poll(async () => (await pageFor('/', cookie)).includes(SHELL)).toBe(true);
    } finally {
      await goLive('1.0.0');
    }
    await expect.poll(async () => painted(await pageFor('/', cookie))).not.toBeNull();
  });
});
