/**
 * A remote adds a page with no host release (README.md, "Developing one remote"). A copy of the ticket remote gets a
 * page: a folder under src/pages/, a line in its src/paths.ts and one in its src/routes.ts. That remote alone is
 * released, into a copy of the suite's release store, while a server of the test's own serves it: the new path shows
 * the page, owned by the ticket remote, and the browser still loads the same host version.
 */
import { cp, mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative, sep } from 'node:path';
import type { Page } from '@playwright/test';
import { buildApp } from '@app/deploy/build-app';
import { readRegistry } from '@app/deploy/registry';
import { release } from '@app/deploy/release';
import { REPO_ROOT } from '@app/deploy/workspace';
import { expectPage } from '../support/app';
import { startIsolatedServer, type IsolatedServer } from '../support/isolated-server';
import { expect, test } from '../support/test';
import { nextTestVersion, packageVersion } from '../support/versions';

const REMOTE = 'remotes/ticket';
const NEW_PAGE = { path: '/ticket/guide', owner: 'ticket', name: 'TicketGuide', title: '报销指南' };

let store: string;
let copy: string;
let server: IsolatedServer;

/**
 * Copies the remote's sources (not its node_modules) to a folder two levels under the repository, as the remote is, so
 * its relative paths (tsconfig.json's extends) still hold; its node_modules is a link to the remote's, so React, the
 * build tools and the workspace packages resolve as they do for the remote. `.e2e/` is ignored by git and is neither a
 * workspace package (pnpm-workspace.yaml) nor under `remotes/`, where deploy and the tests look for apps.
 */
async function copyRemote(): Promise<string> {
  const source = join(REPO_ROOT, REMOTE);
  await mkdir(join(REPO_ROOT, '.e2e'), { recursive: true });
  const dir = await mkdtemp(join(REPO_ROOT, '.e2e', 'remote-ticket-'));
  await cp(source, dir, { recursive: true, filter: (path) => !relative(source, path).split(sep).includes('node_modules') });
  await symlink(join(source, 'node_modules'), join(dir, 'node_modules'), 'dir');
  return dir;
}

/** Replaces `anchor` (which must be there) in one of the copy's files. */
async function edit(file: string, anchor: string, replacement: string): Promise<void> {
  const path = join(copy, file);
  const text = await readFile(path, 'utf8');
  if (!text.includes(anchor)) throw new Error(`${file} of ${REMOTE} has no "${anchor}": the test no longer fits it`);
  await writeFile(path, text.replace(anchor, replacement));
}

/** What a team adds for a page: its folder, its line in src/paths.ts, its line in src/routes.ts. */
async function addPage(): Promise<void> {
  await mkdir(join(copy, 'src/pages/ticket-guide'), { recursive: true });
  await writeFile(
    join(copy, 'src/pages/ticket-guide/TicketGuidePage.tsx'),
    `import { Link, useRouteMeta } from '@app/host-sdk/router';
import { Page } from '@app/ui/page';
import { href } from '../../paths';

export default function TicketGuidePage() {
  const meta = useRouteMeta();
  return (
    <Page title={meta?.title ?? '报销指南'}>
      <p>报销前请核对发票抬头与税号。</p>
      <Link to={href('ticketImport')}>去导入发票</Link>
    </Page>
  );
}
`,
  );
  await edit('src/paths.ts', '} as const);', `  ticketGuide: '${NEW_PAGE.path}',\n} as const);`);
  await edit(
    'src/routes.ts',
    '\n];',
    `\n  {\n    path: paths.ticketGuide,\n    meta: pageMeta('${NEW_PAGE.name}', '${NEW_PAGE.title}'),\n    page: () => import('./pages/ticket-guide/TicketGuidePage'),\n  },\n];`,
  );
}

/** Loads a page afresh and returns the version of each app whose files it fetched. */
async function loadedVersions(page: Page, path: string): Promise<Record<string, string>> {
  const versions: Record<string, string> = {};
  const listener = (request: { url(): string }) => {
    const match = /\/remotes\/([a-z]+)\/([^/]+)\//.exec(request.url());
    if (match) versions[match[1] as string] = match[2] as string;
  };
  page.on('request', listener);
  await page.goto(`${server.url}${path}`);
  await page.waitForLoadState('networkidle');
  page.off('request', listener);
  return versions;
}

test.beforeAll(async () => {
  // A server may take up to 90 s to start on a loaded machine (support/server.ts).
  test.setTimeout(120_000);
  // A copy of the release store, so this test's release does not reach the other tests.
  store = await mkdtemp(join(tmpdir(), 'e2e-remote-page-'));
  await cp(process.env.E2E_STORE as string, store, { recursive: true });
  copy = await copyRemote();
  server = await startIsolatedServer({ RELEASE_DIR: store });
});

test.beforeEach(async ({ context }) => {
  await server.signIn(context, '普通用户');
});

test.afterAll(async () => {
  await server?.stop();
  if (copy) await rm(copy, { recursive: true, force: true });
  if (store) await rm(store, { recursive: true, force: true });
});

test('a page added to one remote is reachable once that remote alone is released, with no host release', async ({ page }) => {
  // Building the remote takes a while on a loaded machine.
  test.setTimeout(240_000);
  const host = packageVersion('host');
  const ticket = packageVersion(REMOTE);

  const before = await loadedVersions(page, NEW_PAGE.path);
  await expect(page.getByRole('region', { name: '页面不存在' })).toBeVisible();
  expect(before).toMatchObject({ host, ticket });
  const registryBefore = await readRegistry(store);

  await addPage();
  const version = nextTestVersion(ticket);
  // Only the remote's folder differs from a normal release: deploy builds the copy in its place.
  const released = await release('ticket', {
    storeDir: store,
    version,
    build: (app, at, outDir) => buildApp({ ...app, dir: copy }, at, outDir),
  });
  expect(released).toEqual({ app: 'ticket', version, previous: ticket });

  const after = await loadedVersions(page, NEW_PAGE.path);
  await expectPage(page, NEW_PAGE);
  await expect(page.getByText('报销前请核对发票抬头与税号。')).toBeVisible();
  expect(after.ticket).toBe(version);
  expect(after.host).toBe(host);

  // The new page links with the remote's own href, to a page the remote already had.
  await page.getByRole('link', { name: '去导入发票' }).click();
  await expectPage(page, { owner: 'ticket', name: 'TicketImport', title: '导入发票' });

  // The release store changed by that one release: the same host is live, no other app moved.
  const registryAfter = await readRegistry(store);
  expect(registryAfter.apps.host).toEqual(registryBefore.apps.host);
  expect(registryAfter.history.slice(registryBefore.history.length)).toMatchObject([
    { action: 'release', app: 'ticket', version, previous: ticket },
  ]);
  for (const [name, state] of Object.entries(registryBefore.apps)) {
    if (name !== 'ticket') expect(registryAfter.apps[name]?.live, name).toBe(state.live);
  }
});
