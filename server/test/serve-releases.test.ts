import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, test } from '@rstest/core';
import type { FastifyInstance } from 'fastify';
import { updateRegistry } from '@app/deploy/registry';
import { IMMUTABLE, NO_CACHE } from '@app/deploy/cache-policy';
import { buildServer } from '../src/app';
import type { DatabaseHandle } from '../src/db/database';
import { openTestDatabase } from './support/pglite-image';
import { serviceConfig } from '../src/db/schema/service';
import { testConfig } from './support/test-server';
import { CANARY_COOKIE, CanaryCookies } from '../src/releases/canary-cookie';

let store: string;
let secretKey: string;
let app: FastifyInstance;
let database: DatabaseHandle;

async function put(path: string, content: string | Buffer) {
  await mkdir(join(store, path, '..'), { recursive: true });
  await writeFile(join(store, path), content);
}

async function makeLive(name: string, version: string, prefixes: string[] = []) {
  await updateRegistry(store, (registry) => {
    const state = registry.apps[name] ?? { live: null, versions: {} };
    registry.apps[name] = state;
    state.versions[version] = { version, releasedAt: new Date().toISOString(), prefixes, sourceHash: 'x' };
    state.live = version;
  });
}

beforeEach(async () => {
  store = await mkdtemp(join(tmpdir(), 'serve-'));
  for (const version of ['1.0.0', '1.1.0']) {
    await put(`host/${version}/index.html`, `<!doctype html><title>host ${version}</title>`);
    await put(
      `ticket/${version}/mf-manifest.json`,
      JSON.stringify({ metaData: { remoteEntry: { name: 'static/js/ticket.abcdef1234.js' } } }),
    );
    await put(`ticket/${version}/static/js/ticket.abcdef1234.js`, `/* ticket entry ${version} */`);
    await put(`ticket/${version}/static/js/async/12.0123456789.js`, 'x'.repeat(4000));
    await put(`ticket/${version}/static/js/async/12.0123456789.js.gz`, gzipSync('x'.repeat(4000)));
  }
  await makeLive('host', '1.0.0');
  await makeLive('ticket', '1.0.0', ['/ticket/']);
  const config = await testConfig({
    releaseDir: store,
    worker: { enabled: false, pollMs: 20, stepTimeoutMs: 1000, leaseMs: 2000, batch: 1 },
  });
  secretKey = String(config.secretKey);
  database ??= await openTestDatabase(config.database);
  app = await buildServer(config, { database, seed: false });
});

afterEach(async () => {
  await app.close();
});

describe('GET /remotes.json', () => {
  test('lists the live remotes with their manifest URL and prefixes, uncached', async () => {
    const response = await app.inject('/remotes.json?t=123');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe(NO_CACHE);
    expect(response.json()).toEqual({
      ticket: { version: '1.0.0', entry: '/remotes/ticket/1.0.0/mf-manifest.json', prefixes: ['/ticket/'] },
    });
  });

  test('a rollback shows on the next request, without restarting', async () => {
    await makeLive('ticket', '1.1.0', ['/ticket/']);
    expect((await app.inject('/remotes.json')).json().ticket.version).toBe('1.1.0');
  });
});

