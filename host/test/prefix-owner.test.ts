import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from '@rstest/core';
import { ownerOf, prefixMatches, type PrefixOwner } from '../src/remotes/prefix-owner';
import { HOST_PREFIXES } from '../src/remotes/remote-registry';

/** The prefixes each remote declares in its package.json: what a release records in the registry. */
function declaredOwners(): PrefixOwner[] {
  const remotesDir = join(import.meta.dirname, '../../remotes');
  const remotes = readdirSync(remotesDir).map((folder) => {
    const pkg = JSON.parse(readFileSync(join(remotesDir, folder, 'package.json'), 'utf8')) as { federation: PrefixOwner };
    return { name: pkg.federation.name, prefixes: pkg.federation.prefixes };
  });
  return [{ name: 'host', prefixes: HOST_PREFIXES }, ...remotes];
}

describe('prefixMatches', () => {
  test('"/" is the home page only', () => {
    expect(prefixMatches('/', '/')).toBe(true);
    expect(prefixMatches('/', '/anything')).toBe(false);
  });
  test('a prefix without a trailing slash matches whole segments', () => {
    expect(prefixMatches('/my/wallet', '/my/wallet')).toBe(true);
    expect(prefixMatches('/my/wallet', '/my/wallet/tixian')).toBe(true);
    expect(prefixMatches('/my/wallet', '/my/walletx')).toBe(false);
  });
});

describe('ownership (ARCHITECTURE.md: longest prefix wins)', () => {
  const owners = declaredOwners();
  const cases: [string, string | undefined][] = [
    ['/', 'invoice'],
    ['/invoice/create', 'invoice'],
    ['/invoice/task/detail', 'invoice'],
    ['/titles/create', 'invoice'],
    ['/invoice/taxi/create', 'taxi'],
    ['/invoice/taxi/return', 'taxi'],
    ['/taxi/share/list', 'taxi'],
    ['/my/taxi/trip', 'taxi'],
    ['/my/passenger', 'taxi'],
    ['/my/trip', 'taxi'],
    ['/my', 'my'],
    ['/my/companies', 'my'],
    ['/my/subCode/', 'my'],
    ['/my/tripx', 'my'],
    ['/tools/join/lifeServices', 'my'],
    ['/my/wallet', 'wallet'],
    ['/my/wallet/tixian/list', 'wallet'],
    ['/ticket/import/image', 'ticket'],
    ['/payment/list', 'payment'],
    ['/shop/S123', 'payment'],
    ['/cash/return', 'payment'],
    ['/shop/universalBindShop', 'host'],
    ['/t/abc', 'host'],
    ['/login', 'host'],
    ['/services-close', 'host'],
    ['/nowhere', undefined],
  ];
  test.each(cases)('%s belongs to %s', (path, owner) => {
    expect(ownerOf(path, owners)?.name).toBe(owner);
  });
});
