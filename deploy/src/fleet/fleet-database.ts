/**
 * The fleet's PostgreSQL database: DATABASE_URL, or `yst_fleet` on 127.0.0.1:5432 by default; created when it does not
 * exist yet (the instances then migrate and seed it, one at a time: server/src/db/database.ts).
 */
import pg from 'pg';

export const DEFAULT_FLEET_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/yst_fleet';

const DATABASE_NAME = /^[A-Za-z_][A-Za-z0-9_$-]{0,62}$/;

export async function ensureFleetDatabase(url: string): Promise<{ created: boolean }> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new Error(`DATABASE_URL 无效: ${url}`);
  }
  const name = decodeURIComponent(parsed.pathname.replace(/^\//, ''));
  if (!DATABASE_NAME.test(name)) throw new Error(`DATABASE_URL 中的数据库名无效: ${name || '（空）'}`);
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString(), connectionTimeoutMillis: 5_000 });
  try {
    await client.connect();
  } catch (error) {
    throw new Error(`无法连接 PostgreSQL (${parsed.host}): ${error instanceof Error ? error.message : String(error)}`);
  }
  try {
    const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (rowCount) return { created: false };
    try {
      await client.query(`create database "${name}"`);
    } catch (error) {
      // Another fleet created it at the same moment.
      if ((error as { code?: string }).code === '42P04') return { created: false };
      throw error;
    }
    return { created: true };
  } finally {
    await client.end().catch(() => {});
  }
}
