/**
 * @app/widgets is bundled into each remote, never shared (docs/architecture.md, "Shared code between remotes"), and
 * its CSS-module class names are salted with its CSS, so two remotes built with different widget CSS never restyle
 * each other's widgets in the one page.
 */
import { cp, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, test } from '@rstest/core';
import { remoteSharedDependencies, sharedDependencies } from '../src/shared-dependencies';
import { widgetsCssSalt } from '../src/widgets-css-salt';

const ROOT = join(import.meta.dirname, '../../..');
const INVOICE = join(ROOT, 'remotes/invoice');

let app: string | undefined;
afterEach(async () => {
  if (app) await rm(app, { recursive: true, force: true });
  app = undefined;
});

test('no module of @app/widgets is shared: a remote bundles the widgets it uses, beside the host-provided singletons', () => {
  for (const shared of [sharedDependencies(INVOICE), remoteSharedDependencies(INVOICE, true)]) {
    const names = Object.keys(shared as Record<string, unknown>);
    expect(names.filter((name) => name.startsWith('@app/widgets'))).toEqual([]);
    expect(names).toEqual(expect.arrayContaining(['react', '@app/ui/popup', '@app/host-sdk/api-client']));
  }
});

test("the salt follows the widgets' CSS: the same CSS the same salt, other CSS another; none without widgets", async () => {
  const salt = widgetsCssSalt(INVOICE);
  expect(salt).toMatch(/^[0-9a-f]{16}$/);
  expect(widgetsCssSalt(join(ROOT, 'remotes/my'))).toBe(salt);
  expect(widgetsCssSalt(join(ROOT, 'host'))).toBeNull();

  // A remote whose widgets have one rule changed.
  app = await mkdtemp(join(tmpdir(), 'build-config-widgets-'));
  await writeFile(
    join(app, 'package.json'),
    JSON.stringify({ name: '@app/fixture', version: '1.0.0', dependencies: { '@app/widgets': 'workspace:*' } }),
  );
  const widgets = join(app, 'node_modules/@app/widgets');
  await cp(join(ROOT, 'shared/widgets/package.json'), join(widgets, 'package.json'));
  await cp(join(ROOT, 'shared/widgets/src'), join(widgets, 'src'), { recursive: true });
  expect(widgetsCssSalt(app)).toBe(salt);
  await writeFile(join(widgets, 'src/card.module.css'), '.card { margin: 0; }\n');
  expect(widgetsCssSalt(app)).not.toBe(salt);
});
