/**
 * One way to do each thing (DEVELOPERS.md): a remote reaches HTTP, the router and antd-mobile only through the host's
 * contract (`@app/host-sdk`, `@app/ui`), so there is one client, one router context and one UI copy.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { expect, test } from '@rstest/core';

const ROOT = join(import.meta.dirname, '../../..');

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'node_modules' || name === 'dist' ? [] : sources(path);
    return /\.(ts|tsx)$/.test(name) ? [path] : [];
  });
}

const FORBIDDEN_IN_REMOTES = ['axios', 'react-router', 'react-router-dom', 'antd-mobile', 'jotai/utils', '@module-federation/enhanced/runtime'];

test('remotes import HTTP, routing and UI only through @app/host-sdk and @app/ui', () => {
  const offences: string[] = [];
  for (const file of sources(join(ROOT, 'remotes'))) {
    const text = readFileSync(file, 'utf8');
    for (const match of text.matchAll(/from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g)) {
      const spec = match[1] ?? match[2] ?? '';
      if (FORBIDDEN_IN_REMOTES.some((name) => spec === name || spec.startsWith(`${name}/`))) {
        offences.push(`${relative(ROOT, file)} imports ${spec}`);
      }
    }
  }
  expect(offences).toEqual([]);
});

test('only @app/ui imports antd-mobile', () => {
  const offences = ['host', 'shared/host-sdk', 'shared/domain']
    .flatMap((dir) => sources(join(ROOT, dir)))
    .filter((file) => /from\s+['"]antd-mobile/.test(readFileSync(file, 'utf8')))
    .map((file) => relative(ROOT, file));
  expect(offences).toEqual([]);
});

test('@app/domain stays pure: no React, no I/O', () => {
  const offences = sources(join(ROOT, 'shared/domain/src'))
    .filter((file) => /from\s+['"](react|node:|axios|fs|path)/.test(readFileSync(file, 'utf8')))
    .map((file) => relative(ROOT, file));
  expect(offences).toEqual([]);
});