describe('GET /remotes/<app>/<version>/…', () => {
  test('hashed files, the remote entry too, are immutable for a year; the manifest, which names the entry, is revalidated', async () => {
    const chunk = await app.inject('/remotes/ticket/1.0.0/static/js/async/12.0123456789.js');
    expect(chunk.statusCode).toBe(200);
    expect(chunk.headers['cache-control']).toBe(IMMUTABLE);
    expect((await app.inject('/remotes/ticket/1.0.0/mf-manifest.json')).headers['cache-control']).toBe(NO_CACHE);
    const entry = await app.inject('/remotes/ticket/1.0.0/static/js/ticket.abcdef1234.js');
    expect(entry.body).toContain('ticket entry 1.0.0');
    expect(entry.headers['cache-control']).toBe(IMMUTABLE);
  });

  test('serves the precompressed file when the browser accepts it', async () => {
    const response = await app.inject({
      url: '/remotes/ticket/1.0.0/static/js/async/12.0123456789.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(response.headers['cache-control']).toBe(IMMUTABLE);
  });

  test('any released version stays reachable; missing files and escapes are 404', async () => {
    expect((await app.inject('/remotes/ticket/1.1.0/static/js/ticket.abcdef1234.js')).body).toContain('1.1.0');
    expect((await app.inject('/remotes/ticket/9.9.9/mf-manifest.json')).statusCode).toBe(404);
    expect((await app.inject('/remotes/ticket/1.0.0/../../registry.json')).statusCode).toBe(404);
    expect((await app.inject('/remotes/ticket/1.0.0/%2e%2e/%2e%2e/registry.json')).statusCode).toBe(404);
    expect((await app.inject('/remotes/..%2f..%2f/1.0.0/x')).statusCode).toBe(404);
  });
});

describe('client routes', () => {
  test("every client path gets the live host's index.html, uncached", async () => {
    for (const path of ['/', '/invoice/list', '/my/wallet/tixian?x=1', '/t/abc']) {
      const response = await app.inject(path);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.headers['cache-control']).toBe(NO_CACHE);
      expect(response.body).toContain('host 1.0.0');
    }
  });

  test('a host rollback changes the page served at once', async () => {
    await makeLive('host', '1.1.0');
    expect((await app.inject('/')).body).toContain('host 1.1.0');
  });

  test('API paths, files and POSTs are not the app shell', async () => {
    expect((await app.inject('/api/nothing')).statusCode).toBe(404);
    expect((await app.inject('/favicon.ico')).statusCode).toBe(404);
    expect((await app.inject({ method: 'POST', url: '/invoice/list' })).statusCode).toBe(404);
  });

  test('GET /healthz answers ok', async () => {
    expect((await app.inject('/healthz')).json()).toEqual({ status: 'ok' });
  });
});

describe('lean pages (docs/architecture.md, "Pages a phone opens cold")', () => {
  const LEAN_PAGES = { pages: [{ name: 'shop', path: '/shop/:code', except: ['/shop/universalBindShop'], html: 'shop/index.html' }] };

  beforeEach(async () => {
    // payment 1.0.0 has no lean page; 1.1.0 has the cash desk's.
    await put('payment/1.0.0/mf-manifest.json', JSON.stringify({ metaData: { remoteEntry: { name: 'static/js/payment.abcdef1234.js' } } }));
    await put('payment/1.1.0/mf-manifest.json', JSON.stringify({ metaData: { remoteEntry: { name: 'static/js/payment.abcdef1234.js' } } }));
    await put('payment/1.1.0/lean-pages.json', JSON.stringify(LEAN_PAGES));
    await put('payment/1.1.0/shop/index.html', '<!doctype html><title>payment 1.1.0 shop</title>');
    await makeLive('payment', '1.1.0', ['/payment/', '/shop/', '/cash/']);
  });

  test("/shop/{code} gets the live payment release's lean page, uncached; its files are served like any release file", async () => {
    for (const path of ['/shop/YST0001', '/shop/S8K2QW?from=scan', '/shop/YST0001/']) {
      const response = await app.inject(path);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.headers['cache-control']).toBe(NO_CACHE);
      expect(response.body).toContain('payment 1.1.0 shop');
    }
    const file = await app.inject('/remotes/payment/1.1.0/shop/index.html');
    expect(file.body).toContain('payment 1.1.0 shop');
    expect(file.headers['cache-control']).toBe(NO_CACHE);
  });

  test('the addresses it leaves to others, and every other page, get the host', async () => {
    for (const path of [
      '/shop/universalBindShop',
      '/shop/universalBindShop/',
      '/shop/',
      '/shop/YST0001/more',
      '/cash/return?orderNo=CO1',
      '/payment/list',
      '/',
    ]) {
      const response = await app.inject(path);
      expect({ path, body: response.body }).toEqual({ path, body: expect.stringContaining('host 1.0.0') });
    }
  });

  test('rolled back to a release without a lean page, /shop/{code} gets the host again at once', async () => {
    await makeLive('payment', '1.0.0', ['/payment/', '/shop/', '/cash/']);
    const response = await app.inject('/shop/YST0001');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe(NO_CACHE);
    expect(response.body).toContain('host 1.0.0');
    await makeLive('payment', '1.1.0', ['/payment/', '/shop/', '/cash/']);
    expect((await app.inject('/shop/YST0001')).body).toContain('payment 1.1.0 shop');
  });

  test('a lean page whose HTML is missing, or outside the prefixes its remote owns, is not served', async () => {
    await put(
      'ticket/1.2.0/lean-pages.json',
      JSON.stringify({
        pages: [
          { name: 'steal', path: '/my/:x', except: [], html: 'steal/index.html' },
          { name: 'gone', path: '/ticket/:id', except: [], html: 'gone/index.html' },
        ],
      }),
    );
    await put('ticket/1.2.0/steal/index.html', '<!doctype html><title>stolen</title>');
    await makeLive('ticket', '1.2.0', ['/ticket/']);
    expect((await app.inject('/my/wallet')).body).toContain('host 1.0.0');
    expect((await app.inject('/ticket/abc')).body).toContain('host 1.0.0');
  });
});

