/**
 * Serves what is released: `/remotes.json` (the live remotes), `/remotes/<app>/<version>/…` (any released version,
 * precompressed, with the cache policy of deploy/), and for every client route the live host's index.html with the
 * live registry and the route's preloads written in (first-load.ts), or the live remote's lean page where it has one
 * for that address (docs/architecture.md, "Pages a phone opens cold"). "Live" is per request: a running canary's
 * version for its audience, read from the canary cookie (canary-cookie.ts), so these answers vary by cookie.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import Type from 'typebox';
import { cacheControlFor, NO_CACHE } from '@app/deploy/cache-policy';
import type { Viewer } from '@app/deploy/canary-audience';
import { LiveApps } from '@app/deploy/live-apps';
import { deviceViewer, type CanaryCookies } from './canary-cookie';
import { holdBackUntilPainted } from './after-paint';
import { HostIndex } from './host-index';
import { inlineScriptHashes, leanPagePolicy } from './inline-scripts';
import { sendCompressedPage } from './compressed-page';
import { LeanFirstScreens } from './lean-first-screen';
import { LeanPages } from './lean-pages';
import { ReleaseBuildWorker } from './release-build-worker';

const APP_NAME = /^[a-z][a-z0-9-]{0,39}$/;
const VERSION = /^\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?$/;
/** The host fetches it with a cache-busting `?t=` (WeChat's X5 engine caches hard); nothing else is read. */
const AnyQuery = Type.Object({}, { additionalProperties: true });
const ReleaseFileParams = Type.Object(
  { app: Type.String({ maxLength: 40 }), version: Type.String({ maxLength: 64 }), '*': Type.String({ maxLength: 512 }) },
  { additionalProperties: false },
);

/** Paths the client router never owns: a miss there is a plain 404, not the app shell. */
const NOT_CLIENT_ROUTES = /^\/(api|remotes|etax-sim)(\/|$)|^\/(healthz|readyz|metrics)$|\.[a-z0-9]{2,5}$/i;
/** Addresses the server answers itself, outside the API: the short links and the test hooks. */
const SERVER_PAGES = /^\/(t|test-hooks)(\/|$)/;

/**
 * Whether a GET of `pathname` is answered from the release store alone, with no database: `/remotes.json`, a release's
 * files, or a page of the app (`npm start` serves these while the database opens: start-server.ts).
 */
export function isReleasePath(pathname: string): boolean {
  if (pathname === '/remotes.json' || pathname.startsWith('/remotes/')) return true;
  return !NOT_CLIENT_ROUTES.test(pathname) && !SERVER_PAGES.test(pathname);
}

export interface ServeOptions {
  /** The registry to serve from (default: the store's, or DATABASE_URL's). */
  live?: LiveApps;
  /** A remote's manifest is being served, fetched or carried by a host page (traffic for metrics; anyone can ask). */
  onRemoteLoad?: (app: string, version: string) => void;
  /** Reads and sets the canary cookie; without it everyone gets the live versions (no canary is served). */
  cookies?: CanaryCookies;
  /** How long the host's page waits for its cookie's session's start-up answers (session-answers.ts). */
  sessionAnswersMs?: number;
  /** How long a lean page waits for the call its first screen shows (lean-first-screen.ts). */
  firstScreenCallMs?: number;
}

/**
 * Who asks (the canary cookie's bucket and test flag). A request without a valid one gets a random bucket, and the
 * cookie that keeps it. The answer then depends on the cookie: caches must not share it.
 */
function viewerOf(cookies: CanaryCookies | undefined, request: FastifyRequest, reply: FastifyReply): Viewer | null {
  if (!cookies) return null;
  reply.header('Vary', 'Cookie');
  const known = cookies.read(request.headers.cookie);
  if (known) return known;
  const device = deviceViewer();
  reply.header('Set-Cookie', cookies.setHeader(device, request.protocol === 'https'));
  return device;
}

/** `/remotes/<app>/<version>/…`: a released version's files, with the cache policy of deploy/. */
function serveReleaseFiles(app: FastifyInstance, storeDir: string, onRemoteLoad: ServeOptions['onRemoteLoad']): void {
  app.get<{ Params: { app: string; version: string; '*': string } }>(
    '/remotes/:app/:version/*',
    { schema: { params: ReleaseFileParams, querystring: AnyQuery } },
    async (request, reply) => {
      const { app: appName, version } = request.params;
      const file = request.params['*'];
      if (!APP_NAME.test(appName) || !VERSION.test(version) || !file || file.split('/').includes('..')) {
        return reply.code(404).send({ message: '文件不存在' });
      }
      const versionDir = join(storeDir, appName, version);
      if (!existsSync(join(versionDir, file))) return reply.code(404).send({ message: '文件不存在' });
      reply.header('Cache-Control', cacheControlFor(file));
      if (file === 'mf-manifest.json' && appName !== 'host') onRemoteLoad?.(appName, version);
      return reply.sendFile(file, versionDir);
    },
  );
}

export async function serveReleases(app: FastifyInstance, storeDir: string, options: ServeOptions = {}): Promise<void> {
  const live = options.live ?? new LiveApps(storeDir);
  if (!options.live) app.addHook('onClose', async () => live.close());
  const leanPages = new LeanPages(storeDir, live);
  const builds = new ReleaseBuildWorker();
  app.addHook('onClose', async () => builds.close());
  const firstScreens = new LeanFirstScreens(app, builds, options.firstScreenCallMs);
  const hostIndex = new HostIndex(app, storeDir, live, builds, options);

  await app.register(fastifyStatic, {
    root: storeDir,
    serve: false,
    preCompressed: true,
    cacheControl: false,
    etag: true,
    lastModified: true,
  });

  app.get('/remotes.json', { schema: { querystring: AnyQuery } }, async (request, reply) => {
    reply.header('Cache-Control', NO_CACHE);
    return live.remotesDocument(viewerOf(options.cookies, request, reply));
  });

  serveReleaseFiles(app, storeDir, options.onRemoteLoad);

  // Every client route: the live remote's lean page for the address where it has one, else the live host's page.
  app.setNotFoundHandler(async (request, reply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return reply.code(404).send({ message: '不存在' });
    const pathname = request.url.split('?')[0] ?? '';
    if (NOT_CLIENT_ROUTES.test(pathname)) return reply.code(404).send({ message: '不存在' });
    const viewer = viewerOf(options.cookies, request, reply);
    const lean = await leanPages.for(pathname, viewer);
    if (lean) {
      reply.header('Cache-Control', NO_CACHE);
      const written = lean.server
        ? await firstScreens.write({
            releaseDir: lean.dir,
            htmlFile: join(lean.dir, lean.html),
            serverFile: lean.server,
            pathname,
            request,
            reply,
          })
        : null;
      // Its inline start may run: the policy names it by its hash, taken from the release's file, never the render.
      const built = await firstScreens.page(join(lean.dir, lean.html)).catch(() => '');
      reply.header('Content-Security-Policy', leanPagePolicy(inlineScriptHashes(built)));
      if (!written) return reply.sendFile(lean.html, lean.dir);
      // The pay button the page paints depends on the browser, a passenger's trip on the session; its scripts start
      // once it is drawn (after-paint.ts).
      const html = written.painted ? holdBackUntilPainted(written.html) : written.html;
      return sendCompressedPage(request, reply, html, ['User-Agent', 'Cookie']);
    }
    return hostIndex.send(pathname, request, reply, viewer);
  });
}
