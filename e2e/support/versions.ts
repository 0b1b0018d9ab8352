/** The versions the tests release: what an app's sources are at, and a pre-release above it that no one released. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT } from '@app/deploy/workspace';

/** The version an app's sources are at (what the suite's release store holds live), e.g. `packageVersion('host')`. */
export function packageVersion(dir: string): string {
  return (JSON.parse(readFileSync(join(REPO_ROOT, dir, 'package.json'), 'utf8')) as { version: string }).version;
}

/** A pre-release of the next patch (`1.0.1` → `1.0.2-e2e.<time>`): above the live version, never released before. */
export function nextTestVersion(version: string): string {
  const [major, minor, patch] = version.split(/[.-]/).map(Number);
  return `${major}.${minor}.${(patch ?? 0) + 1}-e2e.${Date.now()}`;
}