describe('first screens from the server (docs/architecture.md, "First screens from the server")', () => {
  const START = 'startAfterPaint()';
  const PAGE = `<!doctype html><html><head><title>shop</title><script data-lean-start>${START}</script><script defer src="/remotes/payment/1.2.0/shop/static/js/index.0123456789.js"></script><link href="/remotes/payment/1.2.0/shop/static/css/index.0123456789.css" rel="stylesheet"></head><body><div id="root"></div></body></html>`;
  const startHash = `'sha256-${createHash('sha256').update(START).digest('base64')}'`;
  /** A lean page's server build: paints `call`'s result (after `mark`), or throws at /shop/THROW. */
  const serverBuild = (call: unknown, mark = '') => `
    export const firstCall = (pathname) => (pathname.startsWith('/shop/') ? ${JSON.stringify(call)} : null);
    export const render = ({ pathname, result, config, userAgent }) => {
      if (pathname.includes('THROW')) throw new Error('the render failed');
      return '${mark}<h1>' + pathname + '</h1><p>' + userAgent + '|' + config.demo + '</p><pre>' + JSON.stringify(result).replace(/</g, '') + '</pre>';
    };`;
  const blockIn = (html: string) =>
    JSON.parse(/<script type="application\/json" id="first-screen">(.*?)<\/script>/.exec(html)?.[1] ?? 'null') as unknown;

  // The badge a first screen shows comes from the service config, which the render is given.
  beforeEach(async () => {
    await database.db.delete(serviceConfig);
    await database.db.insert(serviceConfig).values({ id: 1, appHotLine: '400-800-1234', etaxAreas: [], available: 'all' });
  });
  afterEach(async () => {
    await database.db.delete(serviceConfig);
  });

  /** Makes `version` of payment live with the cash desk's lean page and `build` as its server build. */
  async function releaseWithServerBuild(version: string, build: string, server = 'shop/server/index.js') {
    await put(
      `payment/${version}/mf-manifest.json`,
      JSON.stringify({ metaData: { remoteEntry: { name: 'static/js/payment.abcdef1234.js' } } }),
    );
    await put(
      `payment/${version}/lean-pages.json`,
      JSON.stringify({ pages: [{ name: 'shop', path: '/shop/:code', except: [], html: 'shop/index.html', server }] }),
    );
    await put(`payment/${version}/shop/index.html`, PAGE);
    await put(`payment/${version}/shop/server/index.js`, build);
    await makeLive('payment', version, ['/payment/', '/shop/', '/cash/']);
  }

  test("the page's root holds the first screen its server build rendered from the call's result, and the page the call and result", async () => {
    await releaseWithServerBuild('1.2.0', serverBuild({ path: 'sysConfig/get', body: {} }));
    const config = (await app.inject({ method: 'POST', url: '/api/sysConfig/get', payload: {} })).json().result;
    const response = await app.inject({ url: '/shop/YST0001', headers: { 'user-agent': 'Phone MicroMessenger/8.0' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.headers['cache-control']).toBe(NO_CACHE);
    expect(String(response.headers.vary)).toContain('User-Agent');
    expect(response.body).toContain(
      `<div id="root" data-first-screen><h1>/shop/YST0001</h1><p>Phone MicroMessenger/8.0|${config.demo}</p><pre>${JSON.stringify(config)}</pre></div>`,
    );
    expect(blockIn(response.body)).toEqual({ path: 'sysConfig/get', body: {}, result: config });
    // Its scripts wait for its inline start, which the policy lets run, to start them once the screen is drawn; its
    // style still comes before that first paint.
    expect(response.body).toContain(
      '<script type="text/plain" data-after-paint src="/remotes/payment/1.2.0/shop/static/js/index.0123456789.js"></script>',
    );
    expect(response.body).not.toContain('<script defer');
    expect(response.body).toContain('rel="stylesheet"');
    expect(response.headers['content-security-policy']).toContain(`script-src 'self' ${startHash}`);
    expect(response.headers['content-security-policy']).not.toContain('wasm-unsafe-eval');
    // Compressed as the host's page is.
    const compressed = await app.inject({ url: '/shop/YST0001', headers: { 'accept-encoding': 'br' } });
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(compressed.rawPayload).toString()).toContain('<h1>/shop/YST0001</h1>');
  });

  test("a painted page carries its style sheet's rules that the screen uses, the sheet itself started after the paint", async () => {
    await releaseWithServerBuild('1.2.1', serverBuild({ path: 'sysConfig/get', body: {} }));
    await put('payment/1.2.1/shop/index.html', PAGE.replaceAll('1.2.0', '1.2.1'));
    await put(
      'payment/1.2.1/shop/static/css/index.0123456789.css',
      'h1{color:#1677ff}pre{white-space:pre-wrap}.keypad__key:active{opacity:.6}dialog{margin:auto}',
    );
    const body = (await app.inject('/shop/YST0001')).body;
    const style = /<style>([\s\S]*?)<\/style>/.exec(body)?.[1] ?? '';
    expect(style).toContain('h1{color:#1677ff}');
    expect(style).toContain('pre{white-space:pre-wrap}');
    expect(style).not.toContain('dialog');
    expect(style).not.toContain('keypad');
    expect(body).toContain('<link href="/remotes/payment/1.2.1/shop/static/css/index.0123456789.css" data-after-paint="stylesheet">');
    expect(body).not.toContain('rel="stylesheet"');
    // The style comes before the screen: it is drawn styled at its first paint.
    expect(body.indexOf('<style>')).toBeLessThan(body.indexOf('<div id="root" data-first-screen>'));

    // A sheet the release does not hold leaves the page linking it, as built; once it is there, it is read.
    await releaseWithServerBuild('1.2.2', serverBuild({ path: 'sysConfig/get', body: {} }));
    await put('payment/1.2.2/shop/index.html', PAGE.replaceAll('1.2.0', '1.2.2'));
    const unread = (await app.inject('/shop/YST0001')).body;
    expect(unread).toContain('<link href="/remotes/payment/1.2.2/shop/static/css/index.0123456789.css" rel="stylesheet">');
    expect(unread).not.toContain('<style>');
    // A rule whose text would end the page's <style> is kept inside it.
    await put('payment/1.2.2/shop/static/css/index.0123456789.css', 'h1::after{content:"</style><script>x()</script>"}');
    const read = (await app.inject('/shop/YST0001')).body;
    expect(read).toContain('<style>h1::after{content:"<\\/style><script>x()<\\/script>"}</style>');
    expect(read).toContain('<link href="/remotes/payment/1.2.2/shop/static/css/index.0123456789.css" data-after-paint="stylesheet">');

    // A sheet outside the release's own folder is never read: the page links it, as built.
    await releaseWithServerBuild('1.2.3', serverBuild({ path: 'sysConfig/get', body: {} }));
    await put('payment/1.2.2/shop/static/css/other.0123456789.css', 'h1{color:red}');
    await put(
      'payment/1.2.3/shop/index.html',
      PAGE.replace('/remotes/payment/1.2.0/shop/static/css/index', '/remotes/payment/1.2.2/shop/static/css/other'),
    );
    const elsewhere = (await app.inject('/shop/YST0001')).body;
    expect(elsewhere).toContain('<link href="/remotes/payment/1.2.2/shop/static/css/other.0123456789.css" rel="stylesheet">');
    expect(elsewhere).not.toContain('<style>');
  });

  test('served as built whenever the first screen cannot be painted', async () => {
    const cases: [string, string, string][] = [
      ['a render that throws', serverBuild({ path: 'sysConfig/get', body: {} }), '/shop/THROW'],
      ['a call the API refuses (an unknown shop)', serverBuild({ path: 'shop/get', body: { code: 'NOSUCH1' } }), '/shop/NOSUCH1'],
      ['a call that needs a session', serverBuild({ path: 'user/getOfficialAccountLoginUserInfo', body: {} }), '/shop/YST0001'],
      ['a call that changes something', serverBuild({ path: 'user/signOut', body: {} }), '/shop/YST0001'],
      ['a body the call refuses', serverBuild({ path: 'shop/get', body: { code: 1 } }), '/shop/YST0001'],
      ['a build without firstCall and render', 'export const other = 1;', '/shop/YST0001'],
      ['a build that does not load', 'export const = ;', '/shop/YST0001'],
    ];
    for (const [index, [what, build, path]] of cases.entries()) {
      await releaseWithServerBuild(`1.3.${index}`, build);
      const response = await app.inject(path);
      expect({ what, status: response.statusCode, body: response.body }).toEqual({ what, status: 200, body: PAGE });
      // Its scripts start as the page is read; its inline start, which finds nothing held back, may still run.
      expect(response.headers['content-security-policy']).toContain(startHash);
    }
  });

  test("a canary's audience gets the page painted by the canary's server build, everyone else by the live one's", async () => {
    await releaseWithServerBuild('1.6.0', serverBuild({ path: 'sysConfig/get', body: {} }, 'canary 1.6.0'));
    await releaseWithServerBuild('1.5.0', serverBuild({ path: 'sysConfig/get', body: {} }, 'live 1.5.0'));
    await updateRegistry(store, (registry) => {
      const payment = registry.apps.payment;
      if (payment) payment.canary = { version: '1.6.0', audience: { kind: 'test-users' }, since: new Date().toISOString() };
    });
    const cookies = new CanaryCookies(Buffer.from(secretKey, 'hex'));
    const painted = async (tester: boolean) => {
      const cookie = `${CANARY_COOKIE}=${cookies.value({ bucket: 7, tester })}`;
      const body = (await app.inject({ url: '/shop/YST0001', headers: { cookie } })).body;
      return /<div id="root" data-first-screen>(canary 1\.6\.0|live 1\.5\.0)<h1>/.exec(body)?.[1];
    };
    expect(await painted(true)).toBe('canary 1.6.0');
    expect(await painted(false)).toBe('live 1.5.0');
  });

  test('a server build outside the release folder is never loaded, and a release without one is served as built', async () => {
    await put('payment/outside.js', serverBuild({ path: 'sysConfig/get', body: {} }));
    await releaseWithServerBuild('1.4.0', serverBuild({ path: 'sysConfig/get', body: {} }), '../outside.js');
    expect((await app.inject('/shop/YST0001')).body).toBe(PAGE);
    await releaseWithServerBuild('1.4.1', serverBuild({ path: 'sysConfig/get', body: {} }));
    expect((await app.inject('/shop/YST0001')).body).toContain('data-first-screen');
    // Rolled back to a release whose lean page has no server build: the page draws its first screen itself.
    await put('payment/1.1.0/mf-manifest.json', JSON.stringify({ metaData: { remoteEntry: { name: 'static/js/payment.abcdef1234.js' } } }));
    await put(
      'payment/1.1.0/lean-pages.json',
      JSON.stringify({ pages: [{ name: 'shop', path: '/shop/:code', except: [], html: 'shop/index.html' }] }),
    );
    await put('payment/1.1.0/shop/index.html', PAGE);
    await makeLive('payment', '1.1.0', ['/payment/', '/shop/', '/cash/']);
    expect((await app.inject('/shop/YST0001')).body).toBe(PAGE);
  });
});

describe('the first load (docs/architecture.md, "One fast first load")', () => {
  const preloadsOf = (html: string) => [...html.matchAll(/<link rel="preload"[^>]*href="([^"]+)"/g)].map((match) => match[1]);
  const registryIn = (html: string) =>
    JSON.parse(/<script type="application\/json" id="live-remotes">(.*?)<\/script>/.exec(html)?.[1] ?? 'null') as unknown;
  /** The manifest the page carries for its remote: its address and what it holds. */
  const manifestIn = (html: string) => {
    const block = /<script type="application\/json" id="page-remote-manifest" data-url="([^"]+)">(.*?)<\/script>/.exec(html);
    return block ? { url: block[1], manifest: JSON.parse(block[2] ?? 'null') as unknown } : null;
  };
  const ticketManifest = { metaData: { remoteEntry: { name: 'static/js/ticket.abcdef1234.js' } } };

  beforeEach(async () => {
    for (const version of ['1.0.0', '1.1.0']) {
      await put(
        `host/${version}/index.html`,
        `<!doctype html><html><head><title>host ${version}</title></head><body><div id="root"></div></body></html>`,
      );
    }
  });

  test("a remote's page names the live registry, carries that remote's manifest and preloads its entry, in its head", async () => {
    const html = (await app.inject('/ticket/index?from=menu')).body;
    expect(registryIn(html)).toEqual((await app.inject('/remotes.json')).json());
    expect(manifestIn(html)).toEqual({ url: '/remotes/ticket/1.0.0/mf-manifest.json', manifest: ticketManifest });
    expect(preloadsOf(html)).toEqual(['/remotes/ticket/1.0.0/static/js/ticket.abcdef1234.js']);
    expect(html.indexOf('id="live-remotes"')).toBeLessThan(html.indexOf('</head>'));
    expect(html.indexOf('id="page-remote-manifest"')).toBeLessThan(html.indexOf('</head>'));
  });

  test("the page carries the service config's answer as the API gives it; without one (the call fails), it carries none", async () => {
    const answersIn = (html: string) =>
      JSON.parse(/<script type="application\/json" id="page-answers">(.*?)<\/script>/.exec(html)?.[1] ?? 'null') as unknown;
    await database.db.delete(serviceConfig);
    expect((await app.inject({ method: 'POST', url: '/api/sysConfig/get', payload: {} })).statusCode).toBe(404);
    expect(answersIn((await app.inject('/ticket/index')).body)).toBeNull();
    await database.db
      .insert(serviceConfig)
      .values({ id: 1, appHotLine: '400-800-1234', etaxAreas: [{ code: '33', name: '浙江' }], available: 'all' });
    const api = await app.inject({ method: 'POST', url: '/api/sysConfig/get', payload: {} });
    expect(api.statusCode).toBe(200);
    expect(answersIn((await app.inject('/ticket/index')).body)).toEqual([{ path: 'sysConfig/get', body: {}, answer: api.json() }]);
    await database.db.delete(serviceConfig);
  });

  test('the page is compressed as the browser accepts it, brotli first, and says it varies with that', async () => {
    const plain = await app.inject('/ticket/index');
    expect(plain.headers['content-encoding']).toBeUndefined();
    for (const [accept, encoding] of [
      ['gzip, deflate, br', 'br'],
      ['gzip', 'gzip'],
      ['br;q=0.1, gzip;q=0.9', 'gzip'],
      ['identity', undefined],
    ] as const) {
      const response = await app.inject({ url: '/ticket/index', headers: { 'accept-encoding': accept } });
      expect({ accept, encoding: response.headers['content-encoding'] }).toEqual({ accept, encoding });
      expect(String(response.headers.vary)).toContain('Accept-Encoding');
      const body =
        encoding === 'br'
          ? brotliDecompressSync(response.rawPayload).toString()
          : encoding === 'gzip'
            ? gunzipSync(response.rawPayload).toString()
            : response.body;
      expect(body).toBe(plain.body);
    }
  });

  test('right after a release and right after a rollback, the next page names only the live version', async () => {
    await makeLive('ticket', '1.1.0', ['/ticket/']);
    let html = (await app.inject('/ticket/index')).body;
    expect(preloadsOf(html)).toEqual(['/remotes/ticket/1.1.0/static/js/ticket.abcdef1234.js']);
    expect(manifestIn(html)?.url).toBe('/remotes/ticket/1.1.0/mf-manifest.json');
    expect(html).not.toContain('/remotes/ticket/1.0.0/');
    expect((registryIn(html) as Record<string, { version: string }>).ticket?.version).toBe('1.1.0');

    await makeLive('ticket', '1.0.0', ['/ticket/']);
    html = (await app.inject('/ticket/index')).body;
    expect(preloadsOf(html)).toEqual(['/remotes/ticket/1.0.0/static/js/ticket.abcdef1234.js']);
    expect(manifestIn(html)?.url).toBe('/remotes/ticket/1.0.0/mf-manifest.json');
    expect(html).not.toContain('/remotes/ticket/1.1.0/');
    expect((registryIn(html) as Record<string, { version: string }>).ticket?.version).toBe('1.0.0');
  });

  test("the host's own pages and paths nobody owns get the registry and no preload or manifest", async () => {
    for (const path of ['/login', '/services-close', '/', '/nobody/owns/this']) {
      const html = (await app.inject(path)).body;
      expect({ path, preloads: preloadsOf(html), manifest: manifestIn(html) }).toEqual({ path, preloads: [], manifest: null });
      expect(registryIn(html)).toEqual({
        ticket: { version: '1.0.0', entry: '/remotes/ticket/1.0.0/mf-manifest.json', prefixes: ['/ticket/'] },
      });
    }
  });
});
