/**
 * A rollback makes live again what was live before the live version went live, read from the history: never a
 * version that was rolled back, unless named with --to; the listing marks rolled-back versions 已回滚.
 */
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeEach, describe, expect, test } from '@rstest/core';
import { liveLineage, readRegistry, updateRegistry } from '../src/registry';
import { formatReleases } from '../src/releases';
import { release } from '../src/release';
import { rollback } from '../src/rollback';
import { fakeBuild } from './fixtures/fake-build';

let store: string;

beforeEach(async () => {
  store = await mkdtemp(join(tmpdir(), 'rollback-'));
});

const build = fakeBuild();
const ship = (version: string) => release('ticket', { storeDir: store, build, version });
const back = (to?: string) => rollback('ticket', { storeDir: store, ...(to && { to }) });
const live = async () => (await readRegistry(store)).apps.ticket?.live;

/** The listing's line of each version: the live marker, the version, then 已回滚 or blanks. */
async function listed(): Promise<Record<string, string>> {
  const lines = formatReleases(await readRegistry(store), 'ticket')
    .split('\n')
    .slice(1);
  return Object.fromEntries(
    lines.map((line) => {
      const match = /^ {2}(● 线上| {6}) (\S+) +(已回滚)? +发布于/.exec(line);
      if (!match) throw new Error(`unexpected listing line: ${line}`);
      const marks = [match[1] === '● 线上' ? '线上' : '', match[3] ?? ''].filter(Boolean).join(' ');
      return [match[2] as string, marks];
    }),
  );
}

describe('rollback', () => {
  test('release A, roll back, release B, roll back: what was live before B (1.0.0), not A, which was rolled back', async () => {
    await ship('1.0.0');
    await ship('1.1.0'); // ticket A
    expect(await back()).toEqual({ app: 'ticket', version: '1.0.0', previous: '1.1.0' });
    await ship('1.2.0'); // ticket B
    expect(await back()).toEqual({ app: 'ticket', version: '1.0.0', previous: '1.2.0' });
    expect(await live()).toBe('1.0.0');
    await expect(back()).rejects.toThrow('ticket 没有可回滚的上一个版本。');
    expect(await live()).toBe('1.0.0');
    expect(await listed()).toEqual({ '1.0.0': '线上', '1.1.0': '已回滚', '1.2.0': '已回滚' });
  });

  test('repeated rollbacks walk back through what was actually live, skipping rolled-back versions', async () => {
    await ship('0.9.0');
    await ship('1.0.0');
    await ship('1.1.0');
    await back(); // 1.1.0 rolled back: live 1.0.0
    await ship('1.2.0');
    await ship('1.3.0');
    const walked: string[] = [];
    for (let i = 0; i < 3; i++) walked.push((await back()).version);
    expect(walked).toEqual(['1.2.0', '1.0.0', '0.9.0']);
    await expect(back()).rejects.toThrow('没有可回滚');
    expect(await listed()).toEqual({ '0.9.0': '线上', '1.0.0': '已回滚', '1.1.0': '已回滚', '1.2.0': '已回滚', '1.3.0': '已回滚' });
  });

  test('--to a rolled-back version still works, and a plain rollback from it goes to what was live before it', async () => {
    await ship('1.0.0');
    await ship('1.1.0');
    await back();
    await ship('1.2.0');
    await back();
    expect(await back('1.1.0')).toEqual({ app: 'ticket', version: '1.1.0', previous: '1.0.0' });
    expect(await listed()).toEqual({ '1.0.0': '', '1.1.0': '线上', '1.2.0': '已回滚' });
    expect(await back()).toEqual({ app: 'ticket', version: '1.0.0', previous: '1.1.0' });
    expect(await back('1.2.0')).toEqual({ app: 'ticket', version: '1.2.0', previous: '1.0.0' });
    expect((await readRegistry(store)).history.filter((entry) => entry.action === 'rollback')).toHaveLength(5);
  });

  test('--to back past several versions rolls them all back; a plain rollback never reaches them again', async () => {
    for (const version of ['1.0.0', '1.1.0', '1.2.0', '1.3.0']) await ship(version);
    await back('1.1.0');
    expect(await listed()).toEqual({ '1.0.0': '', '1.1.0': '线上', '1.2.0': '已回滚', '1.3.0': '已回滚' });
    expect((await back()).version).toBe('1.0.0');
    await expect(back()).rejects.toThrow('没有可回滚');
  });

  test('--to from a later release back to a rolled-back one rolls the later one back', async () => {
    await ship('1.0.0');
    await ship('1.1.0'); // A
    await back();
    await ship('1.2.0'); // B
    await back('1.1.0'); // ops go back to A from B
    expect(await listed()).toEqual({ '1.0.0': '', '1.1.0': '线上', '1.2.0': '已回滚' });
    expect((await back()).version).toBe('1.0.0');
  });

  test('a rollback with no history to read the previous live version from asks for --to', async () => {
    await ship('1.0.0');
    await ship('1.1.0');
    await updateRegistry(store, (registry) => {
      registry.history = [];
    });
    await expect(back()).rejects.toThrow('请用 --to <版本> 指定回滚目标');
    expect((await back('1.0.0')).version).toBe('1.0.0');
  });
});

describe('liveLineage', () => {
  test("only the named app's own history counts", async () => {
    await ship('1.0.0');
    await release('my', { storeDir: store, build, version: '1.0.0' });
    await ship('1.1.0');
    await back();
    const registry = await readRegistry(store);
    expect(liveLineage(registry, 'ticket')).toEqual({ lineage: ['1.0.0'], rolledBack: new Set(['1.1.0']) });
    expect(liveLineage(registry, 'my')).toEqual({ lineage: ['1.0.0'], rolledBack: new Set() });
  });
});
