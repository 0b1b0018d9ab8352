// `node scripts/run.mjs <file.ts> [args…]`: installs if needed, then runs a TypeScript entry point with tsx. Ctrl-C and
// SIGTERM are passed on to it (`npm run fleet` stops its instances and nginx on them) and its exit code is this one's.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { ensureInstall, ROOT } from './ensure-install.mjs';

const [file, ...args] = process.argv.slice(2);
if (!file) {
  console.error('usage: node scripts/run.mjs <file.ts> [args…]');
  process.exit(2);
}
ensureInstall();
const child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, file), ...args], { cwd: ROOT, stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
