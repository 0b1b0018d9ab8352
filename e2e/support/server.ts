/**
 * Starts the server on a free port against a release store, as `npm start` does, for the browser tests and the
 * bundle benchmark. The one way to run a server process is the server's own test support; this adapts it.
 */
import { test } from '@playwright/test';
import { startServerProcess } from '../../server/test/support/server-process';
import { forgetServer } from './china-day';

/**
 * A hook or test that starts a server gets the start's time on top of its own budget: the start is waited for as long
 * as it makes progress (server-process.ts, startProgress), which on a loaded machine is longer than any budget of wall
 * time, so the hook's time-out is off while it runs and its full budget is left after it. Outside a test (global
 * setup, a benchmark) there is no budget to extend.
 */
async function withStartTime<T>(start: () => Promise<T>): Promise<T> {
  let info: ReturnType<typeof test.info>;
  try {
    info = test.info();
  } catch {
    return start();
  }
  const budget = info.timeout;
  const began = Date.now();
  test.setTimeout(0);
  try {
    return await start();
  } finally {
    test.setTimeout(Date.now() - began + budget);
  }
}

export interface RunningServer {
  url: string;
  stop(): Promise<void>;
}

export async function startServer(env: Record<string, string>): Promise<RunningServer> {
  const server = await withStartTime(() => startServerProcess({ env }));
  return {
    url: server.url,
    stop: async () => {
      forgetServer(server.url);
      await server.stop();
    },
  };
}
