/**
 * The time-outs of the server's HTTP server (REQUEST_TIMEOUT_MS and its neighbours), as Node's `http.createServer`
 * takes them. One place for both ways the server listens: Fastify's own server (tests), and the one `npm start` makes
 * itself so that its port answers before the app is built (start-server.ts), which Fastify then leaves as it is.
 */
import type { ServerOptions } from 'node:http';
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
