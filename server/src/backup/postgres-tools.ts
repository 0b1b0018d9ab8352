/** pg_dump and pg_restore for backups of a PostgreSQL database, and what the backup reads from it with a client. */
import { spawn } from 'node:child_process';
import pg from 'pg';
import { BackupError, levelOf, MIGRATIONS_QUERY, type MigrationLevel } from './backup-manifest';

/** The server's pool names its connections so (db/database.ts); a restore refuses a database they are connected to. */
const SERVER_APPLICATION = 'tax-invoice-server';

/**
 * The URL without its password, which goes to the tools in PGPASSWORD instead: an argument is visible to every user
 * of the machine in the process list.
 */
function connection(url: string): { url: string; env: NodeJS.ProcessEnv } {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = '';
  return { url: parsed.toString(), env: password ? { ...process.env, PGPASSWORD: password } : process.env };
}

/** `server:port` and the database name of a URL, for the manifest (never the password). */
export function describeDatabase(url: string): { server: string; name: string } {
  const parsed = new URL(url);
  return { server: parsed.host, name: decodeURIComponent(parsed.pathname.replace(/^\//, '')) };
}

/** Runs a PostgreSQL client tool; refuses with its own message when it fails or is not installed. */
export function runTool(tool: 'pg_dump' | 'pg_restore', args: string[], url: string): Promise<string> {
  const { url: withoutPassword, env } = connection(url);
  return new Promise((resolve, reject) => {
    const child = spawn(tool, [...args, `--dbname=${withoutPassword}`], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', (error: NodeJS.ErrnoException) =>
      reject(
        new BackupError(
          error.code === 'ENOENT'
            ? `找不到 ${tool}：请安装 PostgreSQL 客户端（如 apt-get install postgresql-client）。`
            : `${tool} 无法运行：${error.message}`,
        ),
      ),
    );
    child.on('exit', (code) => {
      if (code === 0) resolve(output);
      else reject(new BackupError(`${tool} 失败（退出码 ${code}）：${output.trim().slice(-2000)}`));
    });
  });
}

/** Lists an archive's contents without a database: pg_restore reads it through, so a damaged archive fails here. */
export function listArchive(file: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn('pg_restore', ['--list', file], { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', (error) => reject(new BackupError(`pg_restore 无法运行：${error.message}`)));
    child.on('exit', (code) =>
      code === 0
        ? resolve(output)
        : reject(new BackupError(`备份中的数据库转储无法读取（pg_restore --list）：${output.trim().slice(-500)}`)),
    );
  });
}

export async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url, application_name: 'yst-backup', connectionTimeoutMillis: 10_000 });
  await client.connect().catch((error: Error) => {
    throw new BackupError(`无法连接数据库 ${describeDatabase(url).server}/${describeDatabase(url).name}：${error.message}`);
  });
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

export async function postgresLevel(client: pg.Client): Promise<MigrationLevel> {
  const { rows } = await client.query<{ at: string }>(MIGRATIONS_QUERY);
  return levelOf(rows.map((row) => Number(row.at)));
}

/** The registry row (deploy/src/registry-database.ts) when the database has one. */
export async function postgresRegistry(client: pg.Client): Promise<unknown> {
  const { rows } = await client.query<{ exists: boolean }>("select to_regclass('release_registry') is not null as exists");
  if (!rows[0]?.exists) return null;
  const found = await client.query<{ document: unknown }>('select document from release_registry where id = 1');
  return found.rows[0]?.document ?? null;
}

/** How many server connections the database has (other than this one): a restore under a running server is refused. */
export async function serverConnections(client: pg.Client): Promise<number> {
  const { rows } = await client.query<{ n: number }>(
    'select count(*)::int as n from pg_stat_activity where datname = current_database() and application_name = $1 and pid <> pg_backend_pid()',
    [SERVER_APPLICATION],
  );
  return rows[0]?.n ?? 0;
}
