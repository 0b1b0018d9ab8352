/**
 * The federation runtime registers the share table once per instance, not again for every shared module a page
 * consumes (the patch of `@module-federation/runtime-core`: docs/architecture.md, "One fast first load").
 */
import { describe, expect, test } from '@rstest/core';
import { ModuleFederation, type ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

const SHARED_MODULES = 20;

function instanceCountingRegistrations(name: string, shareStrategy: 'loaded-first' | 'version-first') {
  const registered: string[] = [];
  const counter: ModuleFederationRuntimePlugin = {
    name: 'count-registrations',
    afterRegisterShare(args) {
      registered.push(args.pkgName);
    },
  };
  const shared = Object.fromEntries(
    Array.from({ length: SHARED_MODULES }, (_, index) => [
      `@app/ui/module-${index}`,
      { version: '1.0.0', lib: () => ({ index }), shareConfig: { singleton: true, requiredVersion: false as const } },
    ]),
  );
  const instance = new ModuleFederation({ name, remotes: [], shared, shareStrategy, plugins: [counter] });
  return { instance, registered };
}

describe('the share table', () => {
  test('is registered once however many shared modules a page consumes, and each consumption gets its module', async () => {
    const { instance, registered } = instanceCountingRegistrations('host-loaded-first', 'loaded-first');
    registered.length = 0;
    for (let index = 0; index < SHARED_MODULES; index++) {
      const factory = await instance.loadShare<{ index: number }>(`@app/ui/module-${index}`);
      if (!factory) throw new Error(`no module for @app/ui/module-${index}`);
      expect(factory()).toEqual({ index });
    }
    expect(instance.loadShareSync<{ index: number }>('@app/ui/module-3')()).toEqual({ index: 3 });
    expect(registered).toHaveLength(SHARED_MODULES);
    expect(new Set(registered).size).toBe(SHARED_MODULES);
  });

  test('under version-first, which also starts the remotes there, each consumption still initializes sharing', async () => {
    const { instance, registered } = instanceCountingRegistrations('host-version-first', 'version-first');
    registered.length = 0;
    await instance.loadShare('@app/ui/module-0');
    await instance.loadShare('@app/ui/module-1');
    expect(registered).toHaveLength(2 * SHARED_MODULES);
  });
});
