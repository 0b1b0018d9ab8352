/**
 * How an instance lets its connections go when it stops (docs/operations.md, "The fleet"), without failing a request a
 * proxy already sent it, which the proxy may not send elsewhere (a call that writes).
 *
 * 1. Leaving: it goes on serving as usual until no new connection has come for `quietMs` (a proxy that keeps its
 *    connections alive rarely opens one), at most `leaveLimitMs`. Closing the listening socket resets the connections
 *    the system accepted for it that the process has not taken yet: requests already written into them would be lost.
 * 2. Closed: it stops listening, right after the event loop has taken every waiting connection; the proxy's next
 *    connect is refused and goes to another instance, for any call, since nothing was sent. A request still arriving on
 *    an open connection is answered as usual, with `Connection: close` (see start-server.ts). An idle connection is
 *    left to its client for `idleGraceMs` (the proxy may be writing a request into it just now), then closed. Past
 *    `limitMs` every connection left is cut.
 */
import type http from 'node:http';
import net from 'node:net';

export interface DrainOptions {
  /** How long no new connection must come before the instance stops listening. */
  quietMs: number;
  /** How long it goes on listening at most. */
  leaveLimitMs: number;
  /** How long an idle connection is left to its client before it is closed. */
  idleGraceMs: number;
  /** When whatever is still open is cut. */
  limitMs: number;
}

export class ConnectionDrain {
  private state: 'serving' | 'leaving' | 'closed' = 'serving';
  private lastConnectionAt = 0;

  constructor(
    private readonly server: http.Server,
    private readonly options: DrainOptions,
  ) {
    server.on('connection', () => (this.lastConnectionAt = Date.now()));
  }

  /** Told to stop: `/readyz` says so. */
  get stopping(): boolean {
    return this.state !== 'serving';
  }

  /** No longer listening: every answer closes its connection. */
  get closed(): boolean {
    return this.state === 'closed';
  }

  /** Resolves once the last connection has ended. */
  async drain(): Promise<void> {
    this.state = 'leaving';
    const leaveBy = Date.now() + this.options.leaveLimitMs;
    for (;;) {
      // setImmediate runs right after the event loop's poll phase, which took every connection waiting then.
      await new Promise((resolve) => setImmediate(resolve));
      if (Date.now() - this.lastConnectionAt >= this.options.quietMs || Date.now() >= leaveBy) break;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    this.state = 'closed';
    await this.closeServer();
  }

  private closeServer(): Promise<void> {
    const server = this.server;
    return new Promise((resolve) => {
      let sweep: NodeJS.Timeout | undefined;
      const idle = setTimeout(() => {
        server.closeIdleConnections();
        // A connection whose request was being answered becomes idle only if its client ignored `Connection: close`.
        sweep = setInterval(() => server.closeIdleConnections(), 250);
      }, this.options.idleGraceMs);
      const limit = setTimeout(() => server.closeAllConnections(), this.options.limitMs);
      // net.Server's close, not http.Server's: that one also closes every idle keep-alive connection at once.
      net.Server.prototype.close.call(server, () => {
        clearTimeout(idle);
        clearTimeout(limit);
        clearInterval(sweep);
        resolve();
      });
    });
  }
}
