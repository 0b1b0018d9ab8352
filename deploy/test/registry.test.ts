import { spawn } from 'node:child_process';
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@rstest/core';
import { readRegistry, registryFile, updateRegistry } from '../src/registry';

function run(script: string, args: string[]): Promise<number | null> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], { stdio: 'inherit' });
    child.on('error', reject);
    child.on('exit', resolve);
  });
}

test('four processes changing the registry at once lose no change and never leave it corrupt', async () => {
  const store = await mkdtemp(join(tmpdir(), 'registry-'));
  const script = join(import.meta.dirname, 'fixtures/append-history.ts');
  const codes = await Promise.all(['a', 'b', 'c', 'd'].map((name) => run(script, [store, name, '15'])));
  expect(codes).toEqual([0, 0, 0, 0]);
  const registry = JSON.parse(await readFile(registryFile(store), 'utf8')) as Awaited<ReturnType<typeof readRegistry>>;
  expect(registry.history).toHaveLength(60);
  for (const name of ['a', 'b', 'c', 'd']) expect(registry.history.filter((entry) => entry.app === name)).toHaveLength(15);
});

test('a change that throws leaves the registry as it was', async () => {
  const store = await mkdtemp(join(tmpdir(), 'registry-'));
  await updateRegistry(store, (registry) => {
    registry.apps.host = { live: '1.0.0', versions: {} };
  });
  await expect(
    updateRegistry(store, (registry) => {
      registry.apps.host = { live: '9.9.9', versions: {} };
      throw new Error('abort');
    }),
  ).rejects.toThrow('abort');
  expect((await readRegistry(store)).apps.host?.live).toBe('1.0.0');
});
