/**
 * A database for real server processes (support/server-process.ts) that the test can read too: a PGlite data folder
 * (read only while no server holds it: after a kill or a stop) or a new PostgreSQL database (read alongside the
 * servers), both migrated and empty, copies of what global setup made; a test of a first start on a new database
 * (server-build, worker-processes, pglite-one-process) makes its own. What it made is removed by the cleanups it
 * registers.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase, type DatabaseHandle, type RawQuery } from '../../src/db/database';
import { copyPgliteFolder } from './pglite-image';
import { createPostgresDatabase, type DatabaseKind } from './test-server';

export type InspectHandle = DatabaseHandle & { raw: RawQuery };

export interface ProcessDatabase {
  /** The server's environment for this database (on top of the test's). */
  env: Record<string, string | undefined>;
  /** Reads the database from the test: PGlite only while no server holds the folder; PostgreSQL any time. */
  inspect<T>(read: (handle: InspectHandle) => Promise<T>): Promise<T>;
}

/** Makes the database; `cleanups` receives what removes it (run them after the servers were killed). */
export async function processDatabase(kind: DatabaseKind, cleanups: (() => Promise<unknown>)[]): Promise<ProcessDatabase> {
  const dataDir = await mkdtemp(join(tmpdir(), 'server-process-'));
  cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
  if (kind === 'pglite') {
    // A copy of a migrated empty database (initdb and the migrations are seconds of CPU); the server seeds it and
    // generates its secret key into the folder, as on a first start.
    const folder = join(dataDir, 'data');
    await copyPgliteFolder(join(folder, 'pglite'));
    return {
      env: { DATA_DIR: folder, DATABASE_URL: undefined, SECRET_KEY: undefined },
      inspect: async (read) => {
        const handle = await openDatabase({ kind: 'pglite', dataDir: join(folder, 'pglite') });
        try {
          return await read(handle);
        } finally {
          await handle.close();
        }
      },
    };
  }
  const postgres = await createPostgresDatabase({ migrated: true });
  let handle: InspectHandle | undefined;
  cleanups.push(async () => {
    await handle?.close();
    await postgres.drop();
  });
  return {
    env: { DATA_DIR: dataDir, DATABASE_URL: postgres.url, SECRET_KEY: randomBytes(32).toString('hex') },
    inspect: async (read) => {
      handle ??= await openDatabase({ kind: 'postgres', url: postgres.url });
      return read(handle);
    },
  };
}
