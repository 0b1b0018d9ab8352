// The type check of every package, as few TypeScript programs as their options allow: the browser packages (host,
// remotes, @app/ui, @app/host-sdk, @app/widgets) share one program (tsconfig.browser.json), the others (different libs) one each.
// Each package's own `pnpm run typecheck` checks it alone; this is what `npm test` and `npm run typecheck` run.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { ROOT } from './ensure-install.mjs';

export const TYPECHECK_GROUPS = [
  { label: 'browser: host, remotes, @app/ui, @app/host-sdk, @app/widgets', project: 'tsconfig.browser.json' },
  { label: 'server', project: 'server' },
  { label: 'e2e', project: 'e2e' },
  { label: 'deploy', project: 'deploy' },
  { label: '@app/domain', project: 'shared/domain' },
  { label: '@app/contract', project: 'shared/contract' },
  { label: '@app/build-config', project: 'shared/build-config' },
  { label: 'root: architecture test, rstest config', project: 'tsconfig.root.json' },
];

function check({ label, project }) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(join(ROOT, 'node_modules/.bin/tsc'), ['--noEmit', '-p', project], {
      cwd: ROOT,
      env: { ...process.env, NO_COLOR: '1' },
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('exit', (code) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      process.stdout.write(`${code === 0 ? '✓' : '✗'} ${label} (${seconds} s)\n${output}`);
      resolve(code === 0);
    });
  });
}

/** Runs the groups two at a time (largest first); resolves true when every one passes. */
export async function typecheckAll(concurrency = 2) {
  const queue = [...TYPECHECK_GROUPS];
  let ok = true;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      for (let group = queue.shift(); group; group = queue.shift()) ok = (await check(group)) && ok;
    }),
  );
  return ok;
}
