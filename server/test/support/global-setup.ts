/**
 * Global setup of the server's tests, made once per run and removed after it: the image of a migrated empty PGlite
 * database that every in-memory test database starts from (pglite-image.ts), the same database as a data folder for
 * server processes (process-database.ts), and where PostgreSQL answers a migrated
 * empty PostgreSQL database that createTestServer's databases are copies of (createPostgresDatabase's `migrated`).
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { migratedPgliteImage, openDatabase } from '../../src/db/database';
import { PGLITE_FOLDER_ENV, PGLITE_IMAGE_ENV, writePgliteFolder } from './pglite-image';
import { POSTGRES_ADMIN_URL, POSTGRES_TEMPLATE_ENV, postgresAvailable } from './test-server';

async function onAdmin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** A migrated empty PostgreSQL database, left with no connection (a template must have none while it is copied). */
async function postgresTemplate(): Promise<string> {
  const name = `app_test_template_${randomBytes(6).toString('hex')}`;
  await onAdmin((admin) => admin.query(`create database ${name}`));
  const url = new URL(POSTGRES_ADMIN_URL);
  url.pathname = `/${name}`;
  const database = await openDatabase({ kind: 'postgres', url: url.toString() });
  await database.close();
  // pg's pool.end() resolves before its connections have closed: wait until the server has none left.
  await onAdmin(async (admin) => {
    for (let i = 0; i < 400; i++) {
      const { rows } = await admin.query<{ n: number }>('select count(*)::int as n from pg_stat_activity where datname = $1', [name]);
      if (!rows[0]?.n) return;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    throw new Error(`the template database ${name} kept its connections`);
  });
  return name;
}

export default async function globalSetup(): Promise<() => Promise<void>> {
  const folder = await mkdtemp(join(tmpdir(), 'pglite-test-image-'));
  // PostgreSQL migrates its template in its own process while PGlite migrates on this thread.
  const postgres = postgresAvailable().then((available) => (available ? postgresTemplate() : null));
  const file = join(folder, 'migrated.tar');
  const image = await migratedPgliteImage();
  await writeFile(file, new Uint8Array(await image.arrayBuffer()));
  process.env[PGLITE_IMAGE_ENV] = file;
  const pgliteFolder = join(folder, 'migrated');
  await writePgliteFolder(image, pgliteFolder);
  process.env[PGLITE_FOLDER_ENV] = pgliteFolder;
  const template = await postgres;
  if (template) process.env[POSTGRES_TEMPLATE_ENV] = template;
  return async () => {
    await rm(folder, { recursive: true, force: true });
    if (template) await onAdmin((admin) => admin.query(`drop database if exists ${template} with (force)`));
  };
}
