/**
 * `npm run backup`: one consistent, timestamped backup folder (backup-manifest.ts). PGlite lives inside the server's
 * process and has no read-only open, and a copy of its files while it writes mixes pages of different moments, so the
 * PGlite backup is taken while the server is stopped: it holds the data folder's lock (db/data-dir-lock.ts) as the
 * server does, so it refuses a running server and a server starting meanwhile refuses to start, and `dumpDataDir`
 * tars the folder of a cleanly opened database. PostgreSQL is dumped online with `pg_dump --format=custom`, which
 * reads one snapshot of the database, the registry row included.
 */
import { existsSync } from 'node:fs';
import { chmod, copyFile, mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { DataDirInUse, claimDataDir } from '../db/data-dir-lock';
import { PGLITE_EXTENSIONS, type DatabaseTarget } from '../db/database';
import {
  BACKUP_FORMAT,
  BACKUP_FORMAT_VERSION,
  BackupError,
  type BackupManifest,
  describeFile,
  levelOf,
  MANIFEST_FILE,
  MIGRATIONS_QUERY,
  type MigrationLevel,
} from './backup-manifest';
import { describeDatabase, postgresLevel, postgresRegistry, runTool, withClient } from './postgres-tools';

/** The installation a backup is taken of, or a restore brings back: as the server's config names them. */
export interface Installation {
  database: DatabaseTarget;
  /** DATA_DIR: the generated secret key (`secret.key`) is here, and PGlite's folder by default. */
  dataDir: string;
  /** RELEASE_DIR: the store whose `registry.json` records the live and canary versions. */
  releaseDir: string;
}

export const BACKUP_PREFIX = 'yst-backup-';
const PGLITE_CONSISTENCY = '服务器停止时取得（持有数据目录锁），PGlite dumpDataDir 打包干净打开的数据库目录';
const POSTGRES_CONSISTENCY = 'pg_dump 在一个快照内读取整个数据库（在线备份，含发布登记表）';

/** Opens the stopped PGlite folder under its lock and writes its `dumpDataDir` (gzip) to `file`. */
async function dumpPglite(folder: string, file: string): Promise<MigrationLevel> {
  if (!existsSync(folder)) throw new BackupError(`找不到 PGlite 数据目录 ${folder}：没有可备份的数据库（检查 DATA_DIR）。`);
  const giveBack = await claimDataDir(folder).catch((error: unknown) => {
    if (!(error instanceof DataDirInUse)) throw error;
    throw new BackupError(
      `${error.message}\nPGlite 的备份须在服务器停止时进行：请先停止服务器，备份完成后再启动（见 docs/operations.md「备份与恢复」）。`,
    );
  });
  try {
    const client = await PGlite.create({ dataDir: folder, extensions: PGLITE_EXTENSIONS });
    try {
      const { rows } = await client.query<{ at: string }>(MIGRATIONS_QUERY);
      const level = await levelOf(rows.map((row) => Number(row.at)));
      const image = await client.dumpDataDir('gzip');
      await writeFile(file, Buffer.from(await image.arrayBuffer()), { mode: 0o600 });
      return level;
    } finally {
      await client.close();
    }
  } finally {
    await giveBack();
  }
}

type LiveSummary = BackupManifest['live'];

function liveSummary(registry: unknown): LiveSummary {
  const apps = (registry as { apps?: Record<string, { live: string | null; canary?: { version: string } }> } | null)?.apps ?? {};
  const summary: LiveSummary = {};
  for (const [app, state] of Object.entries(apps)) {
    summary[app] = state.canary ? { live: state.live, canary: state.canary.version } : { live: state.live };
  }
  return summary;
}

async function dumpDatabase(installation: Installation, folder: string, file: string) {
  const { database } = installation;
  if (database.kind === 'postgres') {
    const { level, registry } = await withClient(database.url, async (client) => ({
      level: await postgresLevel(client),
      registry: await postgresRegistry(client),
    }));
    await runTool('pg_dump', ['--format=custom', `--file=${join(folder, file)}`], database.url);
    await chmod(join(folder, file), 0o600);
    const described = { kind: 'postgres' as const, ...describeDatabase(database.url), method: 'pg_dump --format=custom' as const };
    return { level, registry, database: { ...described, consistency: POSTGRES_CONSISTENCY } };
  }
  if (!database.dataDir) throw new BackupError('内存数据库无法备份。');
  const level = await dumpPglite(database.dataDir, join(folder, file));
  const described = { kind: 'pglite' as const, dataDir: database.dataDir, method: 'dumpDataDir' as const };
  return { level, registry: null, database: { ...described, consistency: PGLITE_CONSISTENCY } };
}

/** Copies `from` into the backup folder as `name` when it exists; says whether it did. */
async function copyIfPresent(from: string, folder: string, name: string): Promise<boolean> {
  if (!existsSync(from)) return false;
  await copyFile(from, join(folder, name));
  await chmod(join(folder, name), 0o600);
  return true;
}

export interface BackupOptions {
  outDir: string;
  now?: Date;
  /** Keep only this many backups in `outDir` (the newest), removing older ones after this one succeeded. */
  keep?: number;
}

/** Takes a backup of `installation` into a new folder of `outDir`; resolves with that folder and its manifest. */
export async function createBackup(
  installation: Installation,
  options: BackupOptions,
): Promise<{ folder: string; manifest: BackupManifest }> {
  const now = options.now ?? new Date();
  const kind = installation.database.kind;
  const name = `${BACKUP_PREFIX}${now.toISOString().replace(/[:.]/g, '-')}-${kind}`;
  const folder = join(options.outDir, name);
  // Written under another name and renamed when complete: a backup folder that exists is a whole one.
  const partial = join(options.outDir, `.${name}.partial`);
  await mkdir(options.outDir, { recursive: true, mode: 0o700 });
  await rm(partial, { recursive: true, force: true });
  await mkdir(partial, { mode: 0o700 });
  try {
    const databaseFile = kind === 'pglite' ? 'database.tar.gz' : 'database.pgdump';
    const dumped = await dumpDatabase(installation, partial, databaseFile);
    const contents: BackupManifest['contents'] = { database: databaseFile };
    if (await copyIfPresent(join(installation.releaseDir, 'registry.json'), partial, 'registry.json')) contents.registry = 'registry.json';
    if (await copyIfPresent(join(installation.dataDir, 'secret.key'), partial, 'secret.key')) contents.secretKey = 'secret.key';
    const registry = dumped.registry ?? (contents.registry ? JSON.parse(await readFile(join(partial, 'registry.json'), 'utf8')) : null);
    const files: BackupManifest['files'] = {};
    for (const file of Object.values(contents)) files[file] = await describeFile(join(partial, file));
    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      formatVersion: BACKUP_FORMAT_VERSION,
      createdAt: now.toISOString(),
      database: dumped.database,
      migrations: dumped.level,
      live: liveSummary(registry),
      contents,
      files,
    };
    await writeFile(join(partial, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`, { mode: 0o600 });
    await rename(partial, folder);
    if (options.keep !== undefined) await pruneBackups(options.outDir, options.keep);
    return { folder, manifest };
  } catch (error) {
    await rm(partial, { recursive: true, force: true });
    throw error;
  }
}

/** Removes all but the newest `keep` backups of `outDir` (their names sort by time). */
export async function pruneBackups(outDir: string, keep: number): Promise<string[]> {
  const backups = (await readdir(outDir)).filter((entry) => entry.startsWith(BACKUP_PREFIX)).sort();
  const removed = backups.slice(0, Math.max(0, backups.length - keep));
  for (const entry of removed) await rm(join(outDir, entry), { recursive: true, force: true });
  return removed;
}
