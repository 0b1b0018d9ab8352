/**
 * The thread that runs releases' server builds (server/src/releases/release-build-worker.ts): it answers a build's
 * exports, and a thread that has loaded its share of builds gives way to a fresh one, so that an old version's module
 * does not stay in memory, without failing a call it was still answering.
 */
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, test } from '@rstest/core';
import { BuildThreadEnded, ReleaseBuildWorker } from '../src/releases/release-build-worker';

/** A build with state of its own: a count that starts again only where the module is imported again. */
const COUNTING_BUILD = `
let count = 0;
export const next = () => ++count;
export const render = async ({ name }) => '<p>' + name + '</p>';
export const fails = () => { throw new Error('render failed'); };
export const later = (value) => new Promise((resolve) => setTimeout(() => resolve(value), 300));
export const endsThread = () => process.exit(1);
export const hangs = () => new Promise(() => {});
export const notAFunction = 1;
`;

describe('the release build worker', () => {
  let dir = '';
  let worker: ReleaseBuildWorker;
  const file = (name: string) => join(dir, `${name}.mjs`);

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'release-builds-'));
    for (const name of ['a', 'b', 'c']) await writeFile(file(name), COUNTING_BUILD);
    await writeFile(file('broken'), 'export const = ;');
  });
  afterEach(() => worker.close());

  test("answers a build's exports and lists its functions; a build that throws or does not load rejects, and the thread goes on", async () => {
    worker = new ReleaseBuildWorker();
    expect(await worker.call(file('a'), 'render', { name: '发票' })).toBe('<p>发票</p>');
    expect((await worker.functions(file('a'))).sort()).toEqual(['endsThread', 'fails', 'hangs', 'later', 'next', 'render']);
    await expect(worker.call(file('a'), 'fails')).rejects.toThrow('render failed');
    await expect(worker.call(file('a'), 'notAFunction')).rejects.toThrow('exports no function notAFunction');
    await expect(worker.functions(file('broken'))).rejects.toThrow();
    await expect(worker.functions(file('missing'))).rejects.toThrow();
    expect(await worker.call(file('a'), 'next')).toBe(1);
    expect(await worker.call(file('a'), 'next')).toBe(2);
    expect(worker.threadsStarted).toBe(1);
  });

  test('a thread that has loaded its share of builds gives way: the next thread imports a build afresh', async () => {
    worker = new ReleaseBuildWorker(2);
    expect(await worker.call(file('a'), 'next')).toBe(1);
    expect(await worker.call(file('a'), 'next')).toBe(2);
    expect(await worker.call(file('b'), 'next')).toBe(1);
    // A third build: the first thread (a and b loaded) is retired, a fresh one loads c, then a again from its start.
    expect(await worker.call(file('c'), 'next')).toBe(1);
    expect(await worker.call(file('a'), 'next')).toBe(1);
    expect(worker.threadsStarted).toBe(2);
    // The retired thread has ended: its builds are no longer in memory.
    await expect.poll(() => worker.threadsEnded).toBe(1);
  });

  test('a retired thread still answers the calls it has; a thread that ends fails its call and the next starts another', async () => {
    worker = new ReleaseBuildWorker(1);
    const answering = worker.call(file('a'), 'later', 'still answered');
    expect(await worker.call(file('b'), 'render', { name: 'b' })).toBe('<p>b</p>');
    expect(await answering).toBe('still answered');
    await expect(worker.call(file('b'), 'endsThread')).rejects.toThrow(BuildThreadEnded);
    expect(await worker.call(file('b'), 'next')).toBe(1);
    expect(worker.threadsStarted).toBe(3);
    await expect.poll(() => worker.threadsEnded).toBe(2);
  });

  test('a call that does not answer in time ends its thread; a build that keeps ending its thread is not run again', async () => {
    // Three seconds: long enough that a busy machine's stall is not taken for a hang.
    worker = new ReleaseBuildWorker(8, 3_000);
    await expect(worker.call(file('a'), 'hangs')).rejects.toThrow(BuildThreadEnded);
    await expect.poll(() => worker.threadsEnded).toBe(1);
    expect(await worker.call(file('c'), 'render', { name: 'c' })).toBe('<p>c</p>');
    await expect(worker.call(file('a'), 'endsThread')).rejects.toThrow(BuildThreadEnded);
    await expect(worker.call(file('a'), 'hangs')).rejects.toThrow(BuildThreadEnded);
    // Three endings with a call of a running: a is refused without a thread; c, whose call ended one thread, still runs.
    const started = worker.threadsStarted;
    await expect(worker.call(file('a'), 'render', { name: 'a' })).rejects.toThrow('not run again');
    expect(worker.threadsStarted).toBe(started);
    expect(await worker.call(file('c'), 'render', { name: 'c' })).toBe('<p>c</p>');
  });

  test('after the server has stopped, a call is refused rather than starting a thread', async () => {
    worker = new ReleaseBuildWorker();
    expect(await worker.call(file('a'), 'next')).toBe(1);
    worker.close();
    await expect(worker.call(file('a'), 'next')).rejects.toThrow(BuildThreadEnded);
    expect(worker.threadsStarted).toBe(1);
    await expect.poll(() => worker.threadsEnded).toBe(1);
  });
});
