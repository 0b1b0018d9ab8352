/**
 * The server's outer defences: a schema on every route (the demo sign-in took any JSON), time-outs for slow or
 * unfinished requests, a secret key that must be a real key, and the security headers on every answer.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from '@rstest/core';
import Fastify from 'fastify';
import { missingSchemas, requireRouteSchemas } from '../src/http/route-schemas';
import { CONTENT_SECURITY_POLICY } from '../src/http/security-headers';
import { loadSecretKey, parseSecretKey } from '../src/security/secret-key';
import { startServerProcess } from './support/server-process';
import { processDatabase } from './support/process-database';
import { createTestServer, DATABASES, eventually, type TestServer } from './support/test-server';

describe('a schema on every route', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await createTestServer('pglite');
  });
  afterAll(async () => server.close());

  test('the demo sign-in refuses a body of the wrong shape instead of failing or signing in', async () => {
    const userId = await server.userIdOf('企业管理员');
    for (const payload of [
      { userId: { toString: 1 } },
      [userId],
      { userId: [userId] },
      { userId, returnUrl: { length: 1 } },
      { userId, admin: true },
      'null',
    ]) {
      const answer = await server.app.inject({
        method: 'POST',
        url: '/api/auth/demo',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify(payload),
      });
      expect({ payload, status: answer.statusCode }).toEqual({ payload, status: 400 });
      expect(answer.headers.location).toBeUndefined();
      expect(answer.headers['content-type']).toContain('text/html');
      expect(answer.body).toMatch(/演示账号|返回地址|参数|请求体/);
    }
  });

  test('the sign-in and file routes refuse malformed queries with a clear 400', async () => {
    expect((await server.app.inject('/api/auth/authorize?returnUrl=/a&returnUrl=/b')).statusCode).toBe(400);
    expect((await server.app.inject('/api/auth/authorize?isWorkWechat=maybe')).statusCode).toBe(400);
    const pdf = await server.app.inject('/files/invoices/x.pdf?expires=soon&signature=x');
    expect(pdf.statusCode).toBe(400);
    expect(pdf.json().message).toContain('expires');
  });

  test('a route registered without its schemas stops the server from starting', async () => {
    expect(missingSchemas({ method: 'POST', url: '/x', schema: {} })).toEqual(['body']);
    expect(missingSchemas({ method: 'GET', url: '/x/:id', schema: { querystring: {} } })).toEqual(['params']);
    expect(missingSchemas({ method: 'GET', url: '/x', schema: { querystring: {} } })).toEqual([]);
    const app = Fastify();
    requireRouteSchemas(app);
    expect(() => app.post('/unchecked', async () => 'ok')).toThrow('缺少 body 的 schema');
    await app.close();
  });
});

describe('time-outs', () => {
  test('a request whose body never arrives in full loses its connection after the request time-out', async () => {
    const server = await createTestServer('pglite', {
      http: { requestTimeoutMs: 1000, keepAliveTimeoutMs: 1000, connectionTimeoutMs: 120_000, startupHoldMs: 30_000 },
    });
    try {
      const address = await server.app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = new URL(address);
      const started = Date.now();
      const closedAfter = await new Promise<number>((resolve, reject) => {
        const socket = connect(Number(port), '127.0.0.1', () => {
          socket.write('POST /api/sysConfig/get HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"a":');
        });
        socket.on('data', () => {});
        socket.on('close', () => resolve(Date.now() - started));
        socket.on('error', reject);
      });
      // Before, the connection stayed open for over ten minutes.
      expect(closedAfter).toBeLessThan(15_000);
    } finally {
      await server.close();
    }
  });

  test('a request sent on an idle connection just before its advertised time-out is answered though the event loop was held up', async () => {
    const server = await createTestServer('pglite', {
      http: { requestTimeoutMs: 30_000, keepAliveTimeoutMs: 1000, connectionTimeoutMs: 120_000, startupHoldMs: 30_000 },
    });
    try {
      const address = await server.app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = new URL(address);
      // Once the first answer is out, this process (the server's) is busy for 3 s, past Node's own margin over the
      // advertised second, while the client (another process) reuses the connection half a second in.
      server.app.server.once('request', (_request, response) => {
        response.once('finish', () =>
          setTimeout(
            () =>
              setImmediate(() => {
                const busyUntil = Date.now() + 3000;
                while (Date.now() < busyUntil) {}
              }),
            100,
          ),
        );
      });
      const client = `
        const request = 'GET /healthz HTTP/1.1\\r\\nHost: x\\r\\n\\r\\n';
        const socket = require('node:net').connect(${port}, '127.0.0.1', () => socket.write(request));
        const answers = [];
        socket.on('data', (chunk) => {
          answers.push(chunk.toString().split('\\r\\n').slice(0, 3).join(' | '));
          if (answers.length === 1) setTimeout(() => socket.write(request), 500);
          else socket.end();
        });
        socket.on('error', (error) => answers.push(error.message));
        socket.on('close', () => console.log(JSON.stringify(answers)));`;
      const output = await new Promise<string>((resolve, reject) => {
        let text = '';
        const child = spawn(process.execPath, ['-e', client], { stdio: ['ignore', 'pipe', 'inherit'] });
        child.stdout.on('data', (chunk: Buffer) => (text += chunk.toString()));
        child.on('error', reject);
        child.on('exit', () => resolve(text));
      });
      const answers = JSON.parse(output) as string[];
      expect(answers).toHaveLength(2);
      expect(answers[0]).toMatch(/^HTTP\/1\.1 200 /);
      expect(answers[1]).toMatch(/^HTTP\/1\.1 200 /);
    } finally {
      await server.close();
    }
  });

  test('npm start cuts a stalled body at REQUEST_TIMEOUT_MS too, while its database opens and after: 408 and the connection closed', async () => {
    // Its server is its own, made before the app (start-server.ts), not Fastify's: the time-outs are set there.
    const cleanups: (() => Promise<unknown>)[] = [];
    const database = await processDatabase(DATABASES.at(-1) ?? 'pglite', cleanups);
    const server = await startServerProcess({
      env: { ...database.env, REQUEST_TIMEOUT_MS: '1500', TASK_WORKER: '0' },
      // The port answers at once, before the database is open: the first stalled body is sent then.
      probe: async (url) => (await fetch(`${url}/readyz`, { signal: AbortSignal.timeout(2000) })).status > 0,
    });
    const { port } = new URL(server.url);
    /** Declares 100 bytes and sends 2, then nothing (a probe held such a connection for over 100 s): the answer and when the connection closed. */
    const stalledPost = (path: string) => {
      const started = Date.now();
      return new Promise<{ closedAfter: number; answer: string }>((resolve, reject) => {
        let answer = '';
        const socket = connect(Number(port), '127.0.0.1', () => {
          socket.write(`POST ${path} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"`);
        });
        socket.on('data', (chunk) => (answer += chunk.toString()));
        socket.on('close', () => resolve({ closedAfter: Date.now() - started, answer }));
        socket.on('error', reject);
      });
    };
    try {
      const starting = await stalledPost('/api/sysConfig/get');
      await eventually(
        async () => (await fetch(`${server.url}/healthz`, { signal: AbortSignal.timeout(5000) }).catch(() => null))?.ok,
        150_000,
      );
      const up = await stalledPost('/api/client/reportFailure');
      for (const { closedAfter, answer } of [starting, up]) {
        expect(answer).toMatch(/^HTTP\/1\.1 408 /);
        expect(closedAfter).toBeGreaterThanOrEqual(1400);
        expect(closedAfter).toBeLessThan(5000);
      }
    } finally {
      await server.kill();
      for (const cleanup of cleanups.reverse()) await cleanup();
    }
  }, 240_000);

  test('the defaults: 30 s for a request, 5 s idle keep-alive', async () => {
    const { configFromEnv } = await import('../src/config');
    expect(configFromEnv({}).http).toEqual({
      requestTimeoutMs: 30_000,
      keepAliveTimeoutMs: 5_000,
      connectionTimeoutMs: 60_000,
      startupHoldMs: 30_000,
    });
  });
});

