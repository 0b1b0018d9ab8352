/**
 * Starts the server on a free port against a release store, as `npm start` does, for the browser tests and the
 * bundle benchmark. The one way to run a server process is the server's own test support; this adapts it.
 */
import { test } from '@playwright/test';
import { SERVER_START_LIMIT_MS, startServerProcess } from '../../server/test/support/server-process';

/**
 * A hook or test that starts a server gets the start's time on top of its own budget: a beforeAll hook has only the
 * test timeout, and a start that outlived it left its hook failed (the server is killed with the worker, see
 * server-process.ts). Outside a test (global setup, a benchmark) there is no budget to extend.
 */
function allowStartTime(): void {
  let info: ReturnType<typeof test.info>;
  try {
    info = test.info();
  } catch {
    return;
  }
  test.setTimeout(info.timeout + SERVER_START_LIMIT_MS);
}

export interface RunningServer {
  url: string;
  stop(): Promise<void>;
}

export async function startServer(env: Record<string, string>): Promise<RunningServer> {
  allowStartTime();
  const server = await startServerProcess({ env, startTimeoutMs: SERVER_START_LIMIT_MS });
  return { url: server.url, stop: server.stop };
}
