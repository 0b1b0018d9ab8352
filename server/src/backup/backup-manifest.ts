/**
 * A backup is one folder (`yst-backup-<time>-<kind>/`) holding the database dump, the release registry, the generated
 * secret key when there is one, and `manifest.json`: what is in it, when and from which database it was taken, the
 * migration level of its schema, and each file's size and SHA-256, so a damaged or truncated copy is refused before it
 * touches anything.
 */
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';

export const MANIFEST_FILE = 'manifest.json';
export const BACKUP_FORMAT = 'yst-backup';
export const BACKUP_FORMAT_VERSION = 1;
const MIGRATIONS = join(import.meta.dirname, '../../drizzle');

/** A refusal or failure of a backup or a restore, with a message for the operator (printed without a stack). */
export class BackupError extends Error {
  override name = 'BackupError';
}

/** How far a schema is migrated: the applied migrations of `server/drizzle/`, by count and by the latest one. */
export interface MigrationLevel {
  applied: number;
  /** The latest applied migration's tag (`0018_invoice_delivery`), or its journal time when this code lacks it. */
  latest: string | null;
  /** Its journal time (`when`, what drizzle records as `created_at`). */
  latestAt: number | null;
}

export interface BackupFile {
  bytes: number;
  sha256: string;
}

export interface BackupManifest {
  format: typeof BACKUP_FORMAT;
  formatVersion: number;
  createdAt: string;
  database:
    | { kind: 'pglite'; dataDir: string; method: 'dumpDataDir'; consistency: string }
    | { kind: 'postgres'; server: string; name: string; method: 'pg_dump --format=custom'; consistency: string };
  migrations: MigrationLevel;
  /** The live and canary version of each app in the registry at backup time (for the operator; not used to restore). */
  live: Record<string, { live: string | null; canary?: string }>;
  /** `database`, `registry` (the store's registry.json) and `secretKey` name files of this folder. */
  contents: { database: string; registry?: string; secretKey?: string };
  files: Record<string, BackupFile>;
}

interface Journal {
  entries: { idx: number; when: number; tag: string }[];
}

async function journal(): Promise<Journal['entries']> {
  const text = await readFile(join(MIGRATIONS, 'meta/_journal.json'), 'utf8');
  return (JSON.parse(text) as Journal).entries;
}

/** The level this code migrates a database to. */
export async function codeMigrationLevel(): Promise<MigrationLevel> {
  const entries = await journal();
  const last = entries.at(-1);
  return { applied: entries.length, latest: last?.tag ?? null, latestAt: last?.when ?? null };
}

/** The level of a database from its `drizzle.__drizzle_migrations` rows (their `created_at`), named by this code's journal. */
export async function levelOf(appliedAt: number[]): Promise<MigrationLevel> {
  const entries = await journal();
  const latestAt = appliedAt.length ? Math.max(...appliedAt) : null;
  const known = entries.find((entry) => entry.when === latestAt);
  return { applied: appliedAt.length, latest: latestAt === null ? null : (known?.tag ?? `未知迁移（${latestAt}）`), latestAt };
}

export const MIGRATIONS_QUERY = 'select created_at::text as at from drizzle.__drizzle_migrations';

/** Refuses a backup whose schema is newer than this code's: the code would run on tables it does not know. */
export async function assertRestorable(level: MigrationLevel): Promise<void> {
  const code = await codeMigrationLevel();
  const newer = level.applied > code.applied || (level.latestAt ?? 0) > (code.latestAt ?? 0);
  if (newer) {
    throw new BackupError(
      `备份的数据库结构比当前代码新（备份：${level.applied} 个迁移，最新 ${level.latest}；代码：${code.applied} 个，最新 ${code.latest}）。请先部署不早于备份时的代码版本，再恢复。`,
    );
  }
}

export async function describeFile(path: string): Promise<BackupFile> {
  const hash = createHash('sha256');
  let bytes = 0;
  for await (const chunk of createReadStream(path)) {
    hash.update(chunk as Buffer);
    bytes += (chunk as Buffer).length;
  }
  return { bytes, sha256: hash.digest('hex') };
}

/** Reads a backup's manifest and checks every file it lists against its size and SHA-256; refuses anything else. */
export async function readVerifiedManifest(folder: string): Promise<BackupManifest> {
  const info = await stat(folder).catch(() => null);
  if (!info?.isDirectory()) throw new BackupError(`找不到备份目录 ${folder}`);
  let manifest: BackupManifest;
  try {
    manifest = JSON.parse(await readFile(join(folder, MANIFEST_FILE), 'utf8')) as BackupManifest;
  } catch {
    throw new BackupError(`备份 ${folder} 无效：缺少或无法读取 ${MANIFEST_FILE}（备份可能不完整或已损坏）。`);
  }
  if (
    manifest.format !== BACKUP_FORMAT ||
    manifest.formatVersion !== BACKUP_FORMAT_VERSION ||
    !manifest.files?.[manifest.contents?.database]
  ) {
    throw new BackupError(`备份 ${folder} 的清单不是本程序可识别的格式（${MANIFEST_FILE}）。`);
  }
  for (const [name, expected] of Object.entries(manifest.files)) {
    if (name.includes('/') || name.includes('\\') || name.startsWith('.')) throw new BackupError(`备份清单中的文件名无效：${name}`);
    const actual = await describeFile(join(folder, name)).catch(() => null);
    if (!actual) throw new BackupError(`备份已损坏：缺少文件 ${name}。未做任何更改。`);
    if (actual.bytes !== expected.bytes || actual.sha256 !== expected.sha256) {
      throw new BackupError(
        `备份已损坏：文件 ${name} 与清单不符（${actual.bytes} 字节，应为 ${expected.bytes} 字节；校验和不一致）。未做任何更改。`,
      );
    }
  }
  return manifest;
}
