/**
 * Every request's id is on each of its log lines and in its answer (X-Request-Id): the one a proxy sent when it is a
 * plain token, else a new UUID; an id that could forge a log line is replaced.
 */
import { afterAll, beforeAll, describe, expect, test } from '@rstest/core';
import type { FastifyInstance } from 'fastify';
import { buildServer } from '../src/app';
import type { DatabaseHandle } from '../src/db/database';
import { openTestDatabase } from './support/pglite-image';
import { testConfig } from './support/test-server';

describe('request ids', () => {
  let app: FastifyInstance;
  let database: DatabaseHandle;
  const lines: { reqId?: string; msg?: string }[] = [];

  beforeAll(async () => {
    const config = await testConfig();
    database = await openTestDatabase(config.database);
    app = await buildServer(config, { database, logger: true, logStream: { write: (line) => lines.push(JSON.parse(line)) } });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  const linesOf = (id: string) => lines.filter((line) => line.reqId === id);

  test('a new id for each request, in its answer and on its log lines', async () => {
    const first = await app.inject({ method: 'POST', url: '/api/sysConfig/get', payload: {} });
    const second = await app.inject({ method: 'POST', url: '/api/user/getOfficialAccountLoginUserInfo', payload: {} });
    const [a, b] = [String(first.headers['x-request-id']), String(second.headers['x-request-id'])];
    expect(a).toMatch(/^[0-9a-f-]{36}$/);
    expect(b).not.toBe(a);
    expect(linesOf(a).map((line) => line.msg)).toContain('request completed');
    expect(linesOf(b).map((line) => line.msg)).toContain('request completed');
  });

  test("the proxy's id is kept; one that could forge a log line is not", async () => {
    const kept = await app.inject({ method: 'GET', url: '/healthz', headers: { 'x-request-id': 'nginx-4f2a9c1e77' } });
    expect(kept.headers['x-request-id']).toBe('nginx-4f2a9c1e77');
    expect(linesOf('nginx-4f2a9c1e77')).toHaveLength(1);
    for (const forged of ['a"}\n{"msg":"forged', 'short', 'x'.repeat(65)]) {
      const answer = await app.inject({ method: 'GET', url: '/healthz', headers: { 'x-request-id': forged } });
      expect(answer.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    }
  });
});
