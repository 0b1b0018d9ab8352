// `npm start`: install what is missing, release every app that has no release yet, and serve on PORT (8080). The
// server runs from a bundle of its sources (scripts/server-build.mjs), built again only when they changed.
import { spawn } from 'node:child_process';
import { ensureInstall, ROOT } from './ensure-install.mjs';

ensureInstall();
const { builtEntry } = await import('./server-build.mjs');
const bundle = await builtEntry('scripts/start.ts');
const child = spawn(process.execPath, ['--enable-source-maps', bundle], { cwd: ROOT, stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
