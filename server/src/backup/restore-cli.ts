// `npm run restore -- <backup folder>`: brings the stopped installation `npm start` would run (DATABASE_URL or the
// PGlite folder in DATA_DIR, and RELEASE_DIR's registry) back to that backup (docs/operations.md).
import { resolve } from 'node:path';
import { BackupError } from './backup-manifest';
import { restoreBackup } from './restore-backup';
import { configFromEnv } from '../config';

const [backup, ...rest] = process.argv.slice(2);
try {
  if (!backup || rest.length > 0) throw new BackupError('用法：npm run restore -- <备份目录>（如 backups/yst-backup-…-pglite）');
  const { manifest, keptAside } = await restoreBackup(resolve(process.cwd(), backup), configFromEnv());
  console.log(`已恢复到 ${manifest.createdAt} 的备份（${manifest.database.kind}，迁移 ${manifest.migrations.applied} 个）。`);
  for (const path of keptAside) console.log(`原有内容保留在：${path}`);
  console.log('现在可以启动服务器（npm start）。');
} catch (error) {
  console.error(error instanceof BackupError ? error.message : error);
  process.exitCode = 1;
}
