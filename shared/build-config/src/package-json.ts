/** What the build reads of a package: its package.json, and the packages it depends on as installed. */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

export interface PackageJson {
  name: string;
  version: string;
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  federation?: { name: string; port: number; prefixes: string[] };
}

export function readPackageJson(dir: string): PackageJson {
  return JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as PackageJson;
}

export function dependsOn(pkg: PackageJson, name: string): boolean {
  return Boolean(pkg.dependencies?.[name] ?? pkg.peerDependencies?.[name] ?? pkg.devDependencies?.[name]);
}

export function installedPackage(fromDir: string, name: string): { dir: string; version: string } {
  const require = createRequire(join(fromDir, 'package.json'));
  const pkgPath = require.resolve(`${name}/package.json`);
  return { dir: dirname(pkgPath), version: (JSON.parse(readFileSync(pkgPath, 'utf8')) as PackageJson).version };
}

/** The folder of `name` as `fromDir`'s package resolves it, or null where it does not depend on it. */
export function packageDirFrom(fromDir: string, name: string): string | null {
  try {
    return dirname(createRequire(join(fromDir, 'package.json')).resolve(`${name}/package.json`));
  } catch {
    return null;
  }
}
