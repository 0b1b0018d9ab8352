/**
 * Before the browser tests: a fresh release store built from the current sources (so the tests never run against a
 * stale release), then the server on it, the way `npm start` starts it.
 */
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { releaseMissing } from '@app/deploy/release-missing';
import { REPO_ROOT } from '@app/deploy/workspace';
import { startServer } from './server';

export const E2E_STORE = join(REPO_ROOT, '.e2e', 'releases');

export default async function globalSetup() {
  await rm(E2E_STORE, { recursive: true, force: true });
  const started = Date.now();
  await releaseMissing({ storeDir: E2E_STORE });
  console.log(`[e2e] released every app into .e2e/releases in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  const server = await startServer({ RELEASE_DIR: E2E_STORE });
  process.env.E2E_BASE_URL = server.url;
  process.env.E2E_STORE = E2E_STORE;
  return () => server.stop();
}
