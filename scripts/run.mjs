// `node scripts/run.mjs <file.ts> [args…]`: installs if needed, then runs a TypeScript entry point with tsx.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { ensureInstall, ROOT } from './ensure-install.mjs';

const [file, ...args] = process.argv.slice(2);
if (!file) {
  console.error('usage: node scripts/run.mjs <file.ts> [args…]');
  process.exit(2);
}
ensureInstall();
const result = spawnSync(process.execPath, ['--import', 'tsx', join(ROOT, file), ...args], { cwd: ROOT, stdio: 'inherit' });
process.exit(result.status ?? 1);
