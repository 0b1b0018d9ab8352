// Installs the workspace with pnpm (through npx, so a fresh machine needs only Node and npm) when the lockfile or a
// package.json changed since the last install; otherwise returns at once.
import { createHash } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

export const ROOT = resolve(import.meta.dirname, '..');
export const PNPM = ['-y', 'pnpm@10.34.9'];
const STAMP = join(ROOT, 'node_modules', '.install-stamp');

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

export function ensureInstall() {
  const wanted = fingerprint();
  if (existsSync(STAMP) && readFileSync(STAMP, 'utf8') === wanted) return;
  console.log('> 安装依赖 (pnpm install)…');
  const frozen = process.env.CI && existsSync(join(ROOT, 'pnpm-lock.yaml')) ? ['--frozen-lockfile'] : [];
  pnpm(['install', '--prefer-offline', ...frozen]);
  writeFileSync(STAMP, fingerprint());
}
