// Installs the workspace with pnpm (through npx, so a fresh machine needs only Node and npm) when the lockfile or a
// package.json changed since the last install; otherwise returns at once. Two commands started at once on a fresh
// clone (two `npm start`) install once: the second waits for the first's lock, then finds the install done.
import { createHash } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

export const ROOT = resolve(import.meta.dirname, '..');
export const PNPM = ['-y', 'pnpm@10.34.9'];
const STAMP = join(ROOT, 'node_modules', '.install-stamp');
const LOCK = join(ROOT, '.install-lock');

function manifests() {
  const files = ['package.json', 'pnpm-lock.yaml', 'pnpm-workspace.yaml'];
  for (const group of ['remotes', 'shared']) {
    for (const name of readdirSync(join(ROOT, group))) files.push(join(group, name, 'package.json'));
  }
  files.push('host/package.json', 'server/package.json', 'deploy/package.json', 'e2e/package.json');
  return files.filter((file) => existsSync(join(ROOT, file)));
}

function fingerprint() {
  const hash = createHash('sha256');
  hash.update(process.version);
  for (const file of manifests()) hash.update(file).update(readFileSync(join(ROOT, file)));
  return hash.digest('hex');
}

export function pnpm(args, options = {}) {
  execFileSync('npx', [...PNPM, ...args], { cwd: ROOT, stdio: 'inherit', ...options });
}

const installed = () => existsSync(STAMP) && readFileSync(STAMP, 'utf8') === fingerprint();

function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === 'EPERM';
  }
}

function sleep(ms) {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/** Runs `work` holding the install lock (a folder: mkdir is atomic); a lock whose process died is taken over. */
function withInstallLock(work) {
  let told = false;
  for (;;) {
    try {
      mkdirSync(LOCK);
      writeFileSync(join(LOCK, 'pid'), String(process.pid));
      break;
    } catch (error) {
      if (error.code !== 'EEXIST') throw error;
      const pid = Number(existsSync(join(LOCK, 'pid')) ? readFileSync(join(LOCK, 'pid'), 'utf8') : 0);
      if (pid > 0 && !alive(pid)) {
        rmSync(LOCK, { recursive: true, force: true });
        continue;
      }
      if (!told) console.log('> 另一个进程正在安装依赖，等待它完成…');
      told = true;
      sleep(250);
    }
  }
  try {
    work();
  } finally {
    rmSync(LOCK, { recursive: true, force: true });
  }
}

export function ensureInstall() {
  if (installed()) return;
  withInstallLock(() => {
    if (installed()) return;
    console.log('> 安装依赖 (pnpm install)…');
    const frozen = process.env.CI && existsSync(join(ROOT, 'pnpm-lock.yaml')) ? ['--frozen-lockfile'] : [];
    pnpm(['install', '--prefer-offline', ...frozen]);
    writeFileSync(STAMP, fingerprint());
  });
}
