/** A remote's release build relies on the host's shared modules; its dev server keeps its own copies. */
import { join } from 'node:path';
import { expect, test } from '@rstest/core';
import { remoteSharedDependencies } from '../src/shared-dependencies';

const INVOICE = join(import.meta.dirname, '../../../remotes/invoice');

type Entry = { import?: false; singleton?: boolean; requiredVersion?: string };

test('a release build shares every singleton without a copy of its own, still stating the range it requires', () => {
  const shared = remoteSharedDependencies(INVOICE, true) as Record<string, Entry>;
  expect(Object.keys(shared)).toEqual(expect.arrayContaining(['react', 'react-dom/client', '@app/host-sdk/api-client', '@app/ui/form']));
  for (const [name, entry] of Object.entries(shared)) {
    expect({ name, import: entry.import, singleton: entry.singleton }).toEqual({ name, import: false, singleton: true });
    expect(entry.requiredVersion).toMatch(/^\^\d+\.\d+\.\d+$/);
  }
  // Not part of the host contract: the standalone shell, the page owner's start-up (the host's or a lean page's own
  // copy), a lean page's server build (React's server renderer), the host page's inline early calls and the page test
  // harness.
  for (const module of [
    'standalone',
    'testing',
    'early-calls',
    'lean-page',
    'lean-page-tree',
    'lean-page-server',
    'startup',
    'page-guard',
    'error-catalogue',
    'authorize',
    'in-app-browser',
    'front-version',
    'demo-badge',
    'page-back',
  ]) {
    expect(Object.keys(shared)).not.toContain(`@app/host-sdk/${module}`);
  }
});

test("a team's dev server bundles its own copies, for the standalone page that has no host", () => {
  const shared = remoteSharedDependencies(INVOICE, false) as Record<string, Entry>;
  expect(Object.values(shared).some((entry) => entry.import === false)).toBe(false);
  expect(shared['@app/ui/form']).toMatchObject({ singleton: true, requiredVersion: expect.stringMatching(/^\^\d+\.\d+\.\d+/) });
});
