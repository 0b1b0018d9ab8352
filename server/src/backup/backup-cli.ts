// `npm run backup [-- --out <folder>] [--keep <n>]`: a backup of the database `npm start` uses (DATABASE_URL, else the
// PGlite folder in DATA_DIR) and of the release registry, into a new timestamped folder of `backups/` (docs/operations.md).
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { REPO_ROOT } from '@app/deploy/workspace';
import { BackupError } from './backup-manifest';
import { createBackup } from './create-backup';
import { configFromEnv } from '../config';

const { values } = parseArgs({ options: { out: { type: 'string' }, keep: { type: 'string' } } });
const keep = values.keep === undefined ? undefined : Number(values.keep);
try {
  if (keep !== undefined && (!Number.isInteger(keep) || keep < 1)) throw new BackupError(`--keep 无效：${values.keep}（应为正整数）`);
  const config = configFromEnv();
  const outDir = resolve(process.cwd(), values.out ?? resolve(REPO_ROOT, 'backups'));
  const { folder, manifest } = await createBackup(config, { outDir, ...(keep === undefined ? {} : { keep }) });
  console.log(`备份完成：${folder}`);
  console.log(`数据库：${manifest.database.kind}，迁移 ${manifest.migrations.applied} 个（最新 ${manifest.migrations.latest}）`);
  if (manifest.contents.secretKey) console.log('包含生成的密钥 secret.key：请像保管密钥一样保管此备份。');
} catch (error) {
  console.error(error instanceof BackupError ? error.message : error);
  process.exitCode = 1;
}
