/**
 * A server of a spec's own (a new data folder: a copy of the one global setup made, see data-template.ts; the suite's
 * release store, test hooks on), for tests that change what every user sees (the service state) or need other settings
 * (provider credentials).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext } from '@playwright/test';
import { noteFaceHook } from './china-day';
import { freshDataCopy, seedsAsTemplate } from './data-template';
import { startServer } from './server';
import { demoSignIn, type DemoUser } from './sign-in';

export interface IsolatedServer {
  url: string;
  signIn(context: BrowserContext, label: DemoUser): Promise<string>;
  hook(path: string, body: unknown): Promise<void>;
  stop(): Promise<void>;
}

export async function startIsolatedServer(env: Record<string, string> = {}): Promise<IsolatedServer> {
  const dataDir = await mkdtemp(join(tmpdir(), 'e2e-isolated-'));
  // A copy of the folder a new server makes, unless these settings seed another database.
  if (seedsAsTemplate(env)) await freshDataCopy(dataDir);
  const server = await startServer({
    RELEASE_DIR: process.env.E2E_STORE ?? '',
    DATA_DIR: dataDir,
    TEST_HOOKS: '1',
    ETAX_SIM_DELAY_MS: '300',
    // The page waits for its session's answers, and a lean page for its first screen's call, however busy the
    // machine: the tests check what they carry (the server's test checks a late answer left out).
    PAGE_ANSWERS_MS: '10000',
    FIRST_SCREEN_CALL_MS: '10000',
    SIGN_IN_PER_MINUTE: '1000',
    ...env,
  });
  return {
    url: server.url,
    signIn: async (context, label) => {
      const token = await demoSignIn(server.url, label);
      await context.addInitScript((value) => localStorage.setItem('token', JSON.stringify(value)), token);
      return token;
    },
    hook: (path, body) => testHook(server.url, path, body),
    stop: async () => {
      await server.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

export async function testHook(baseUrl: string, path: string, body: unknown): Promise<void> {
  const response = await fetch(`${baseUrl}/test-hooks/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`test hook ${path}: ${response.status} ${await response.text()}`);
  if (path === 'tax-account') noteFaceHook(baseUrl, body);
}
