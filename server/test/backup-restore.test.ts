/**
 * `npm run backup` and `npm run restore` (server/src/backup/): a backup taken after payments restores, into a fresh
 * installation and over the original, to the same wallet, entries and orders, without what was written after it; a
 * restore refuses a running server, a damaged or truncated backup and one from newer code, and then changes nothing.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cp, mkdir, mkdtemp, readFile, readdir, rm, truncate, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from '@rstest/core';
import { createBackup, type Installation } from '../src/backup/create-backup';
import { restoreBackup } from '../src/backup/restore-backup';
import { codeMigrationLevel } from '../src/backup/backup-manifest';
import { serverConnections, withClient } from '../src/backup/postgres-tools';
import { describeEachDatabase } from './support/database-suites';
import { createPostgresDatabase, createTestServer, type DatabaseKind, eventually, type TestServer } from './support/test-server';

/** A PGlite installation on disk is created and migrated from scratch at each first start: seconds of CPU. */
const SLOW = 300_000;
const REGISTRY = { apps: { ticket: { live: '1.2.0', versions: {} } }, history: [] };

describeEachDatabase('backup and restore (%s)', (kind) => {
  const cleanups: (() => Promise<unknown>)[] = [];
  const secretKey = randomBytes(32).toString('hex');
  let root: string;
  let original: Installation;
  let backup: string;
  let atBackup: Awaited<ReturnType<typeof snapshot>>;
  let laterOrder: string;

  /** A new installation: a data folder, a release store and a database (a new PostgreSQL one, empty when `empty`). */
  const installation = async (name: string, options: { empty?: boolean } = {}): Promise<Installation> => {
    const dataDir = join(root, name, 'data');
    const releaseDir = join(root, name, 'releases');
    if (kind === 'pglite') return { database: { kind: 'pglite', dataDir: join(dataDir, 'pglite') }, dataDir, releaseDir };
    const postgres = await createPostgresDatabase({ migrated: !options.empty });
    cleanups.push(postgres.drop);
    return { database: { kind: 'postgres', url: postgres.url }, dataDir, releaseDir };
  };
  /** The server on the installation's own database (given one, createTestServer makes no database of its own). */
  const serverOn = (target: Installation): Promise<TestServer> =>
    createTestServer('pglite' as DatabaseKind, {
      database: target.database,
      dataDir: target.dataDir,
      releaseDir: target.releaseDir,
      secretKey,
    });
  const pay = async (server: TestServer, amountFen: number) => {
    const customer = await server.tokenFor('普通用户');
    const answer = await server.call<{ orderNo: string }>('cash/createOrder', { code: 'YST0001', amountFen, channel: 'demo' }, customer);
    expect(answer.body.success).toBe(true);
    return answer.body.result.orderNo;
  };
  /** What the company's manager sees: the wallet and every line of its 收支. */
  async function snapshot(server: TestServer) {
    const manager = await server.tokenFor('企业管理员');
    const wallet = await server.call<{ availableFen: number; frozenFen: number }>('wallet/get', {}, manager);
    const entries = await server.call<{ total: number; list: unknown[] }>('wallet/entries', { pageSize: 50 }, manager);
    return { frozenFen: wallet.body.result.frozenFen, availableFen: wallet.body.result.availableFen, entries: entries.body.result };
  }
  /** A closed pool's connections linger a moment; a restore would take them for a running server's. */
  const serverGone = async (target: Installation) => {
    const { database } = target;
    if (database.kind === 'postgres') await eventually(async () => (await withClient(database.url, serverConnections)) === 0);
  };
  const orderState = async (server: TestServer, orderNo: string) =>
    (await server.call<{ state: string }>('cash/getOrder', { orderNo }, await server.tokenFor('普通用户'))).body;
  /** What the installation answers now, with the server started on it and stopped again. */
  const answersOf = async (target: Installation, orderNo: string) => {
    const server = await serverOn(target);
    try {
      return { ...(await snapshot(server)), later: (await orderState(server, orderNo)).success };
    } finally {
      await server.close();
    }
  };

  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'backup-restore-'));
    original = await installation('original');
    await mkdir(original.releaseDir, { recursive: true });
    await writeFile(join(original.releaseDir, 'registry.json'), JSON.stringify(REGISTRY));
    const server = await serverOn(original);
    await pay(server, 10_000);
    await pay(server, 2_550);
    atBackup = await snapshot(server);
    // PGlite is backed up while the server is stopped; PostgreSQL while it runs.
    if (kind === 'pglite') await server.close();
    backup = (await createBackup(original, { outDir: join(root, 'backups') })).folder;
    const later = kind === 'pglite' ? await serverOn(original) : server;
    laterOrder = await pay(later, 7_000);
    await writeFile(join(original.releaseDir, 'registry.json'), JSON.stringify({ ...REGISTRY, history: [{ later: true }] }));
    await later.close();
  }, SLOW);
  afterAll(async () => {
    for (const cleanup of cleanups) await cleanup();
    await rm(root, { recursive: true, force: true });
  }, SLOW);

  test(
    'the backup folder says what it holds, and the seeded state is what the server answered',
    async () => {
      const manifest = JSON.parse(await readFile(join(backup, 'manifest.json'), 'utf8'));
      expect(manifest.database.kind).toBe(kind);
      expect(manifest.migrations).toEqual(await codeMigrationLevel());
      expect(manifest.live).toEqual({ ticket: { live: '1.2.0' } });
      expect(Object.keys(manifest.files).sort()).toEqual([manifest.contents.database, 'registry.json'].sort());
      expect(atBackup.frozenFen).toBe(12_550);
      expect(atBackup.entries.total).toBe(2);
      expect((await answersOf(original, laterOrder)).frozenFen).toBe(19_550);
    },
    SLOW,
  );

  test(
    'a restore into a fresh installation answers as at backup time, without the later writes',
    async () => {
      const fresh = await installation('fresh', { empty: true });
      await serverGone(fresh);
      await restoreBackup(backup, fresh);
      const answers = await answersOf(fresh, laterOrder);
      expect({ frozenFen: answers.frozenFen, availableFen: answers.availableFen, entries: answers.entries }).toEqual(atBackup);
      expect(answers.later).toBe(false);
      expect(JSON.parse(await readFile(join(fresh.releaseDir, 'registry.json'), 'utf8'))).toEqual(REGISTRY);
    },
    SLOW,
  );

  test(
    'a restore over the original takes the later writes back, and keeps what it replaced beside it',
    async () => {
      await serverGone(original);
      const { keptAside } = await restoreBackup(backup, original);
      const answers = await answersOf(original, laterOrder);
      expect(answers.frozenFen).toBe(atBackup.frozenFen);
      expect(answers.entries).toEqual(atBackup.entries);
      expect(answers.later).toBe(false);
      expect(JSON.parse(await readFile(join(original.releaseDir, 'registry.json'), 'utf8'))).toEqual(REGISTRY);
      expect(keptAside.some((path) => path.includes('registry.json.before-restore-'))).toBe(true);
    },
    SLOW,
  );

  test(
    'a restore refuses while a server runs on the target, and changes nothing',
    async () => {
      const target = await installation('running');
      const holder = kind === 'pglite' ? await holdDataFolder(target, root) : null;
      const server = kind === 'postgres' ? await serverOn(target) : null;
      try {
        if (server) await pay(server, 100);
        await expect(restoreBackup(backup, target)).rejects.toThrow(/服务器正在运行，拒绝恢复/);
      } finally {
        holder?.kill('SIGKILL');
        await server?.close();
      }
      if (kind === 'postgres') expect((await answersOf(target, laterOrder)).frozenFen).toBe(100);
      else expect((await readdir(target.dataDir)).filter((name) => /before-restore|restoring/.test(name))).toEqual([]);
    },
    SLOW,
  );

  test(
    'a truncated or damaged backup, or one from newer code, is refused with what is wrong, and changes nothing',
    async () => {
      const target = await installation('untouched');
      const server = await serverOn(target);
      await pay(server, 300);
      await server.close();
      const copy = async (name: string) => {
        const folder = join(root, name);
        await cp(backup, folder, { recursive: true });
        return { folder, manifest: JSON.parse(await readFile(join(folder, 'manifest.json'), 'utf8')) };
      };
      const truncated = await copy('truncated');
      const file = join(truncated.folder, truncated.manifest.contents.database);
      await truncate(file, Math.floor(truncated.manifest.files[truncated.manifest.contents.database].bytes / 2));
      await expect(restoreBackup(truncated.folder, target)).rejects.toThrow(/备份已损坏：文件 database\.\S+ 与清单不符/);
      const noManifest = await copy('no-manifest');
      await writeFile(join(noManifest.folder, 'manifest.json'), '{"format":');
      await expect(restoreBackup(noManifest.folder, target)).rejects.toThrow(/缺少或无法读取 manifest\.json/);
      const newer = await copy('newer');
      newer.manifest.migrations = { applied: 99, latest: '0099_future', latestAt: 4_000_000_000_000 };
      await writeFile(join(newer.folder, 'manifest.json'), JSON.stringify(newer.manifest));
      await expect(restoreBackup(newer.folder, target)).rejects.toThrow(/备份的数据库结构比当前代码新/);
      await expect(restoreBackup(join(root, 'nowhere'), target)).rejects.toThrow(/找不到备份目录/);
      const answers = await answersOf(target, laterOrder);
      expect(answers.frozenFen).toBe(300);
      expect(answers.entries.total).toBe(1);
    },
    SLOW,
  );
});

/** Another process opens the installation's PGlite folder, as a running server holds it; resolves once it is open. */
async function holdDataFolder(target: Installation, root: string): Promise<ChildProcess> {
  if (target.database.kind !== 'pglite' || !target.database.dataDir) throw new Error('a PGlite installation');
  const script = join(root, 'hold-data-folder.mts');
  const database = new URL('../src/db/database.ts', import.meta.url).href;
  await writeFile(
    script,
    `const { openDatabase } = await import(${JSON.stringify(database)});\nawait openDatabase({ kind: 'pglite', dataDir: ${JSON.stringify(target.database.dataDir)} });\nconsole.log('open');\nsetInterval(() => {}, 60_000);\n`,
  );
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    cwd: join(import.meta.dirname, '..'),
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => chunk.toString().includes('open') && resolve());
    child.on('exit', (code) => reject(new Error(`the holder exited with ${code}`)));
  });
  return child;
}
