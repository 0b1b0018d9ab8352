/**
 * A server for tests on a fresh database: in-memory PGlite, or a new PostgreSQL database (dropped afterwards) when
 * one answers at 127.0.0.1:5432; either a copy of a migrated empty database that global setup made once for the run
 * (global-setup.ts). `DATABASES` lists what this machine can test on; `describeEachDatabase` (database-suites.ts) runs a
 * suite on each, and reports the PostgreSQL one as skipped where none answers.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildServer } from '../../src/app';
import { createSession } from '../../src/auth/session-tokens';
import { realSignInConfigured, type ServerConfig } from '../../src/config';
import { paymentConfigFromEnv } from '../../src/payments/payment-config';
import type { DatabaseHandle, RawQuery } from '../../src/db/database';
import { openTestDatabase } from './pglite-image';
import { agreementAcceptances } from '../../src/db/schema/agreements';
import { users } from '../../src/db/schema/users';
import { latestAgreementId } from '../../src/agreements/agreement-acceptance';
import { PRIVACY_POLICY_VERSION } from '@app/domain/privacy-policy';

/** The demo users of the seed, in their demo order. */
export const DEMO_LABELS = ['普通用户', '企业管理员', '企业员工', '出租车管理员', '线下收款管理员'] as const;

export const POSTGRES_ADMIN_URL = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export async function postgresAvailable(): Promise<boolean> {
  const client = new pg.Client({ connectionString: POSTGRES_ADMIN_URL, connectionTimeoutMillis: 1000 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

export type DatabaseKind = 'pglite' | 'postgres';
export const DATABASES: DatabaseKind[] = (await postgresAvailable()) ? ['pglite', 'postgres'] : ['pglite'];

/** The environment variable naming the migrated empty PostgreSQL database that global setup made (global-setup.ts). */
export const POSTGRES_TEMPLATE_ENV = 'POSTGRES_TEST_TEMPLATE';

/**
 * A new empty PostgreSQL database; `drop` removes it. `migrated`: a copy of the migrated empty database global setup
 * made (as the in-memory PGlite databases start from an image of one, pglite-image.ts), for a test of what the server
 * does rather than of how it starts: the migrations then find every one applied. Without it (a test of real starts,
 * e.g. two instances migrating one database at once) the database is as empty as a new one.
 */
export async function createPostgresDatabase(options: { migrated?: boolean } = {}): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `app_test_${randomBytes(6).toString('hex')}`;
  const template = options.migrated ? process.env[POSTGRES_TEMPLATE_ENV] : undefined;
  const admin = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
  await admin.connect();
  await admin.query(template ? `create database ${name} template ${template}` : `create database ${name}`);
  await admin.end();
  const url = new URL(POSTGRES_ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
      await client.connect();
      // pg's pool.end() resolves before its connections have closed: wait for them, so `force` has none to terminate
      // (a terminated connection would surface as an unhandled error in the test run).
      for (let i = 0; i < 80; i++) {
        const { rows } = await client.query<{ n: number }>('select count(*)::int as n from pg_stat_activity where datname = $1', [name]);
        if (!rows[0]?.n) break;
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

/**
 * The task worker of a test server: it polls often while there is work and gives a step 2 s; its retries wait as long
 * as a real one's. Idle, it waits for the next due task (at most 250 ms): polling every 20 ms cost each idle test
 * server about an eighth of a core, and a task made in the process wakes it at once anyway.
 */
export const TEST_WORKER: ServerConfig['worker'] = {
  enabled: true,
  pollMs: 20,
  idlePollMs: 250,
  stepTimeoutMs: 2000,
  leaseMs: 4000,
  batch: 8,
};

/**
 * A server config for tests; without `payments` in the overrides, its payment providers are what an environment
 * without payment settings gives beside its sign-in (demo payment only where no real sign-in is configured).
 */
export async function testConfig(overrides: Partial<ServerConfig> = {}): Promise<ServerConfig> {
  const dataDir = await mkdtemp(join(tmpdir(), 'server-test-'));
  const config: Omit<ServerConfig, 'payments'> & Partial<Pick<ServerConfig, 'payments'>> = {
    port: 0,
    host: '127.0.0.1',
    publicUrl: 'http://sim.test',
    releaseDir: join(dataDir, 'releases'),
    dataDir,
    database: { kind: 'pglite', dataDir: null },
    secretKey: randomBytes(32).toString('hex'),
    etax: { stepDelayMs: 20, fault: { mode: 'none', reason: '电子税务局系统繁忙，请稍后重试', delayMs: 200 }, controls: true },
    testHooks: false,
    // One test compiles every schema (schema-compilers.test.ts); the others compile what they call.
    precompileSchemas: false,
    worker: TEST_WORKER,
    auth: { wechat: null, alipay: null, demo: true },
    // The tests count exactly what they made: no demo history (a test of it turns it on).
    demoHistory: false,
    trustProxy: [],
    http: { requestTimeoutMs: 30_000, keepAliveTimeoutMs: 5_000, connectionTimeoutMs: 60_000, startupHoldMs: 30_000 },
    metrics: { host: '127.0.0.1', port: 0, token: null },
    // What a page carries is under test, not how fast a busy machine answers the page's own calls: a late call left
    // out is tested apart (page-session-answers.test.ts, sessionAnswers), and the browser tests' servers set these too.
    pageAnswersMs: 10_000,
    firstScreenCallMs: 10_000,
    ...overrides,
  };
  return { ...config, payments: config.payments ?? paymentConfigFromEnv({}, { realSignIn: realSignInConfigured(config.auth) }) };
}

export interface TestServer {
  app: FastifyInstance;
  database: DatabaseHandle & { raw: RawQuery };
  kind: DatabaseKind;
  /** The PostgreSQL database's URL (null on PGlite). */
  databaseUrl: string | null;
  /** A session token for the demo user with this label (普通用户, 企业管理员, 企业员工, 出租车管理员, 线下收款管理员). */
  tokenFor(label: string): Promise<string>;
  /** The demo users with these labels accept the latest authorisation agreement (acting at the tax bureau needs it). */
  acceptAgreement(...labels: string[]): Promise<void>;
  userIdOf(label: string): Promise<string>;
  /**
   * `POST /api/<path>`; resolves with the status and the envelope. Each token calls from an address of its own, as
   * each phone does, so that limits counted per address do not add up every test's accounts.
   */
  call<T = unknown>(
    path: string,
    body?: unknown,
    token?: string | null,
  ): Promise<{ status: number; body: { success: boolean; result: T; message: string | null; errorCode: number | null } }>;
  close(): Promise<void>;
}

export interface TestServerOptions {
  /**
   * Whether the demo users have accepted the authorisation agreement, as every company user does before acting at the
   * tax bureau (default true); false leaves them as the seed has them, at the agreement gate.
   */
  agreed?: boolean;
  /** Sees every query the server sends. */
  logQuery?: (query: string, params: unknown[]) => void;
}

export async function createTestServer(
  kind: DatabaseKind = 'pglite',
  overrides: Partial<ServerConfig> = {},
  options: TestServerOptions = {},
): Promise<TestServer> {
  const postgres = kind === 'postgres' ? await createPostgresDatabase({ migrated: true }) : null;
  const config = await testConfig({
    database: postgres ? { kind: 'postgres', url: postgres.url } : { kind: 'pglite', dataDir: null },
    ...overrides,
  });
  const database = await openTestDatabase(config.database, options.logQuery ? { logQuery: options.logQuery } : {});
  const app = await buildServer(config, { database });
  await app.ready();
  const userIdOf = async (label: string) => {
    const [user] = await database.db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.provider, 'demo'), eq(users.demoLabel, label)));
    if (!user) throw new Error(`no demo user ${label}`);
    return user.id;
  };
  const acceptAgreement = async (...labels: string[]) => {
    const agreementId = await latestAgreementId(database.db);
    if (agreementId === null) return;
    for (const label of labels) {
      await database.db
        .insert(agreementAcceptances)
        .values({ userId: await userIdOf(label), agreementId, privacyPolicyVersion: PRIVACY_POLICY_VERSION })
        .onConflictDoNothing();
    }
  };
  if (options.agreed !== false && config.auth.demo) await acceptAgreement(...DEMO_LABELS);
  const addresses = new Map<string, string>();
  const addressOf = (token: string | null) => {
    if (token === null) return '127.0.0.1';
    let address = addresses.get(token);
    if (!address) {
      const n = addresses.size + 1;
      address = `10.90.${(n >> 8) & 255}.${n & 255}`;
      addresses.set(token, address);
    }
    return address;
  };
  return {
    app,
    database,
    kind,
    databaseUrl: postgres?.url ?? null,
    userIdOf,
    acceptAgreement,
    tokenFor: async (label) => createSession(database.db, await userIdOf(label)),
    call: async (path, body = {}, token = null) => {
      const response = await app.inject({
        method: 'POST',
        url: `/api/${path}`,
        payload: body as object,
        headers: token ? { authorization: `Bearer ${token}` } : {},
        remoteAddress: addressOf(token),
      });
      return { status: response.statusCode, body: response.json() };
    },
    close: async () => {
      await app.close();
      await database.close();
      await postgres?.drop();
    },
  };
}

/**
 * Polls until `check` returns a value, or fails after `timeoutMs`. The wait ends as soon as the condition holds, so a
 * generous limit costs nothing on a quiet machine, and beside other suites a task worker's slow step still fits in it.
 */
export async function eventually<T>(check: () => Promise<T | undefined | null | false>, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
