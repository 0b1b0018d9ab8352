import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, test } from '@rstest/core';
import type { FastifyInstance } from 'fastify';
import { updateRegistry } from '@app/deploy/registry';
import { IMMUTABLE, NO_CACHE } from '@app/deploy/cache-policy';
import { buildServer } from '../src/app';
import { openDatabase, type DatabaseHandle } from '../src/db/database';
import { testConfig } from './support/test-server';

let store: string;
let app: FastifyInstance;
let database: DatabaseHandle;

async function put(path: string, content: string | Buffer) {
  await mkdir(join(store, path, '..'), { recursive: true });
  await writeFile(join(store, path), content);
}

async function makeLive(name: string, version: string, prefixes: string[] = []) {
  await updateRegistry(store, (registry) => {
    const state = (registry.apps[name] ??= { live: null, versions: {} });
    state.versions[version] = { version, releasedAt: new Date().toISOString(), prefixes, sourceHash: 'x' };
    state.live = version;
  });
}

beforeEach(async () => {
  store = await mkdtemp(join(tmpdir(), 'serve-'));
  for (const version of ['1.0.0', '1.1.0']) {
    await put(`host/${version}/index.html`, `<!doctype html><title>host ${version}</title>`);
    await put(`ticket/${version}/mf-manifest.json`, JSON.stringify({ metaData: { remoteEntry: { name: 'static/js/ticket.abcdef1234.js' } } }));
    await put(`ticket/${version}/static/js/ticket.abcdef1234.js`, `/* ticket entry ${version} */`);
    await put(`ticket/${version}/static/js/async/12.0123456789.js`, 'x'.repeat(4000));
    await put(`ticket/${version}/static/js/async/12.0123456789.js.gz`, gzipSync('x'.repeat(4000)));
  }
  await makeLive('host', '1.0.0');
  await makeLive('ticket', '1.0.0', ['/ticket/']);
  const config = await testConfig({ releaseDir: store, worker: { enabled: false, pollMs: 20, stepTimeoutMs: 1000, leaseMs: 2000, batch: 1 } });
  database ??= await openDatabase(config.database);
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
  test('hashed files are immutable for a year; the manifest and the remote entry are revalidated', async () => {
    const chunk = await app.inject('/remotes/ticket/1.0.0/static/js/async/12.0123456789.js');
    expect(chunk.statusCode).toBe(200);
    expect(chunk.headers['cache-control']).toBe(IMMUTABLE);
    expect((await app.inject('/remotes/ticket/1.0.0/mf-manifest.json')).headers['cache-control']).toBe(NO_CACHE);
    const entry = await app.inject('/remotes/ticket/1.0.0/static/js/ticket.abcdef1234.js');
    expect(entry.body).toContain('ticket entry 1.0.0');
    expect(entry.headers['cache-control']).toBe(NO_CACHE);
  });

  test('serves the precompressed file when the browser accepts it', async () => {
    const response = await app.inject({ url: '/remotes/ticket/1.0.0/static/js/async/12.0123456789.js', headers: { 'accept-encoding': 'gzip' } });
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
