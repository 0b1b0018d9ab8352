/** The host shares every singleton at the version it provides, with no range of its own to check at run time. */
import { join } from 'node:path';
import { expect, test } from '@rstest/core';
import { hostSharedDependencies, sharedDependencies } from '../src/shared-dependencies';

const HOST = join(import.meta.dirname, '../../../host');

type Entry = { import?: false; singleton?: boolean; version?: string; requiredVersion?: string | false };

test('the host provides the same singletons at the same versions, requiring no range of itself', () => {
  const shared = hostSharedDependencies(HOST) as Record<string, Entry>;
  const stated = sharedDependencies(HOST) as Record<string, Entry>;
  expect(Object.keys(shared)).toEqual(Object.keys(stated));
  expect(Object.keys(shared)).toEqual(expect.arrayContaining(['react', 'react-dom/client', '@app/host-sdk/api-client', '@app/ui/form']));
  for (const [name, entry] of Object.entries(shared)) {
    expect({
      name,
      singleton: entry.singleton,
      version: entry.version,
      requiredVersion: entry.requiredVersion,
      import: entry.import,
    }).toEqual({
      name,
      singleton: true,
      version: stated[name]?.version,
      requiredVersion: false,
      import: undefined,
    });
  }
});

test("the host shares no lean page's modules: the page tree is the page owner's, the server build React's server renderer", () => {
  const shared = Object.keys(hostSharedDependencies(HOST));
  for (const module of ['lean-page', 'lean-page-tree', 'lean-page-server']) expect(shared).not.toContain(`@app/host-sdk/${module}`);
});
