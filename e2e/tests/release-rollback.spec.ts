/**
 * Ops releases a new version of one remote and rolls it back, with the ops commands, while the server runs: the next
 * page load fetches the live version each time, and every other app stays as it was. A canary for test users reaches
 * a test user's browser (signed in on the demo page) and not another user's, until ops end it.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '../support/test';
import type { Browser, Page } from '@playwright/test';
import { registryFile } from '@app/deploy/registry';
import { release } from '@app/deploy/release';
import { REPO_ROOT } from '@app/deploy/workspace';
import { expectPage } from '../support/app';
import { wechatPhone } from '../support/browser';
import { freshDataCopy } from '../support/data-template';
import { startServer, type RunningServer } from '../support/server';
import { testHook } from '../support/isolated-server';
import { demoSignIn, type DemoUser } from '../support/sign-in';
import { nextTestVersion, packageVersion } from '../support/versions';

// Every test here releases, and a release builds the remote: about 30 s quiet, minutes on a loaded machine.
test.describe.configure({ timeout: 180_000 });

let store: string;
let dataDir: string;
let server: RunningServer;
let token: string;

test.beforeAll(async () => {
  // A copy of the release store, so this test's releases do not reach the other tests.
  store = await mkdtemp(join(tmpdir(), 'e2e-release-'));
  dataDir = await mkdtemp(join(tmpdir(), 'e2e-release-data-'));
  await freshDataCopy(dataDir);
  await cp(process.env.E2E_STORE as string, store, { recursive: true });
  server = await startServer({ RELEASE_DIR: store, DATA_DIR: dataDir, TEST_HOOKS: '1', SIGN_IN_PER_MINUTE: '1000' });
  token = await demoSignIn(server.url, '出租车管理员');
});

test.beforeEach(async ({ context }) => {
  await context.addInitScript((value) => localStorage.setItem('token', JSON.stringify(value)), token);
});

test.afterAll(async () => {
  await server.stop();
  await rm(store, { recursive: true, force: true });
  await rm(dataDir, { recursive: true, force: true });
});

function ops(command: 'release' | 'rollback' | 'releases' | 'promote', args: string[]) {
  const result = spawnSync('npm', ['run', '--silent', command, '--', ...args], {
    cwd: REPO_ROOT,
    env: { ...process.env, RELEASE_DIR: store },
    encoding: 'utf8',
  });
  expect(result.status, result.stderr).toBe(0);
  return result.stdout;
}

/**
 * Loads a page afresh and returns the version of each app whose files it fetched, or the versions joined by commas
 * when it fetched files of several (the page's preloads naming a stale one, say). The preloads the server wrote into
 * the page count as fetched. It waits for a file of `owner`, the remote that owns the address: a page the server
 * painted asks for the app's files only after its first paint, which on a busy machine can come after the page's
 * load and a moment of a quiet network.
 */
async function loadedVersions(page: Page, path: string, owner: string): Promise<Record<string, string>> {
  const seen: Record<string, Set<string>> = {};
  const versions: Record<string, string> = {};
  const listener = (request: { url(): string }) => {
    const match = /\/remotes\/([a-z]+)\/([^/]+)\//.exec(request.url());
    if (!match) return;
    const app = match[1] as string;
    const appVersions = seen[app] ?? new Set<string>();
    seen[app] = appVersions;
    appVersions.add(match[2] as string);
    versions[app] = [...appVersions].sort().join(',');
  };
  page.on('request', listener);
  await page.goto(`${server.url}${path}`);
  await expect.poll(() => versions[owner]).toBeDefined();
  await page.waitForLoadState('networkidle');
  page.off('request', listener);
  return versions;
}

/** The manifest the server wrote into the host's page for `path`: its address and where its files are. */
async function manifestInPage(path: string): Promise<{ url: string; publicPath: string } | null> {
  const html = await (await fetch(`${server.url}${path}`)).text();
  const block = /<script type="application\/json" id="page-remote-manifest" data-url="([^"]+)">(.*?)<\/script>/.exec(html);
  if (!block) return null;
  const manifest = JSON.parse(block[2] as string) as { metaData: { publicPath: string } };
  return { url: block[1] as string, publicPath: manifest.metaData.publicPath };
}

