/**
 * How an instance lets its connections go when it stops (README, "The fleet"). It stops accepting connections at
 * once: the proxy's next connect is refused and goes to another instance, for any call, since nothing was sent. A
 * connection already open is not cut while a request is on it: that request is answered as usual (with
 * `Connection: close`, see start-server.ts). An idle keep-alive connection is left to its client for a moment (the
 * proxy may be writing a request into it just now; it closes idle ones itself within its keep-alive time-out), then
 * closed. Past `limitMs` every connection left is cut.
 */
import type http from 'node:http';
import net from 'node:net';

export interface DrainOptions {
  /** How long an idle connection is left to its client before it is closed. */
  idleGraceMs: number;
  /** When whatever is still open is cut. */
  limitMs: number;
}

/** Resolves once the last connection has ended. */
export function drainConnections(server: http.Server, options: DrainOptions): Promise<void> {
  return new Promise((resolve) => {
    let sweep: NodeJS.Timeout | undefined;
    const idle = setTimeout(() => {
      server.closeIdleConnections();
      // A connection whose request was being answered becomes idle only if its client ignored `Connection: close`.
      sweep = setInterval(() => server.closeIdleConnections(), 250);
    }, options.idleGraceMs);
    const limit = setTimeout(() => server.closeAllConnections(), options.limitMs);
    // net.Server's close, not http.Server's: that one also closes every idle keep-alive connection at once.
    net.Server.prototype.close.call(server, () => {
      clearTimeout(idle);
      clearTimeout(limit);
      clearInterval(sweep);
      resolve();
    });
  });
}