describe('the secret key', () => {
  const good = randomBytes(32);

  test('must be 32 random bytes, from SECRET_KEY or from the data folder', async () => {
    expect(parseSecretKey(good.toString('hex'), 'SECRET_KEY')).toEqual(good);
    expect(parseSecretKey(good.toString('base64'), 'SECRET_KEY')).toEqual(good);
    for (const bad of ['', ' ', 'abc', good.toString('hex').slice(2), `${good.toString('hex')}00`, 'x'.repeat(64)]) {
      expect(() => parseSecretKey(bad, 'SECRET_KEY')).toThrow('SECRET_KEY 无效');
    }
    for (const weak of ['0'.repeat(64), 'ab'.repeat(32), '0123456789abcdef'.repeat(4), Buffer.alloc(32, 7).toString('base64')]) {
      expect(() => parseSecretKey(weak, 'SECRET_KEY')).toThrow('SECRET_KEY 太弱');
    }
  });

  test('an empty or damaged secret.key stops the start instead of signing links with an empty key', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'secret-key-'));
    await writeFile(join(dir, 'secret.key'), '');
    await expect(loadSecretKey(null, dir)).rejects.toThrow('secret.key 无效');
    await writeFile(join(dir, 'secret.key'), '0'.repeat(64));
    await expect(loadSecretKey(null, dir)).rejects.toThrow('secret.key 太弱');
    await expect(createTestServer('pglite', { secretKey: '' })).rejects.toThrow('SECRET_KEY 无效');
  });

  test('generated once, and instances starting together agree on it', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'secret-key-'));
    const keys = await Promise.all(Array.from({ length: 8 }, () => loadSecretKey(null, dir)));
    for (const key of keys) expect(key).toEqual(keys[0]);
    expect(keys[0]?.length).toBe(32);
    expect((await readFile(join(dir, 'secret.key'), 'utf8')).trim()).toBe(keys[0]?.toString('hex'));
  });
});

