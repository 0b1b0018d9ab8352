/**
 * `GET /metrics`: requests by route pattern and status with their latency, the task queue read from the
 * database when scraped, the release history's events, and the process's own figures — in Prometheus's text format,
 * on a listener of its own (loopback by default, METRICS_PORT), never on the public port; with METRICS_TOKEN only for
 * its bearer.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from '@rstest/core';
import { updateRegistry } from '@app/deploy/registry';
import { DEMO_TAX_NUMBERS } from '../src/db/seed';
import { configFromEnv } from '../src/config';
import { metricsApp } from '../src/http/metrics-listener';
import { freePort } from '@app/deploy/fleet/free-port';
import { processDatabase } from './support/process-database';
import { startServerProcess } from './support/server-process';
import { createTestServer, DATABASES, type TestServer } from './support/test-server';
import { describeEachDatabase } from './support/database-suites';

describeEachDatabase('metrics (%s)', (kind) => {
  let server: TestServer;
  let releaseDir: string;
  beforeAll(async () => {
    releaseDir = await mkdtemp(join(tmpdir(), 'metrics-releases-'));
    // No worker: the task created below stays due, for the queue's figures.
    server = await createTestServer(kind, {
      releaseDir,
      worker: { enabled: false, pollMs: 20, stepTimeoutMs: 2000, leaseMs: 4000, batch: 8 },
    });
  });
  afterAll(async () => {
    await server.close();
    await rm(releaseDir, { recursive: true, force: true });
  });

  const scrape = async () => {
    const answer = await (await metricsApp(server.app.metrics, null)).inject({ method: 'GET', url: '/metrics' });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toContain('text/plain');
    return answer.body;
  };

  test('requests by route pattern and status, with their latency; an unknown address makes no series of its own', async () => {
    await server.call('sysConfig/get');
    await server.call('sysConfig/get');
    await server.call('user/getOfficialAccountLoginUserInfo');
    await server.app.inject({ method: 'POST', url: '/api/no/such-call-4711', payload: {} });
    const text = await scrape();
    expect(text).toContain('http_requests_total{method="POST",route="/api/sysConfig/get",status_code="200"} 2');
    expect(text).toContain('http_requests_total{method="POST",route="/api/user/getOfficialAccountLoginUserInfo",status_code="401"} 1');
    expect(text).toContain('http_request_duration_seconds_count{method="POST",route="/api/sysConfig/get",status_code="200"} 2');
    expect(text).toMatch(
      /http_request_duration_seconds_bucket\{le="0\.005",method="POST",route="\/api\/sysConfig\/get",status_code="200"\} \d/,
    );
    expect(text).not.toContain('such-call-4711');
    expect(text).toContain('process_cpu_seconds_total');
  });

  test('the task queue, the leases and the release history, read when scraped', async () => {
    const token = await server.tokenFor('企业管理员');
    const userId = await server.userIdOf('企业管理员');
    expect(
      (await server.call('task/createLoginTask', { nsrsbh: DEMO_TAX_NUMBERS.trading, userId, loginMethod: '2' }, token)).body.success,
    ).toBe(true);
    await updateRegistry(releaseDir, (registry) => {
      const at = new Date().toISOString();
      const released = (version: string) => ({ version, releasedAt: at, prefixes: ['/ticket'], sourceHash: 'x' });
      registry.apps.ticket = { live: '1.0.0', versions: { '1.0.0': released('1.0.0'), '1.1.0': released('1.1.0') } };
      registry.history.push(
        { at, action: 'release', app: 'ticket', version: '1.0.0', previous: null },
        { at, action: 'release', app: 'ticket', version: '1.1.0', previous: '1.0.0' },
        { at, action: 'rollback', app: 'ticket', version: '1.0.0', previous: '1.1.0' },
      );
    });
    const text = await scrape();
    expect(text).toMatch(/task_queue_depth\{type="[a-z_]+"\} 1/);
    expect(text).toMatch(/task_queue_oldest_due_seconds \d/);
    expect(text).toContain('task_worker_leases 0');
    expect(text).toContain('task_worker_running 0');
    expect(text).toContain('# TYPE ledger_transactions_total gauge');
    expect(text).toContain('release_events_total{app="ticket",action="release"} 2');
    expect(text).toContain('release_events_total{app="ticket",action="rollback"} 1');
  });

  test("phones' failure reports, counted per remote version beside its loads; only released versions, no made-up names", async () => {
    await mkdir(join(releaseDir, 'ticket', '1.1.0'), { recursive: true });
    await writeFile(join(releaseDir, 'ticket', '1.1.0', 'mf-manifest.json'), '{}');
    for (let i = 0; i < 3; i++)
      expect((await server.app.inject({ method: 'GET', url: '/remotes/ticket/1.1.0/mf-manifest.json' })).statusCode).toBe(200);
    const report = (body: unknown) => server.call('client/reportFailure', body);
    expect((await report({ app: 'ticket', version: '1.1.0', kind: 'remote-load' })).body).toMatchObject({ success: true, result: null });
    expect((await report({ app: 'ticket', version: '1.1.0', kind: 'remote-load' })).body.success).toBe(true);
    expect((await report({ app: 'ticket', version: '1.1.0', kind: 'page-error' })).body.success).toBe(true);
    expect((await report({ app: 'ticket', version: '9.9.9', kind: 'remote-load' })).body).toMatchObject({
      errorCode: 4000,
      result: { fields: { version: '未发布的模块版本' } },
    });
    expect((await report({ app: 'made-up', version: '1.1.0', kind: 'remote-load' })).body.errorCode).toBe(4000);
    expect((await report({ app: 'ticket', version: '1.1.0', kind: 'anything', userId: 'u1' })).body.errorCode).toBe(4000);
    expect((await report({ app: '<script>', version: '1.1.0', kind: 'remote-load' })).body.errorCode).toBe(4000);
    const text = await scrape();
    expect(text).toContain('client_failures_total{app="ticket",version="1.1.0",kind="remote-load"} 2');
    expect(text).toContain('client_failures_total{app="ticket",version="1.1.0",kind="page-error"} 1');
    expect(text).toContain('remote_loads_total{app="ticket",version="1.1.0"} 3');
    expect(text).not.toContain('9.9.9');
  });
});

describe('where the metrics are answered', () => {
  test('never on the public port: /metrics there is a plain 404 (an unknown address)', async () => {
    const server = await createTestServer('pglite', {
      worker: { enabled: false, pollMs: 20, stepTimeoutMs: 2000, leaseMs: 4000, batch: 8 },
    });
    try {
      const answer = await server.app.inject({ method: 'GET', url: '/metrics' });
      expect(answer.statusCode).toBe(404);
      expect(answer.body).not.toContain('ledger_transactions_total');
    } finally {
      await server.close();
    }
  });

  test('npm start serves them on loopback at METRICS_PORT, and the public port does not', async () => {
    const metricsPort = await freePort();
    const cleanups: (() => Promise<unknown>)[] = [];
    const database = await processDatabase(DATABASES.at(-1) ?? 'pglite', cleanups);
    const server = await startServerProcess({ env: { ...database.env, METRICS_PORT: String(metricsPort), TASK_WORKER: '0' } });
    try {
      expect((await fetch(`${server.url}/metrics`)).status).toBe(404);
      const scraped = await fetch(`http://127.0.0.1:${metricsPort}/metrics`);
      expect(scraped.status).toBe(200);
      expect(await scraped.text()).toContain('# TYPE ledger_transactions_total gauge');
    } finally {
      await server.kill();
      for (const cleanup of cleanups.reverse()) await cleanup();
    }
  }, 240_000);

  test('with METRICS_TOKEN only its bearer is answered', async () => {
    const server = await createTestServer('pglite', {
      worker: { enabled: false, pollMs: 20, stepTimeoutMs: 2000, leaseMs: 4000, batch: 8 },
    });
    try {
      const token = 'prometheus-on-another-host-7f3a';
      const listener = await metricsApp(server.app.metrics, token);
      const scrape = (authorization?: string) =>
        listener.inject({ method: 'GET', url: '/metrics', headers: authorization ? { authorization } : {} });
      for (const refused of [undefined, 'Bearer wrong-token-0000000000', `Basic ${token}`, `Bearer ${token}x`]) {
        const answer = await scrape(refused);
        expect(answer.statusCode).toBe(401);
        expect(answer.headers['www-authenticate']).toBe('Bearer');
      }
      expect((await scrape(`Bearer ${token}`)).statusCode).toBe(200);
    } finally {
      await server.close();
    }
  });

  test('the settings: loopback and 9464 by default, 0 turns the listener off, a short token is refused', () => {
    expect(configFromEnv({}).metrics).toEqual({ host: '127.0.0.1', port: 9464, token: null });
    expect(configFromEnv({ METRICS_HOST: '0.0.0.0', METRICS_PORT: '0', METRICS_TOKEN: 'a-long-enough-token' }).metrics).toEqual({
      host: '0.0.0.0',
      port: 0,
      token: 'a-long-enough-token',
    });
    expect(() => configFromEnv({ METRICS_PORT: '70000' })).toThrow('METRICS_PORT 无效');
    expect(() => configFromEnv({ METRICS_TOKEN: 'short' })).toThrow('METRICS_TOKEN 无效');
  });
});
