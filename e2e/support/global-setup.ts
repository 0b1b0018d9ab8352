/**
 * Before the browser tests: a fresh release store built from the current sources (so the tests never run against a
 * stale release), a fresh data folder, then the server on them the way `npm start` starts it (with its test-only
 * hooks switched on). Each demo user is signed in once; all but 企业员工 (kept for the agreement-gate tests) accept
 * the agreement, so other tests are not covered by the gate.
 *
 * The fresh data folder is made once, by a server that creates, migrates and seeds it and is then stopped: the suite's
 * server and each spec's own server (support/isolated-server.ts) start on a copy of it, the database a new folder
 * would have (seconds of CPU a server less, on a machine that runs three browsers).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { releaseMissing } from '@app/deploy/release-missing';
import { REPO_ROOT } from '@app/deploy/workspace';
import { freshDataCopy } from './data-template';
import { startServer } from './server';
import { acceptAgreement, DEMO_USERS, demoSignIn, saveStorageState } from './sign-in';

/** Where a run keeps its release store, storage states and results (`E2E_DIR`: runs side by side stay apart). */
export const E2E_DIR = process.env.E2E_DIR ?? join(REPO_ROOT, '.e2e');
export const E2E_STORE = join(E2E_DIR, 'releases');
export const E2E_STATES = join(E2E_DIR, 'states');
/** A data folder as a server leaves it after creating, migrating and seeding it, for copies (support/data-template.ts). */
export const E2E_DATA_TEMPLATE = join(E2E_DIR, 'data-template');
/** The user whose agreement stays unaccepted. */
export const GATE_USER = '企业员工';

export default async function globalSetup() {
  await rm(E2E_STORE, { recursive: true, force: true });
  const started = Date.now();
  await releaseMissing({ storeDir: E2E_STORE });
  console.log(`[e2e] released every app into ${E2E_STORE} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  await rm(E2E_DATA_TEMPLATE, { recursive: true, force: true });
  const creator = await startServer({ RELEASE_DIR: E2E_STORE, DATA_DIR: E2E_DATA_TEMPLATE });
  // The folder is made once the database answers (pages answer before it is open); stopped, the server lets it go.
  await waitForDatabase(creator.url);
  await creator.stop();
  process.env.E2E_DATA_TEMPLATE = E2E_DATA_TEMPLATE;
  const dataDir = await mkdtemp(join(tmpdir(), 'e2e-data-'));
  await freshDataCopy(dataDir);
  const server = await startServer({
    RELEASE_DIR: E2E_STORE,
    DATA_DIR: dataDir,
    TEST_HOOKS: '1',
    ETAX_SIM_DELAY_MS: '300',
    // The page waits for its session's answers, and a lean page for its first screen's call, however busy the
    // machine: the tests check what they carry (the server's test checks a late answer left out).
    PAGE_ANSWERS_MS: '10000',
    FIRST_SCREEN_CALL_MS: '10000',
    SIGN_IN_PER_MINUTE: '1000',
  });
  process.env.E2E_BASE_URL = server.url;
  process.env.E2E_STORE = E2E_STORE;
  process.env.E2E_STATES = E2E_STATES;
  for (const label of DEMO_USERS) {
    const token = await demoSignIn(server.url, label);
    if (label !== GATE_USER && label !== '普通用户') {
      await acceptAgreement(server.url, token);
    }
    await saveStorageState(E2E_STATES, server.url, label, token);
  }
  return async () => {
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
  };
}

/** Until an API call is answered: the database is open, migrated and seeded. */
async function waitForDatabase(url: string): Promise<void> {
  const deadline = Date.now() + 180_000;
  for (;;) {
    try {
      const response = await fetch(`${url}/api/sysConfig/get`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
        signal: AbortSignal.timeout(60_000),
      });
      if (response.ok && ((await response.json()) as { success: boolean }).success) return;
    } catch {
      // Not answering yet.
    }
    if (Date.now() > deadline) throw new Error(`the server making ${E2E_DATA_TEMPLATE} did not open its database`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
