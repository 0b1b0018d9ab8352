/**
 * A remote requires `^` the exact version of each workspace package it was built against (read from the installed
 * package), whatever its package.json says: the release check then refuses a host that serves an older one.
 */
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, test } from '@rstest/core';
import { sharedDependencies } from '../src/shared-dependencies';

type Entry = { singleton?: boolean; version?: string; requiredVersion?: string };

const ROOT = join(import.meta.dirname, '../../..');

let app: string | undefined;

afterEach(async () => {
  if (app) await rm(app, { recursive: true, force: true });
  app = undefined;
});

async function writeJson(path: string, value: unknown): Promise<void> {
  await mkdir(join(path, '..'), { recursive: true });
  await writeFile(path, JSON.stringify(value));
}

/** An app folder whose node_modules hold the given workspace packages (each with its modules under src/). */
async function appWith(
  dependencies: Record<string, string>,
  installed: Record<string, { version: string; modules: string[] }>,
): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'build-config-app-'));
  await writeJson(join(dir, 'package.json'), { name: '@app/fixture', version: '1.0.0', dependencies });
  for (const [name, version] of [
    ['react', '19.3.1'],
    ['react-dom', '19.3.1'],
    ['jotai', '2.20.3'],
  ] as const) {
    await writeJson(join(dir, 'node_modules', name, 'package.json'), { name, version });
  }
  for (const [name, { version, modules }] of Object.entries(installed)) {
    const packageDir = join(dir, 'node_modules', name);
    await writeJson(join(packageDir, 'package.json'), { name, version });
    await mkdir(join(packageDir, 'src'), { recursive: true });
    for (const module of modules) await writeFile(join(packageDir, 'src', module), 'export {};\n');
  }
  return dir;
}

const INSTALLED = {
  '@app/ui': { version: '1.2.0', modules: ['button.tsx', 'form.tsx', 'form.test.tsx'] },
  '@app/host-sdk': { version: '1.0.1', modules: ['session.ts', 'router.ts', 'standalone.tsx'] },
};

for (const spec of ['workspace:*', 'workspace:^1.0.0', 'workspace:~1.2.0']) {
  test(`every workspace module requires ^ the installed version, with "${spec}" in package.json`, async () => {
    app = await appWith({ '@app/ui': spec, '@app/host-sdk': spec, react: '19.3.1' }, INSTALLED);
    const shared = sharedDependencies(app) as Record<string, Entry>;
    const workspace = Object.fromEntries(Object.entries(shared).filter(([name]) => name.startsWith('@app/')));
    expect(workspace).toEqual({
      '@app/ui/button': { singleton: true, version: '1.2.0', requiredVersion: '^1.2.0' },
      '@app/ui/form': { singleton: true, version: '1.2.0', requiredVersion: '^1.2.0' },
      '@app/host-sdk/session': { singleton: true, version: '1.0.1', requiredVersion: '^1.0.1' },
      '@app/host-sdk/router': { singleton: true, version: '1.0.1', requiredVersion: '^1.0.1' },
    });
    expect(shared.react).toEqual({ singleton: true, version: '19.3.1', requiredVersion: '^19.0.0' });
  });
}

test('a pre-release build requires that pre-release or later', async () => {
  app = await appWith({ '@app/ui': 'workspace:*' }, { '@app/ui': { version: '1.3.0-beta.2', modules: ['form.tsx'] } });
  const shared = sharedDependencies(app) as Record<string, Entry>;
  expect(shared['@app/ui/form']).toEqual({ singleton: true, version: '1.3.0-beta.2', requiredVersion: '^1.3.0-beta.2' });
  expect(Object.keys(shared).filter((name) => name.startsWith('@app/host-sdk'))).toEqual([]);
});

test('the invoice remote requires ^ the versions of shared/ui and shared/host-sdk in this checkout', async () => {
  const version = async (dir: string) =>
    (JSON.parse(await readFile(join(ROOT, dir, 'package.json'), 'utf8')) as { version: string }).version;
  const shared = sharedDependencies(join(ROOT, 'remotes/invoice')) as Record<string, Entry>;
  expect(shared['@app/ui/form']?.requiredVersion).toBe(`^${await version('shared/ui')}`);
  expect(shared['@app/host-sdk/session']?.requiredVersion).toBe(`^${await version('shared/host-sdk')}`);
});
