/** Where things are: the repository, the release store, and the apps that can be released. */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

export const REPO_ROOT = resolve(import.meta.dirname, '../..');

/** The release store (`RELEASE_DIR`, default `.releases/` at the repository root). */
export function releaseDir(): string {
  return resolve(REPO_ROOT, process.env.RELEASE_DIR ?? '.releases');
}

export interface AppPackage {
  /** `host` or the remote's federation name. */
  name: string;
  kind: 'host' | 'remote';
  dir: string;
  version: string;
  /** Path prefixes a remote owns (docs/architecture.md); empty for the host. */
  prefixes: string[];
}

interface PackageJson {
  version: string;
  federation?: { name: string; prefixes: string[] };
}

function readPackage(dir: string): PackageJson {
  return JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as PackageJson;
}

/** The host first, then every remote under `remotes/` in name order. */
export function listApps(): AppPackage[] {
  const hostDir = join(REPO_ROOT, 'host');
  const apps: AppPackage[] = [{ name: 'host', kind: 'host', dir: hostDir, version: readPackage(hostDir).version, prefixes: [] }];
  const remotesDir = join(REPO_ROOT, 'remotes');
  for (const folder of readdirSync(remotesDir).sort()) {
    const dir = join(remotesDir, folder);
    if (!existsSync(join(dir, 'package.json'))) continue;
    const pkg = readPackage(dir);
    if (!pkg.federation) continue;
    apps.push({ name: pkg.federation.name, kind: 'remote', dir, version: pkg.version, prefixes: pkg.federation.prefixes });
  }
  return apps;
}

export function findApp(name: string): AppPackage {
  const app = listApps().find((candidate) => candidate.name === name);
  if (!app) {
    throw new Error(
      `未知应用 "${name}"。可发布的应用: ${listApps()
        .map((a) => a.name)
        .join(', ')}`,
    );
  }
  return app;
}
