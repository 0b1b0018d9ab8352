/**
 * The time-outs of the server's HTTP server (REQUEST_TIMEOUT_MS and its neighbours), as Node's `http.createServer`
 * takes them. One place for both ways the server listens: Fastify's own server (tests), and the one `npm start` makes
 * itself so that its port answers before the app is built (start-server.ts), which Fastify then leaves as it is.
 */
import type { IncomingMessage, Server, ServerOptions, ServerResponse } from 'node:http';
import type { ServerConfig } from '../config';

export function serverTimeouts(
  http: ServerConfig['http'],
): Pick<ServerOptions, 'requestTimeout' | 'headersTimeout' | 'keepAliveTimeout' | 'connectionsCheckingInterval'> {
  return {
    // A client that sends a request slower than this (a body that stalls, or trickles) gets 408 and loses the connection.
    requestTimeout: http.requestTimeoutMs,
    headersTimeout: Math.min(http.requestTimeoutMs, 20_000),
    keepAliveTimeout: http.keepAliveTimeoutMs,
    // How often Node looks for requests past their time-out (its default, 30 s, would double a short one).
    connectionsCheckingInterval: Math.min(30_000, Math.max(100, Math.floor(http.requestTimeoutMs / 4))),
  };
}

/**
 * How long past the advertised keep-alive time-out an idle connection really stays open. A client reuses a connection
 * until just before the `Keep-Alive: timeout` it was told; when the event loop is held up (PDFs, a busy host), Node's
 * idle timer runs before the read of a request that already arrived, and that request is reset. Node's own margin is
 * one second; the proxy still closes first (docs/operations.md, "The fleet").
 */
export const IDLE_CONNECTION_MARGIN_MS = 15_000;

/** Keeps each idle keep-alive connection open IDLE_CONNECTION_MARGIN_MS past what its `Keep-Alive` header says. */
export function holdIdleConnections(server: Server): void {
  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    const socket = request.socket;
    // Runs after Node's own 'finish' listener, which set the idle timer (to keepAliveTimeout plus its small margin).
    response.once('finish', () => {
      const idleTimer = socket.timeout ?? 0;
      if (socket.destroyed || socket.writableEnded || idleTimer === 0) return;
      if (idleTimer <= server.keepAliveTimeout + 1_000) socket.setTimeout(server.keepAliveTimeout + IDLE_CONNECTION_MARGIN_MS);
    });
  });
}
