/**
 * Rate limits count once for a fleet: two server instances on one database and one Redis (REDIS_URL) share
 * the sign-in limit of an address, so two instances never allow twice the limit; without Redis each instance counts
 * its own. Redis runs on these machines at 127.0.0.1:6379 (a machine without it runs the in-memory half only).
 */
import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, test } from '@rstest/core';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { buildServer } from '../src/app';
import { openTestDatabase } from './support/pglite-image';
import { newVerifier } from './support/sign-in-handover';
import { testConfig } from './support/test-server';
import { describeUnless } from './support/database-suites';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

async function redisAnswers(): Promise<boolean> {
  const client = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
  client.on('error', () => {});
  try {
    await client.connect();
    return (await client.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    client.disconnect();
  }
}

const NO_REDIS = (await redisAnswers()) ? undefined : `no Redis at ${new URL(REDIS_URL).host}`;
const closing: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const close of closing.splice(0).reverse()) await close();
});

/** Two instances on one in-memory database, with a sign-in limit of 3 a minute an address. */
async function twoInstances(shared: { redisUrl: string; redisPrefix: string } | null): Promise<[FastifyInstance, FastifyInstance]> {
  const database = await openTestDatabase({ kind: 'pglite', dataDir: null });
  closing.push(() => database.close());
  const config = await testConfig({
    auth: { wechat: null, alipay: null, demo: true, signInPerMinute: 3 },
    ...shared,
    worker: { enabled: false, pollMs: 20, stepTimeoutMs: 2000, leaseMs: 4000, batch: 8 },
  });
  const instances = [await buildServer(config, { database }), await buildServer(config, { database, seed: false })] as const;
  for (const app of instances) closing.push(() => app.close());
  return [instances[0], instances[1]];
}

/** The demo sign-in page, as a phone asks for it: the sign-in limit counts it. */
const signInPage = async (app: FastifyInstance) =>
  (await app.inject({ method: 'GET', url: `/api/auth/authorize?returnUrl=%2F&challenge=${newVerifier().challenge}` })).statusCode;

describeUnless(NO_REDIS, 'rate limits shared through Redis', () => {
  test('two instances count one limit: the fourth sign-in page of the minute is refused by whichever instance answers it', async () => {
    const [a, b] = await twoInstances({ redisUrl: REDIS_URL, redisPrefix: `test-${randomBytes(6).toString('hex')}` });
    expect([await signInPage(a), await signInPage(b), await signInPage(a)]).toEqual([200, 200, 200]);
    expect(await signInPage(b)).toBe(429);
    expect(await signInPage(a)).toBe(429);
  });
});

describe('rate limits without Redis', () => {
  test('each instance counts its own', async () => {
    const [a, b] = await twoInstances(null);
    expect([await signInPage(a), await signInPage(a), await signInPage(a), await signInPage(a)]).toEqual([200, 200, 200, 429]);
    expect(await signInPage(b)).toBe(200);
  });
});
