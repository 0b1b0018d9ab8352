/**
 * A singleton is consumed without the runtime comparing versions with the consumer's range: the release check does
 * that (docs/architecture.md, "One fast first load": short tasks).
 */
import { afterEach, describe, expect, rs, test } from '@rstest/core';
import { ModuleFederation, type ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import releaseCheckedRangesPlugin, { releaseCheckedRanges, withoutRuntimeRange } from '../src/remotes/release-checked-ranges-plugin';

const PROVIDED = {
  version: '1.0.0',
  lib: () => ({ provided: '1.0.0' }),
  shareConfig: { singleton: true, requiredVersion: false as const },
};

/**
 * A consumption as a remote's build asks for it, of a singleton whose provided version (1.0.0) its range (^2.0.0) does
 * not meet, by an instance with these plugins: the module it got, and what the runtime warned.
 */
async function consumeOutOfRange(name: string, plugins: ModuleFederationRuntimePlugin[]) {
  const warn = rs.spyOn(console, 'warn').mockImplementation(() => undefined);
  const instance = new ModuleFederation({
    name,
    remotes: [],
    shared: { '@app/ui/button': PROVIDED },
    shareStrategy: 'loaded-first',
    plugins,
  });
  const factory = await instance.loadShare<{ provided: string }>('@app/ui/button', {
    customShareInfo: { version: '2.0.0', shareConfig: { singleton: true, requiredVersion: '^2.0.0' } },
  });
  if (!factory) throw new Error('no module');
  return { module: factory(), warnings: warn.mock.calls.flat().join(' ') };
}

afterEach(() => {
  rs.restoreAllMocks();
});

describe('release-checked ranges', () => {
  test('a singleton is consumed from its provider without a version comparison, so nothing warns', async () => {
    expect(await consumeOutOfRange('remote-with-plugin', [releaseCheckedRanges()])).toEqual({
      module: { provided: '1.0.0' },
      warnings: '',
    });
  });

  test('without the plugin the runtime compares, and only warns: the same module is consumed', async () => {
    const { module, warnings } = await consumeOutOfRange('remote-without-plugin', []);
    expect(module).toEqual({ provided: '1.0.0' });
    expect(warnings).toContain('does not satisfy');
  });

  test('a strict range, or a module that is not a singleton, keeps its comparison', () => {
    const args = (shareConfig: { singleton?: boolean; requiredVersion: string | false; strictVersion?: boolean }) =>
      ({ pkgName: 'react', shareInfo: { version: '19.3.1', shareConfig }, shared: {}, origin: {} }) as unknown as Parameters<
        typeof withoutRuntimeRange
      >[0];
    const strict = args({ singleton: true, requiredVersion: '^19.0.0', strictVersion: true });
    expect(withoutRuntimeRange(strict)).toBe(strict);
    const notSingleton = args({ requiredVersion: '^19.0.0' });
    expect(withoutRuntimeRange(notSingleton)).toBe(notSingleton);
    expect(withoutRuntimeRange(args({ singleton: true, requiredVersion: '^19.0.0' })).shareInfo?.shareConfig).toEqual({
      singleton: true,
      requiredVersion: false,
    });
  });

  // Last: the global registration stays for the rest of this file.
  test("as the host's runtime plugin, it holds for every instance created after, as a remote's is", async () => {
    releaseCheckedRangesPlugin();
    expect(await consumeOutOfRange('remote-created-after-the-host', [])).toEqual({ module: { provided: '1.0.0' }, warnings: '' });
  });
});
