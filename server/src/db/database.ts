/**
 * Opens the database: embedded PGlite in a data folder by default (nothing to install), PostgreSQL when
 * `DATABASE_URL` is set. Both get the same schema through the versioned migrations in `server/drizzle/`.
 */
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import { claimDataDir } from './data-dir-lock';
import pg from 'pg';
import * as schema from './schema/index';

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  /**
   * Runs `work` (e.g. seeding an empty database) while no other server instance starting on this database runs its
   * own: on PostgreSQL under the advisory lock that also serialises migrations; PGlite has one process anyway.
   */
  exclusive<T>(work: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export type DatabaseTarget = { kind: 'pglite'; dataDir: string | null } | { kind: 'postgres'; url: string };

const MIGRATIONS = join(import.meta.dirname, '../../drizzle');
/** Held while migrating and seeding, so server instances starting together on one PostgreSQL do it one at a time. */
const MIGRATION_LOCK = 727_001;

/**
 * How the hot reads (see `batchedRowLookup`) reach each database: a statement prepared once and then run with one
 * array literal as its parameter. PostgreSQL gets a named statement of the protocol (parsed and planned once per pooled
 * connection). PGlite has one session and no named statements of the protocol, so it gets an SQL PREPARE and then
 * EXECUTE with the literal inlined (quoted; the keys are hashes and ids): no parsing or planning per query, which on
 * PGlite runs on this thread.
 */
type PreparedRead = (name: string, text: string, arrayParameter: string) => Promise<Record<string, unknown>[]>;
const preparedReads = new WeakMap<Database, { kind: DatabaseHandle['kind']; read: PreparedRead }>();

function pgliteRead(client: PGlite): PreparedRead {
  const prepared = new Map<string, Promise<unknown>>();
  return async (name, text, arrayParameter) => {
    let ready = prepared.get(name);
    if (!ready) {
      ready = client.exec(`prepare ${name} as ${text}`);
      prepared.set(name, ready);
      ready.catch(() => prepared.delete(name));
    }
    await ready;
    const results = await client.exec(`execute ${name}(${quoteLiteral(arrayParameter)})`);
    return (results.at(-1)?.rows ?? []) as Record<string, unknown>[];
  };
}

async function underStartupLock<T>(pool: pg.Pool, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    return await work(client);
  } finally {
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {});
    client.release();
  }
}

export interface OpenOptions {
  /** Sees every query the server sends (the plan tests EXPLAIN what the list calls send). */
  logQuery?: (query: string, params: unknown[]) => void;
  /** Hears of a pooled PostgreSQL connection that was lost while idle (the pool replaces it). */
  onConnectionLost?: (error: Error) => void;
  /**
   * Tests only (the server never sets it): an in-memory PGlite database starts from this image of a migrated empty
   * database (`migratedPgliteImage`) instead of being created and migrated: that costs seconds of CPU each time, and
   * the server tests open a new database for nearly every describe block (docs/testing.md, "How long `npm test`
   * takes"). The migrations still run, and find every one applied. Ignored for a PGlite data folder and for PostgreSQL.
   */
  pgliteImage?: Blob;
}

/** Runs `text` with its parameters on the database's own client, outside drizzle (EXPLAIN in tests and benchmarks). */
export type RawQuery = (text: string, params?: unknown[]) => Promise<Record<string, unknown>[]>;

/** The extensions the migrations create (drizzle/0003): PGlite loads them with the database. */
export const PGLITE_EXTENSIONS = { pg_trgm, btree_gin };

const BYTEA_OID = 17;

/**
 * bytea to and from PGlite's text form by Node's hex codec: PGlite's own makes a string per byte, tens of MB of heap
 * for one 1 MB chunk of an export (docs/server.md, "Exports").
 */
const PGLITE_BYTEA = {
  serializers: {
    [BYTEA_OID]: (value: Uint8Array) => `\\x${Buffer.from(value.buffer, value.byteOffset, value.byteLength).toString('hex')}`,
  },
  parsers: { [BYTEA_OID]: (text: string) => Buffer.from(text.slice(2), 'hex') },
};

/**
 * Tests only: a new in-memory PGlite database, migrated and empty, as PGlite's tarball of its data folder
 * (`dumpDataDir`), for openDatabase's `pgliteImage`. Uncompressed: loading it then costs no gunzip.
 */
export async function migratedPgliteImage(): Promise<Blob> {
  const client = await PGlite.create({ extensions: PGLITE_EXTENSIONS });
  try {
    await migratePglite(drizzlePglite(client, { schema }), { migrationsFolder: MIGRATIONS });
    return await client.dumpDataDir('none');
  } finally {
    await client.close();
  }
}

