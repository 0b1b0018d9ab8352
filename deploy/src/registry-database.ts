/**
 * The registry in PostgreSQL: with DATABASE_URL set, the live versions and the release/rollback history of
 * every server instance of a fleet are one row of the database (`release_registry`: the registry document, and a
 * revision that every change raises), not a file beside one process. `npm run release|rollback|releases` and every
 * instance read and write that row; a change is a transaction on it (`select … for update`), so two at once are
 * serialised, and each instance notices a new revision within half a second (LiveApps). The release files stay in the
 * release store. The table is the registry's own (this package creates it, before any server has started: `npm start`
 * releases first), and on first use it takes in the store's `registry.json`, so moving a store to the database loses
 * nothing. PGlite runs in one process, so it keeps the file (registry.ts).
 */
import pg from 'pg';

/** Serialises the creation and first filling of the table across processes (pg_advisory_xact_lock). */
const SETUP_LOCK = 7_405_190_26;

const ready = new Set<string>();

export interface StoredRegistry<Registry> {
  registry: Registry;
  revision: number;
}

/** Runs `work` on a connection of its own (the CLI ends when it is done). */
export async function withRegistryConnection<T>(url: string, work: (client: pg.ClientBase) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url, application_name: 'release-registry', connectionTimeoutMillis: 10_000 });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Creates the table and fills it with `fromFile()` (the store's registry.json) when it has no registry yet. */
async function setUp(client: pg.ClientBase, url: string, fromFile: () => Promise<object>): Promise<void> {
  if (ready.has(url)) return;
  await client.query('begin');
  try {
    await client.query('select pg_advisory_xact_lock($1)', [SETUP_LOCK]);
    await client.query(`create table if not exists release_registry (
      id integer primary key check (id = 1),
      document jsonb not null,
      revision bigint not null default 1,
      updated_at timestamptz not null default now())`);
    const { rowCount } = await client.query('select 1 from release_registry where id = 1');
    if (!rowCount) await client.query('insert into release_registry (id, document) values (1, $1)', [JSON.stringify(await fromFile())]);
    await client.query('commit');
  } catch (error) {
    await client.query('rollback');
    throw error;
  }
  ready.add(url);
}

export async function readStoredRegistry<Registry extends object>(
  client: pg.ClientBase,
  url: string,
  fromFile: () => Promise<Registry>,
): Promise<StoredRegistry<Registry>> {
  await setUp(client, url, fromFile);
  const { rows } = await client.query<{ document: Registry; revision: string }>(
    'select document, revision from release_registry where id = 1',
  );
  const row = rows[0];
  if (!row) throw new Error('release_registry has no row');
  return { registry: row.document, revision: Number(row.revision) };
}

export async function storedRevision(client: pg.ClientBase): Promise<number> {
  const { rows } = await client.query<{ revision: string }>('select revision from release_registry where id = 1');
  return Number(rows[0]?.revision ?? 0);
}

/** Read-modify-write of the registry row, in one transaction holding the row; a change that changes nothing writes nothing. */
export async function updateStoredRegistry<Registry extends object, T>(
  url: string,
  fromFile: () => Promise<Registry>,
  change: (registry: Registry) => T | Promise<T>,
): Promise<T> {
  return withRegistryConnection(url, async (client) => {
    await setUp(client, url, fromFile);
    await client.query('begin');
    try {
      const { rows } = await client.query<{ document: Registry }>('select document from release_registry where id = 1 for update');
      const registry = rows[0]?.document;
      if (!registry) throw new Error('release_registry has no row');
      const before = JSON.stringify(registry);
      const result = await change(registry);
      if (JSON.stringify(registry) !== before) {
        await client.query('update release_registry set document = $1, revision = revision + 1, updated_at = now() where id = 1', [
          JSON.stringify(registry),
        ]);
      }
      await client.query('commit');
      return result;
    } catch (error) {
      await client.query('rollback');
      throw error;
    }
  });
}
