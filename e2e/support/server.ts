/**
 * Starts the server on a free port against a release store, as `npm start` does, for the browser tests and the
 * bundle benchmark. The one way to run a server process is the server's own test support; this adapts it.
 */
import { startServerProcess } from '../../server/test/support/server-process';

export interface RunningServer {
  url: string;
  stop(): Promise<void>;
}

export async function startServer(env: Record<string, string>): Promise<RunningServer> {
  // A loaded 2-core machine (two browsers, several servers, PGlite creating its folder) can take a while.
  const server = await startServerProcess({ env, startTimeoutMs: 90_000 });
  return { url: server.url, stop: server.stop };
}
