import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from '@rstest/core';
import { appPaths } from '@app/host-sdk/paths';
import { HOST_PREFIXES, ownerOf, prefixMatches, type PrefixOwner } from '@app/deploy/prefix-owner';

const remotesDir = join(import.meta.dirname, '../../remotes');

/** The prefixes each remote declares in its package.json: what a release records in the registry. */
function declaredOwners(): PrefixOwner[] {
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

describe('ownership (docs/architecture.md: longest prefix wins)', () => {
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

describe('each page is named once, by the app that owns it (remotes/*/src/paths.ts, @app/host-sdk/paths)', () => {
  const owners = declaredOwners();
  const remotes = readdirSync(remotesDir).map((folder) => {
    const pkg = JSON.parse(readFileSync(join(remotesDir, folder, 'package.json'), 'utf8')) as { federation: PrefixOwner };
    const text = (file: string) => readFileSync(join(remotesDir, folder, 'src', file), 'utf8');
    // `name: '/pattern'` in the remote's paths.ts, and what each `path:` of its routes.ts says.
    const patterns = [...text('paths.ts').matchAll(/^\s*(\w+): '([^']*)',/gm)].map((match) => ({
      name: match[1] as string,
      pattern: match[2] as string,
    }));
    const routed = [...text('routes.ts').matchAll(/\bpath: ([\w.]+),/g)].map((match) => match[1] as string);
    return { name: pkg.federation.name, patterns, routed };
  });

  test.each(remotes.map((remote) => [remote.name, remote] as const))('%s names only pages under its own prefixes', (name, remote) => {
    expect(remote.patterns.length).toBeGreaterThan(0);
    for (const { pattern } of remote.patterns) expect([pattern, ownerOf(pattern, owners)?.name]).toEqual([pattern, name]);
  });

  test.each(remotes.map((remote) => [remote.name, remote] as const))(
    '%s routes its own paths and its cross-app pages, never a written path',
    (name, remote) => {
      const crossApp = Object.entries(appPaths)
        .filter(([, pattern]) => ownerOf(pattern, owners)?.name === name)
        .map(([key]) => `appPaths.${key}`);
      const own = remote.patterns.map((page) => `paths.${page.name}`);
      expect([...remote.routed].sort()).toEqual([...own, ...crossApp].sort());
    },
  );

  test('no pattern is written twice, and every cross-app page has an owner', () => {
    const all = [...Object.values(appPaths), ...remotes.flatMap((remote) => remote.patterns.map((page) => page.pattern))];
    expect(all.filter((pattern, index) => all.indexOf(pattern) !== index)).toEqual([]);
    for (const pattern of Object.values(appPaths)) expect([pattern, ownerOf(pattern, owners)]).not.toEqual([pattern, undefined]);
  });
});
