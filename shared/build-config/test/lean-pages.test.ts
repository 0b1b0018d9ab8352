/**
 * A remote's lean pages (docs/architecture.md, "Pages a phone opens cold"): built beside the federated build as
 * environments of their own, each in its own release folder under the versioned public path, with no Module
 * Federation plugin; the release lists them in lean-pages.json for the server.
 */
import { join } from 'node:path';
import { expect, test } from '@rstest/core';
import { defineRemoteConfig } from '../src/index';
import { leanPageOutput, leanServerFile } from '../src/lean-pages';

const PAYMENT = join(import.meta.dirname, '../../../remotes/payment');
const SHOP = { entry: './src/lean/shop-entry.tsx', path: '/shop/:code', except: ['/shop/universalBindShop'] };

const pluginNames = (config: ReturnType<typeof defineRemoteConfig>) =>
  (config.plugins ?? []).map((plugin) => (plugin && typeof plugin === 'object' && 'name' in plugin ? plugin.name : ''));

test('a lean page is an environment of its own, beside the federated one, with its own entry and folder', () => {
  const config = defineRemoteConfig(PAYMENT, { leanPages: { shop: SHOP } });
  expect(Object.keys(config.environments ?? {})).toEqual(['web', 'lean-shop']);
  expect(config.environments?.web?.source?.entry).toEqual({ index: './src/index.ts' });
  expect(config.environments?.['lean-shop']?.source?.entry).toEqual({ index: './src/lean/shop-entry.tsx' });
  const federatedDist = config.environments?.web?.output?.distPath as { root: string };
  expect(config.environments?.['lean-shop']?.output?.distPath).toEqual({ root: join(federatedDist.root, 'shop') });
  expect(pluginNames(config)).toEqual(expect.arrayContaining(['rsbuild:module-federation-enhanced', 'app:lean-pages-file']));
});

test("its files go under the release's versioned public path, in its own folder", () => {
  expect(leanPageOutput('shop', { releasePrefix: '/remotes/payment/1.3.0/', distRoot: '/tmp/build' })).toEqual({
    assetPrefix: '/remotes/payment/1.3.0/shop/',
    distPath: { root: '/tmp/build/shop' },
  });
  expect(leanPageOutput('shop', { releasePrefix: undefined, distRoot: 'dist' })).toEqual({
    assetPrefix: '/shop/',
    distPath: { root: 'dist/shop' },
  });
});

test('without lean pages a remote builds as before: one environment, no list', () => {
  const config = defineRemoteConfig(PAYMENT);
  expect(Object.keys(config.environments ?? {})).toEqual(['web']);
  expect(pluginNames(config)).not.toContain('app:lean-pages-file');
});

test('a lean page name must be a folder of its own in the release', () => {
  expect(() => defineRemoteConfig(PAYMENT, { leanPages: { static: SHOP } })).toThrow('cannot be a release folder');
  expect(() => defineRemoteConfig(PAYMENT, { leanPages: { '../x': SHOP } })).toThrow('cannot be a release folder');
});

test('a lean page with a server module gets a Node build of it in its folder, listed for the server', () => {
  const config = defineRemoteConfig(PAYMENT, { leanPages: { shop: { ...SHOP, server: './src/lean/shop-server.tsx' } } });
  expect(Object.keys(config.environments ?? {})).toEqual(['web', 'lean-shop', 'lean-shop-server']);
  const server = config.environments?.['lean-shop-server'];
  expect(server?.source?.entry).toEqual({ index: './src/lean/shop-server.tsx' });
  expect(server?.output?.target).toBe('node');
  const federatedDist = config.environments?.web?.output?.distPath as { root: string };
  expect(server?.output?.distPath).toEqual({ root: join(federatedDist.root, 'shop', 'server') });
  expect(leanServerFile('shop')).toBe('shop/server/index.js');
});