test('release then rollback of the ticket remote changes what the browser loads, with no server restart', async ({ page }) => {
  const live = packageVersion('remotes/ticket');
  const before = await loadedVersions(page, '/ticket/index', 'ticket');
  await expectPage(page, { owner: 'ticket', title: '票夹' });
  expect(before.ticket).toBe(live);
  expect(before.host).toBe(packageVersion('host'));

  const version = nextTestVersion(live);
  expect(ops('release', ['ticket', '--version', version])).toContain(`ticket@${version} 已上线`);
  const released = await loadedVersions(page, '/ticket/index', 'ticket');
  await expectPage(page, { owner: 'ticket', title: '票夹' });
  expect(released.ticket).toBe(version);
  expect(await manifestInPage('/ticket/index')).toEqual({
    url: `/remotes/ticket/${version}/mf-manifest.json`,
    publicPath: `/remotes/ticket/${version}/`,
  });
  expect(released.host).toBe(before.host);
  const other = await loadedVersions(page, '/my', 'my');
  expect(other.my).toBe(packageVersion('remotes/my'));

  expect(ops('rollback', ['ticket'])).toContain(`${version} → ${live}`);
  const rolledBack = await loadedVersions(page, '/ticket/index', 'ticket');
  await expectPage(page, { owner: 'ticket', title: '票夹' });
  expect(rolledBack.ticket).toBe(live);
  expect(await manifestInPage('/ticket/index')).toEqual({
    url: `/remotes/ticket/${live}/mf-manifest.json`,
    publicPath: `/remotes/ticket/${live}/`,
  });
  expect(rolledBack.host).toBe(before.host);

  const listing = ops('releases', ['ticket']);
  expect(listing).toContain(`● 线上 ${live}`);
  expect(listing).toContain(version);
});

test('a released version is never overwritten: the same build again changes nothing, another build is refused', async () => {
  const live = packageVersion('remotes/ticket');
  const registryBefore = await readFile(registryFile(store), 'utf8');
  // The sources of the live version build the same files: the command says so and succeeds, and nothing changes.
  expect(ops('release', ['ticket', '--version', live])).toContain(`ticket@${live} 已发布，这次构建的内容与之相同：未做任何改动。`);
  expect(await readFile(registryFile(store), 'utf8')).toBe(registryBefore);

  // A store whose ticket@<live> holds other files (another build of that version): the build of the sources is refused.
  const other = await mkdtemp(join(tmpdir(), 'e2e-release-other-'));
  try {
    await release('ticket', {
      storeDir: other,
      version: live,
      build: async (_app, _version, outDir) => {
        await cp(join(store, 'ticket', live), outDir, { recursive: true });
        await writeFile(join(outDir, 'another-build.txt'), 'another build of this version');
      },
    });
    const result = spawnSync('npm', ['run', '--silent', 'release', '--', 'ticket', '--version', live], {
      cwd: REPO_ROOT,
      env: { ...process.env, RELEASE_DIR: other },
      encoding: 'utf8',
    });
    expect(result.status).not.toBe(0);
    expect(result.stderr).toContain(`ticket@${live} 已发布，已发布的版本不会被覆盖。`);
    expect(existsSync(join(other, 'ticket', live, 'another-build.txt'))).toBe(true);
  } finally {
    await rm(other, { recursive: true, force: true });
  }
});

/** A browser of its own, signed in as `label` on the demo page as a person would (the exchange sets its cookies). */
async function signedInBrowser(browser: Browser, label: DemoUser): Promise<Page> {
  const context = await browser.newContext({ ...wechatPhone, baseURL: server.url });
  const page = await context.newPage();
  await page.goto(`${server.url}/ticket/index`);
  await expect(page).toHaveURL(/\/api\/auth\/authorize/);
  await page.getByRole('button', { name: `以${label}身份登录` }).click();
  // The page the sign-in returned to made the exchange (the verifier came in its cookie); the app stored the session.
  await expect.poll(() => page.evaluate(() => localStorage.getItem('token'))).toMatch(/^"[A-Za-z0-9_-]{43}"$/);
  const cookies = await context.cookies();
  expect(cookies.find((cookie) => cookie.name === 'yst_canary')).toMatchObject({ httpOnly: true, sameSite: 'Lax' });
  return page;
}

test('a canary for test users: a test user loads the canary version, another user the live one, until the canary ends', async ({
  browser,
}) => {
  const live = packageVersion('remotes/ticket');
  const version = nextTestVersion(live);
  await testHook(server.url, 'tester', { label: '出租车管理员', tester: true });
  expect(ops('release', ['ticket', '--version', version, '--canary', 'test-users'])).toContain(
    `ticket@${version} 已灰度上线: 仅测试用户；其余用户仍是 ${live}`,
  );

  const tester = await signedInBrowser(browser, '出租车管理员');
  const other = await signedInBrowser(browser, '企业管理员');
  expect((await loadedVersions(tester, '/ticket/index', 'ticket')).ticket).toBe(version);
  expect((await loadedVersions(other, '/ticket/index', 'ticket')).ticket).toBe(live);
  // Sticky: the next load is the same.
  expect((await loadedVersions(tester, '/ticket/index', 'ticket')).ticket).toBe(version);
  expect(ops('releases', ['ticket'])).toContain(`灰度中: ${version} 给 仅测试用户`);

  expect(ops('rollback', ['ticket'])).toContain(`ticket 灰度已结束: ${version} 已回滚，所有用户回到线上版本 ${live}`);
  expect((await loadedVersions(tester, '/ticket/index', 'ticket')).ticket).toBe(live);
  expect((await loadedVersions(other, '/ticket/index', 'ticket')).ticket).toBe(live);
  await testHook(server.url, 'tester', { label: '出租车管理员', tester: false });
  await tester.context().close();
  await other.context().close();
});