describe('security headers', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await createTestServer('pglite');
  });
  afterAll(async () => server.close());

  test('every kind of answer carries them: API, sign-in page, simulator page, release files', async () => {
    const answers = [
      await server.app.inject({ method: 'POST', url: '/api/sysConfig/get', payload: {} }),
      await server.app.inject(`/api/auth/authorize?returnUrl=%2F&challenge=${'c'.repeat(43)}`),
      await server.app.inject('/etax-sim/sms'),
      await server.app.inject('/remotes.json'),
      await server.app.inject('/invoice/list'),
    ];
    for (const answer of answers) {
      expect(answer.headers['x-content-type-options']).toBe('nosniff');
      expect(answer.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(answer.headers['x-frame-options']).toBe('DENY');
      expect(answer.headers['content-security-policy']).toBe(CONTENT_SECURITY_POLICY);
    }
  });

  test('over https (as the trusted proxy says) every answer asks for https only (HSTS); over http none does', async () => {
    const behindProxy = await createTestServer('pglite', {
      trustProxy: ['127.0.0.1'],
      worker: { enabled: false, pollMs: 20, stepTimeoutMs: 2000, leaseMs: 4000, batch: 8 },
    });
    try {
      const ask = (url: string, headers: Record<string, string>, remoteAddress = '127.0.0.1') =>
        behindProxy.app.inject({ method: 'GET', url, headers, remoteAddress });
      for (const url of ['/invoice/list', '/remotes.json', '/healthz', '/etax-sim/sms', '/no/such/file.js']) {
        expect((await ask(url, { 'x-forwarded-proto': 'https' })).headers['strict-transport-security']).toBe('max-age=31536000');
        expect((await ask(url, { 'x-forwarded-proto': 'http' })).headers['strict-transport-security']).toBeUndefined();
        // A client that is not the trusted proxy cannot say it came over https.
        expect((await ask(url, { 'x-forwarded-proto': 'https' }, '10.9.8.7')).headers['strict-transport-security']).toBeUndefined();
      }
      const call = await behindProxy.app.inject({
        method: 'POST',
        url: '/api/sysConfig/get',
        payload: {},
        headers: { 'x-forwarded-proto': 'https' },
        remoteAddress: '127.0.0.1',
      });
      expect(call.headers['strict-transport-security']).toBe('max-age=31536000');
    } finally {
      await behindProxy.close();
    }
  });

  test('the policy: scripts only from the origin, no inline script or eval, no framing, no plugins', () => {
    const directives = Object.fromEntries(
      CONTENT_SECURITY_POLICY.split('; ').map((directive) => [directive.split(' ')[0], directive.split(' ').slice(1)]),
    );
    expect(directives['script-src']).toEqual(["'self'"]);
    expect(directives['frame-ancestors']).toEqual(["'none'"]);
    expect(directives['object-src']).toEqual(["'none'"]);
    expect(CONTENT_SECURITY_POLICY).not.toContain('unsafe-eval');
  });
});
