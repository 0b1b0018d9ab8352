// `npm start`: install what is missing, release every app that has no release yet, and serve on PORT (8080).
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { ensureInstall, ROOT } from './ensure-install.mjs';

ensureInstall();
const child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'scripts', 'start.ts')], { cwd: ROOT, stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
