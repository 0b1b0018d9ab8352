/**
 * The release check with the ranges the build writes: a remote requires `^` the exact @app/ui and @app/host-sdk
 * versions it was built against, so it is refused on a live host that serves an older one, and a host that would serve
 * a live remote an older or next-major version, or none, is refused too.
 */
import { existsSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeEach, describe, expect, test } from '@rstest/core';
import { readRegistry } from '../src/registry';
import { formatReleases } from '../src/releases';
import { release, ReleaseError } from '../src/release';
import { rollback } from '../src/rollback';
import { builtAgainst, fakeBuild } from './fixtures/fake-build';

let store: string;

beforeEach(async () => {
  store = await mkdtemp(join(tmpdir(), 'shared-ranges-'));
});

/** The error a promise rejects with. */
async function refusal(promise: Promise<unknown>): Promise<ReleaseError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(ReleaseError);
  return error as ReleaseError;
}

const host10 = fakeBuild(builtAgainst('1.0.0', '1.0.1'));
const host12 = fakeBuild(builtAgainst('1.2.0', '1.0.1'));
const invoiceOnUi12 = fakeBuild(builtAgainst('1.2.0', '1.0.1'));

describe('a remote the live host cannot serve', () => {
  test('built against @app/ui 1.2.0 (requires ^1.2.0) on a host that provides 1.0.0: refused, naming module, required and provided', async () => {
    await release('host', { storeDir: store, build: host10, version: '1.0.0' });
    const error = await refusal(release('invoice', { storeDir: store, build: invoiceOnUi12, version: '1.2.0' }));
    const lines = error.message.split('\n');
    expect(lines[0]).toBe('invoice 与线上宿主不兼容:');
    expect(lines).toContain('  - @app/ui/form: invoice 需要 ^1.2.0，线上宿主提供 1.0.0');
    expect(lines).toContain('  - @app/ui/button: invoice 需要 ^1.2.0，线上宿主提供 1.0.0');
    // The host-sdk it was built against (1.0.1) is the host's: no problem there.
    expect(error.message).not.toContain('@app/host-sdk');
    expect(error.message).toContain('未发布。确认无误后可加 --force 强制发布。');
    expect(existsSync(join(store, 'invoice/1.2.0'))).toBe(false);
    const registry = await readRegistry(store);
    expect(registry.apps.invoice?.live ?? null).toBeNull();
    expect(registry.history.map((entry) => `${entry.action} ${entry.app}@${entry.version}`)).toEqual(['release host@1.0.0']);
  });

  test('--force releases it anyway, and the registry and the listing mark it', async () => {
    await release('host', { storeDir: store, build: host10, version: '1.0.0' });
    const result = await release('invoice', { storeDir: store, build: invoiceOnUi12, version: '1.2.0', force: true });
    expect(result).toEqual({ app: 'invoice', version: '1.2.0', previous: null });
    const registry = await readRegistry(store);
    expect(registry.apps.invoice?.live).toBe('1.2.0');
    expect(registry.apps.invoice?.versions['1.2.0']?.forced).toBe(true);
    expect(registry.history.at(-1)).toMatchObject({ action: 'release', app: 'invoice', version: '1.2.0', forced: true });
    expect(formatReleases(registry, 'invoice')).toMatch(/● 线上 1\.2\.0 .*\(强制发布\)/);
  });

  test('the same remote is accepted once the host serves @app/ui 1.2.0, and a remote built against 1.0.0 still is', async () => {
    await release('host', { storeDir: store, build: host12, version: '1.2.0' });
    await release('invoice', { storeDir: store, build: invoiceOnUi12, version: '1.2.0' });
    await release('ticket', { storeDir: store, build: fakeBuild(builtAgainst('1.0.0', '1.0.0')), version: '1.0.0' });
    const registry = await readRegistry(store);
    expect([registry.apps.invoice?.live, registry.apps.ticket?.live]).toEqual(['1.2.0', '1.0.0']);
    expect(registry.apps.invoice?.versions['1.2.0']?.forced).toBeUndefined();
  });
});

describe('a host that would break a live remote', () => {
  beforeEach(async () => {
    await release('host', { storeDir: store, build: host12, version: '1.2.0' });
    await release('invoice', { storeDir: store, build: invoiceOnUi12, version: '1.2.0' });
  });

  test('one that provides an older @app/ui than the live remote requires is refused, naming remote, module, required and provided', async () => {
    const error = await refusal(release('host', { storeDir: store, build: fakeBuild(builtAgainst('1.0.0', '1.0.1')), version: '1.3.0' }));
    const lines = error.message.split('\n');
    expect(lines[0]).toBe('线上的 invoice@1.2.0 与此宿主版本不兼容:');
    expect(lines).toContain('  - @app/ui/form: 线上的 invoice@1.2.0 需要 ^1.2.0，此宿主版本提供 1.0.0');
    expect(error.message).toContain('未发布');
    expect(existsSync(join(store, 'host/1.3.0'))).toBe(false);
    expect((await readRegistry(store)).apps.host?.live).toBe('1.2.0');
  });

  test('one that provides the next major of @app/host-sdk is refused', async () => {
    const error = await refusal(release('host', { storeDir: store, build: fakeBuild(builtAgainst('1.2.0', '2.0.0')), version: '2.0.0' }));
    expect(error.message).toContain('  - @app/host-sdk/session: 线上的 invoice@1.2.0 需要 ^1.0.1，此宿主版本提供 2.0.0');
    expect(error.message).not.toContain('@app/ui/');
  });

  test('one that lacks a module the live remote uses is refused', async () => {
    const error = await refusal(
      release('host', { storeDir: store, build: fakeBuild(builtAgainst('1.2.1', '1.0.1', ['button'])), version: '1.2.1' }),
    );
    expect(error.message).toContain('  - @app/ui/form: 线上的 invoice@1.2.0 需要 ^1.2.0，此宿主版本提供 （无）');
    expect(error.message).not.toContain('@app/ui/button');
  });

  test('--force releases it anyway and marks it', async () => {
    await release('host', { storeDir: store, build: fakeBuild(builtAgainst('1.0.0', '1.0.1')), version: '1.3.0', force: true });
    const registry = await readRegistry(store);
    expect(registry.apps.host?.live).toBe('1.3.0');
    expect(registry.apps.host?.versions['1.3.0']?.forced).toBe(true);
    expect(formatReleases(registry, 'host')).toMatch(/● 线上 1\.3\.0 .*\(强制发布\)/);
  });

  test('rolling the host back to one that served @app/ui 1.0.0 is refused the same way, unless forced', async () => {
    await release('host', { storeDir: store, build: host12, version: '1.2.1' });
    await release('host', { storeDir: store, build: host10, version: '1.0.0', force: true });
    await rollback('host', { storeDir: store, to: '1.2.1' });
    const error = await refusal(rollback('host', { storeDir: store, to: '1.0.0' }));
    expect(error.message).toContain('  - @app/ui/form: 线上的 invoice@1.2.0 需要 ^1.2.0，此宿主版本提供 1.0.0');
    expect(error.message).toContain('未回滚');
    expect((await readRegistry(store)).apps.host?.live).toBe('1.2.1');
    await rollback('host', { storeDir: store, to: '1.0.0', force: true });
    expect((await readRegistry(store)).apps.host?.live).toBe('1.0.0');
  });
});
