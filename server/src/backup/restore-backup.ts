/**
 * `npm run restore -- <backup>`: brings a stopped installation back to a backup. Everything is checked before anything
 * changes (the manifest's checksums, the migration level, the database kind, that no server runs on the target), and
 * the PGlite database is loaded into a new folder first, so a refused or failed restore leaves the target as it was.
 * What a restore replaces is kept beside it, renamed `*.before-restore-<time>`. PostgreSQL is restored by
 * `pg_restore --clean --if-exists` in one transaction: it applies whole or not at all.
 */
import { existsSync } from 'node:fs';
import { copyFile, mkdir, readFile, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { DataDirInUse, claimDataDir } from '../db/data-dir-lock';
import { PGLITE_EXTENSIONS } from '../db/database';
import { assertRestorable, BackupError, type BackupManifest, levelOf, MIGRATIONS_QUERY, readVerifiedManifest } from './backup-manifest';
import type { Installation } from './create-backup';
import { listArchive, runTool, serverConnections, withClient } from './postgres-tools';

export interface RestoreResult {
  manifest: BackupManifest;
  /** What the restore set aside (the previous database folder, registry, secret key). */
  keptAside: string[];
}

function refuseRunning(detail: string): BackupError {
  return new BackupError(`服务器正在运行，拒绝恢复：${detail}\n请先停止服务器（恢复只能在停机时进行），再运行 npm run restore。`);
}

/** Loads the backup's image into a new folder beside the target and checks it opens at the level the manifest says. */
async function loadPglite(image: string, manifest: BackupManifest, into: string): Promise<void> {
  try {
    const client = await PGlite.create({
      dataDir: into,
      loadDataDir: new Blob([await readFile(image)]),
      extensions: PGLITE_EXTENSIONS,
    });
    try {
      const { rows } = await client.query<{ at: string }>(MIGRATIONS_QUERY);
      const level = await levelOf(rows.map((row) => Number(row.at)));
      if (level.applied !== manifest.migrations.applied)
        throw new Error(`迁移数 ${level.applied} 与清单的 ${manifest.migrations.applied} 不符`);
    } finally {
      await client.close();
    }
  } catch (error) {
    await rm(into, { recursive: true, force: true });
    throw new BackupError(`备份中的数据库无法载入，未做任何更改：${error instanceof Error ? error.message : String(error)}`);
  }
}

async function restorePglite(folder: string, manifest: BackupManifest, target: string, stamp: string, keptAside: string[]) {
  await mkdir(join(target, '..'), { recursive: true });
  const giveBack = await claimDataDir(target).catch((error: unknown) => {
    if (error instanceof DataDirInUse) throw refuseRunning(error.message);
    throw error;
  });
  try {
    const loading = `${target}.restoring-${stamp}`;
    await loadPglite(join(folder, manifest.contents.database), manifest, loading);
    if (existsSync(target)) {
      const aside = `${target}.before-restore-${stamp}`;
      await rename(target, aside);
      keptAside.push(aside);
    }
    await rename(loading, target);
  } finally {
    await giveBack();
  }
}

async function restorePostgres(folder: string, manifest: BackupManifest, url: string): Promise<void> {
  const archive = join(folder, manifest.contents.database);
  await listArchive(archive);
  const running = await withClient(url, serverConnections);
  if (running > 0) throw refuseRunning(`数据库上有 ${running} 个服务器连接（application_name tax-invoice-server）。`);
  await runTool(
    'pg_restore',
    ['--clean', '--if-exists', '--single-transaction', '--exit-on-error', '--no-owner', '--no-privileges', archive],
    url,
  );
}

/** Puts a file of the backup in place, keeping a different file that was there beside it. */
async function putBack(from: string, to: string, stamp: string, keptAside: string[]): Promise<void> {
  await mkdir(join(to, '..'), { recursive: true });
  if (existsSync(to)) {
    const [before, after] = await Promise.all([readFile(to), readFile(from)]);
    if (before.equals(after)) return;
    const aside = `${to}.before-restore-${stamp}`;
    await rename(to, aside);
    keptAside.push(aside);
  }
  // Copied under another name and renamed: a reader never sees half a registry.
  await copyFile(from, `${to}.restoring`);
  await rename(`${to}.restoring`, to);
}

/** Restores `folder` (a backup folder) into the installation, which must be stopped. */
export async function restoreBackup(folder: string, installation: Installation, now = new Date()): Promise<RestoreResult> {
  const manifest = await readVerifiedManifest(folder);
  await assertRestorable(manifest.migrations);
  const { database } = installation;
  if (manifest.database.kind !== database.kind) {
    const names = { pglite: '内置 PGlite', postgres: 'PostgreSQL' };
    throw new BackupError(
      `备份取自${names[manifest.database.kind]}，而当前配置使用${names[database.kind]}（${database.kind === 'postgres' ? '已设置' : '未设置'} DATABASE_URL），未做任何更改。`,
    );
  }
  const stamp = now.toISOString().replace(/[:.]/g, '-');
  const keptAside: string[] = [];
  if (database.kind === 'postgres') await restorePostgres(folder, manifest, database.url);
  else {
    if (!database.dataDir) throw new BackupError('不能恢复到内存数据库。');
    await restorePglite(folder, manifest, database.dataDir, stamp, keptAside);
  }
  if (manifest.contents.registry) {
    await putBack(join(folder, manifest.contents.registry), join(installation.releaseDir, 'registry.json'), stamp, keptAside);
  }
  if (manifest.contents.secretKey) {
    await putBack(join(folder, manifest.contents.secretKey), join(installation.dataDir, 'secret.key'), stamp, keptAside);
  }
  return { manifest, keptAside };
}
