/**
 * The server of `npm start` (docs/server.md, "Starting"). The port answers at once, before the database is open
 * (PGlite takes most of a second, a fresh one longer): the app's pages and the release files need no database and are
 * served from the start; every other request (the API, sign-in, the short links) waits until the app is ready and is
 * then handled as usual.
 */
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import Fastify from 'fastify';
import { buildServer } from './app';
import { configFromEnv } from './config';
import { ConnectionDrain } from './http/drain-connections';
import { listenForMetrics } from './http/metrics-listener';
import { serverTimeouts } from './http/server-timeouts';
import { StartupHold } from './http/startup-hold';
import { registerSecurityHeaders } from './http/security-headers';
import { CanaryCookies } from './releases/canary-cookie';
import { isReleasePath, serveReleases } from './releases/serve-releases';
import { loadSecretKey } from './security/secret-key';
import { lazySchemaCompilers } from './http/lazy-schema-compilers';

type Handler = (request: IncomingMessage, response: ServerResponse) => void;

/**
 * How a stopping instance lets its connections go (drain-connections.ts): it stops listening once no new connection
 * came for 100 ms (at most 2 s after the signal), leaves an idle keep-alive connection to the proxy as long as it would
 * while serving (KEEP_ALIVE_TIMEOUT_MS, 5 s), and cuts what is left after the time a request may take to arrive
 * (REQUEST_TIMEOUT_MS). The proxy keeps an idle connection for less (deploy/nginx: 4 s), so it closes it first: an
 * instance that closed it after 1 s now and then did so as nginx wrote a request into it (a 502 for a write nginx may
 * not send again: 1 of 1,200 in the fleet test's SIGTERM load, on two runs of 2026-11-27).
 */
const DRAIN = { quietMs: 100, leaveLimitMs: 2_000 };

export async function startServer(): Promise<void> {
  const config = configFromEnv();
  const compilers = lazySchemaCompilers();
  const releases = Fastify({
    logger: false,
    trustProxy: config.trustProxy.length > 0 ? config.trustProxy : false,
    schemaController: compilers.schemaController,
  });
  registerSecurityHeaders(releases);
  // Pages served before the database opens get each browser's canaries too (the cookie needs only the secret key).
  const cookies = new CanaryCookies(await loadSecretKey(config.secretKey, config.dataDir));
  await serveReleases(releases, config.releaseDir, { cookies });
  await releases.ready();

  let appHandler: Handler | null = null;
  const waiting = new StartupHold(config.http.startupHoldMs);
  // Made here, not by Fastify (serverFactory below), so its time-outs are set here: Fastify sets none on a server it is given.
  const server = http.createServer(serverTimeouts(config.http), (request, response) => {
    const pathname = (request.url ?? '/').split('?')[0] ?? '/';
    // Stopping (drain-connections.ts): a probe learns the instance is going; once it no longer listens, what still
    // arrives on an open connection is answered and the connection closed, so the proxy sends the next one elsewhere.
    if (drain.closed) response.setHeader('Connection', 'close');
    if (drain.stopping && pathname === '/readyz')
      return void response
        .writeHead(503, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' })
        .end(JSON.stringify({ status: 'stopping' }));
    if (appHandler) return appHandler(request, response);
    if ((request.method === 'GET' || request.method === 'HEAD') && isReleasePath(pathname)) return releases.routing(request, response);
    // Not ready while starting (the database is opening): a probe is told so at once rather than held.
    if (pathname === '/readyz')
      return void response
        .writeHead(503, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' })
        .end(JSON.stringify({ status: 'starting' }));
    waiting.hold(request, response);
  });
  server.setTimeout(config.http.connectionTimeoutMs);
  const drain = new ConnectionDrain(server, {
    ...DRAIN,
    idleGraceMs: config.http.keepAliveTimeoutMs,
    limitMs: config.http.requestTimeoutMs,
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.port, config.host, () => resolve());
  });
  console.log(`优税通已启动: http://localhost:${config.port}`);

  // The app takes over the same server: Fastify routes through the handler it gives us (and sets its time-outs on it).
  const built: { handler: Handler | null } = { handler: null };
  let app: Awaited<ReturnType<typeof buildServer>>;
  try {
    app = await buildServer(config, {
      logger: process.env.LOG_LEVEL !== 'silent',
      serverFactory: (fastifyHandler) => {
        built.handler = fastifyHandler;
        return server;
      },
    });
    await app.ready();
  } catch (error) {
    // The app could not start (its database, say): the port stops answering and the process ends with the error.
    server.close();
    server.closeAllConnections();
    throw error;
  }
  const ready = built.handler;
  if (!ready) throw new Error('the app did not take over the server');
  appHandler = ready;
  waiting.release(ready);
  await releases.close();
  const metrics = await listenForMetrics(app.metrics, config.metrics, (message) => app.log.warn(message));
  if (metrics) console.log(`指标（Prometheus）: http://${config.metrics.host}:${config.metrics.port}/metrics`);
  // SIGTERM or Ctrl-C: the connections drain (drain-connections.ts) while the task worker finishes its steps and hands
  // back its leases; then the app closes, the database last.
  const stop = async () => {
    await Promise.all([drain.drain(), app.worker?.stop()]);
    await metrics?.close();
    await app.close();
    process.exit(0);
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      if (!drain.stopping) void stop();
    });
  }
}