export async function openDatabase(target: DatabaseTarget, options: OpenOptions = {}): Promise<DatabaseHandle & { raw: RawQuery }> {
  const logger = options.logQuery ? { logQuery: options.logQuery } : false;
  if (target.kind === 'postgres') {
    // A connection that waits longer than this for the database fails the call (503) instead of holding it.
    const pool = new pg.Pool({
      connectionString: target.url,
      max: 10,
      connectionTimeoutMillis: 5_000,
      application_name: 'tax-invoice-server',
    });
    // A pooled connection the database cut while idle (a failover, a restart, pg_terminate_backend) is reported
    // here and dropped by the pool; unheard, the error would end the process. The next query opens a new one.
    pool.on('error', (error) => options.onConnectionLost?.(error));
    const db = drizzlePostgres(pool, { schema, logger });
    await underStartupLock(pool, (client) => migratePostgres(drizzlePostgres(client, { schema }), { migrationsFolder: MIGRATIONS }));
    preparedReads.set(db as unknown as Database, {
      kind: 'postgres',
      read: async (name, text, arrayParameter) => (await pool.query({ name, text, values: [arrayParameter] })).rows,
    });
    const raw: RawQuery = async (text, params = []) => (await pool.query(text, params)).rows;
    return {
      db: db as unknown as Database,
      kind: 'postgres',
      exclusive: (work) => underStartupLock(pool, work),
      close: () => pool.end(),
      raw,
    };
  }
  if (target.dataDir) await mkdir(join(target.dataDir, '..'), { recursive: true });
  const giveBack = target.dataDir ? await claimDataDir(target.dataDir) : async () => {};
  const from = target.dataDir ? { dataDir: target.dataDir } : options.pgliteImage ? { loadDataDir: options.pgliteImage } : {};
  const client = await PGlite.create({ ...from, extensions: PGLITE_EXTENSIONS, ...PGLITE_BYTEA }).catch(async (error: unknown) => {
    await giveBack();
    throw error;
  });
  const db = drizzlePglite(client, { schema, logger });
  await migratePglite(db, { migrationsFolder: MIGRATIONS });
  preparedReads.set(db as unknown as Database, { kind: 'pglite', read: pgliteRead(client) });
  const raw: RawQuery = async (text, params = []) => (await client.query<Record<string, unknown>>(text, params)).rows;
  const close = async () => {
    await client.close();
    await giveBack();
  };
  return { db: db as unknown as Database, kind: 'pglite', exclusive: (work) => work(), close, raw };
}

interface Waiter<V> {
  resolve(value: V | undefined): void;
  reject(error: unknown): void;
}

/**
 * Looks rows up by key in batches, for the hottest reads (the caller behind a token, a task's progress). Lookups
 * asked in one turn of the event loop (every request read from the sockets that were ready) go out as one query,
 * for each of their keys once, when the turn ends and fewer than `concurrency` of these queries are running;
 * otherwise when one ends. So every answer comes from a query started after the lookup was asked (as fresh as a
 * query of its own: no cache, nothing to invalidate), while under load one query answers many requests. With PGlite,
 * whose queries run on this thread, this is what keeps a poll from costing a query of its own.
 */
export class BatchedLookup<V> {
  private waiting = new Map<string, Waiter<V>[]>();
  private running = 0;
  private scheduled = false;

  constructor(
    /** Answers the rows of these keys, by key; a key without a row is absent. */
    private readonly query: (keys: string[]) => Promise<Map<string, V>>,
    private readonly options: { concurrency: number; maxBatch: number },
  ) {}

  load(key: string): Promise<V | undefined> {
    return new Promise<V | undefined>((resolve, reject) => {
      const waiters = this.waiting.get(key);
      if (waiters) waiters.push({ resolve, reject });
      else this.waiting.set(key, [{ resolve, reject }]);
      this.schedule();
    });
  }

  private schedule(): void {
    if (this.scheduled || this.running >= this.options.concurrency || this.waiting.size === 0) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      if (this.running < this.options.concurrency && this.waiting.size > 0) this.next();
    });
  }

  private next(): void {
    const batch = new Map<string, Waiter<V>[]>();
    for (const [key, waiters] of this.waiting) {
      if (batch.size === this.options.maxBatch) break;
      batch.set(key, waiters);
      this.waiting.delete(key);
    }
    this.running += 1;
    this.query([...batch.keys()])
      .then(
        (rows) => {
          for (const [key, waiters] of batch) for (const waiter of waiters) waiter.resolve(rows.get(key));
        },
        (error: unknown) => {
          for (const waiters of batch.values()) for (const waiter of waiters) waiter.reject(error);
        },
      )
      .finally(() => {
        this.running -= 1;
        this.schedule();
      });
  }
}

const lookups = new WeakMap<Database, Map<string, BatchedLookup<never>>>();

/**
 * The batched lookup `name` of this database, made on first use: `text` is a SELECT of rows by `$1`, an array of keys
 * (e.g. `where id = any($1::uuid[])`), prepared once (see PreparedRead); rows are matched to keys by `keyColumn`.
 * Column names are those of the SQL (alias them), values parsed as usual (timestamptz → Date, jsonb → objects).
 * PGlite runs one query at a time on this thread, so one query of a kind at a time makes the largest batches;
 * PostgreSQL answers a few at once from its pool.
 */
export function batchedRowLookup<R extends Record<string, unknown>>(
  db: Database,
  name: string,
  text: string,
  keyColumn: keyof R & string,
): BatchedLookup<R> {
  let byName = lookups.get(db);
  if (!byName) {
    byName = new Map();
    lookups.set(db, byName);
  }
  let lookup = byName.get(name) as BatchedLookup<R> | undefined;
  if (!lookup) {
    const prepared = preparedReads.get(db);
    if (!prepared) throw new Error(`batchedRowLookup(${name}): the database must come from openDatabase (not a transaction)`);
    lookup = new BatchedLookup<R>(
      async (keys) => {
        const rows = (await prepared.read(name, text, arrayLiteral(keys))) as R[];
        return new Map(rows.map((row) => [String(row[keyColumn]), row]));
      },
      { concurrency: prepared.kind === 'postgres' ? 2 : 1, maxBatch: 500 },
    );
    byName.set(name, lookup as BatchedLookup<never>);
  }
  return lookup;
}

/** An SQL string literal (standard_conforming_strings: only quotes are doubled). */
function quoteLiteral(value: string): string {
  return `'${value.replace(/'/g, "''")}'`;
}

/** A PostgreSQL array literal of these strings, for `= any($1::text[])`. */
export function arrayLiteral(values: readonly string[]): string {
  return `{${values.map((value) => `"${value.replace(/["\\]/g, '\\$&')}"`).join(',')}}`;
}
