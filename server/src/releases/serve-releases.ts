/**
 * Serves what is released: `/remotes.json` (the live remotes), `/remotes/<app>/<version>/…` (any released version,
 * precompressed, with the cache policy of deploy/), and for every client route the live host's index.html with the
 * live registry and the route's preloads written in (first-load.ts), or the live remote's lean page where it has one
 * for that address (docs/architecture.md, "Pages a phone opens cold"). "Live" is per request: a running canary's
 * version for its audience, read from the canary cookie (canary-cookie.ts), so these answers vary by cookie.
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import Type from 'typebox';
import { cacheControlFor, NO_CACHE } from '@app/deploy/cache-policy';
import { versionFor, type Viewer } from '@app/deploy/canary-audience';
import { LiveApps } from '@app/deploy/live-apps';
import { deviceViewer, type CanaryCookies } from './canary-cookie';
import type { PageAnswer } from '@app/contract/first-calls';
import { FirstCallsReader } from './first-calls';
import { ownerRemote, writeFirstLoad, type OwnerFirstFiles } from './first-load';
import { inlineScriptHashes, policyWithScripts } from './inline-scripts';
import { compressedPage } from './compressed-page';
import { RemoteManifests } from './remote-manifests';
import { matchesRoute, withoutTrailingSlash } from '@app/deploy/route-pattern';

const APP_NAME = /^[a-z][a-z0-9-]{0,39}$/;
const VERSION = /^\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?$/;
/** The public calls every start-up makes first whose answers are the same for everyone: the page carries them. */
const PAGE_ANSWERED_CALLS = ['sysConfig/get'] as const;
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

/**
 * A remote release's list of its lean pages (written by its build: `leanPages` of `defineRemoteConfig` in
 * shared/build-config, file `lean-pages.json` at the release's root): each page's route pattern, the addresses it
 * leaves to others, and its HTML in the release folder.
 */
const LEAN_PAGES_FILE = 'lean-pages.json';

interface LeanPage {
  path: string;
  except: string[];
  html: string;
}

function readLeanPages(text: string): LeanPage[] {
  const document = JSON.parse(text) as { pages?: unknown };
  if (!Array.isArray(document.pages)) return [];
  return document.pages.flatMap((page: Partial<LeanPage>) =>
    typeof page?.path === 'string' && typeof page.html === 'string' && !page.html.split('/').includes('..')
      ? [
          {
            path: page.path,
            html: page.html,
            except: Array.isArray(page.except) ? page.except.filter((item) => typeof item === 'string') : [],
          },
        ]
      : [],
  );
}

export interface ServeOptions {
  /** The registry to serve from (default: the store's, or DATABASE_URL's). */
  live?: LiveApps;
  /** A remote's manifest is being served, fetched or carried by a host page (traffic for metrics; anyone can ask). */
  onRemoteLoad?: (app: string, version: string) => void;
  /** Reads and sets the canary cookie; without it everyone gets the live versions (no canary is served). */
  cookies?: CanaryCookies;
}

export async function serveReleases(app: FastifyInstance, storeDir: string, options: ServeOptions = {}): Promise<void> {
  const live = options.live ?? new LiveApps(storeDir);
  if (!options.live) app.addHook('onClose', async () => live.close());
  const cookies = options.cookies;

  /**
   * Who asks (the canary cookie's bucket and test flag). A request without a valid one gets a random bucket, and the
   * cookie that keeps it. The answer then depends on the cookie: caches must not share it.
   */
  function viewerOf(request: FastifyRequest, reply: FastifyReply): Viewer | null {
    if (!cookies) return null;
    reply.header('Vary', 'Cookie');
    const known = cookies.read(request.headers.cookie);
    if (known) return known;
    const device = deviceViewer();
    reply.header('Set-Cookie', cookies.setHeader(device, request.protocol === 'https'));
    return device;
  }
  const manifests = new RemoteManifests(storeDir);

  const leanPagesOf = new Map<string, LeanPage[]>();

  /** The lean pages of a released version of a remote (none when its build made none: an older release). */
  async function leanPagesIn(appName: string, version: string): Promise<LeanPage[]> {
    const key = `${appName}@${version}`;
    let pages = leanPagesOf.get(key);
    if (!pages) {
      try {
        pages = readLeanPages(await readFile(join(storeDir, appName, version, LEAN_PAGES_FILE), 'utf8'));
      } catch {
        pages = [];
      }
      leanPagesOf.set(key, pages);
    }
    return pages;
  }

  /**
   * The live lean page for a client address: a live remote's, for an address under a prefix it owns, matching the
   * page's pattern and not one it leaves to others; its HTML must be there. Rolled back to a release without one,
   * the address gets the host again.
   */
  async function leanPageFor(pathname: string, viewer: Viewer | null): Promise<{ dir: string; html: string } | null> {
    const registry = await live.registry();
    for (const [name, state] of Object.entries(registry.apps)) {
      const version = versionFor(state, viewer);
      if (name === 'host' || !version) continue;
      const prefixes = state.versions[version]?.prefixes ?? [];
      if (!prefixes.some((prefix) => pathname.startsWith(prefix))) continue;
      for (const page of await leanPagesIn(name, version)) {
        if (!matchesRoute(page.path, pathname) || page.except.includes(withoutTrailingSlash(pathname))) continue;
        const dir = join(storeDir, name, version);
        if (existsSync(join(dir, page.html))) return { dir, html: page.html };
      }
    }
    return null;
  }

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
    return live.remotesDocument(viewerOf(request, reply));
  });

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
      if (file === 'mf-manifest.json' && appName !== 'host') options.onRemoteLoad?.(appName, version);
      return reply.sendFile(file, versionDir);
    },
  );

  const hostPages = new Map<string, { html: string; policy: string }>();
  const firstCallsReader = new FirstCallsReader(storeDir, (message) => app.log.warn(message));

  /** The live host's index.html and its page policy (read once per version: a release's files never change). */
  async function hostPage(version: string): Promise<{ html: string; policy: string }> {
    let page = hostPages.get(version);
    if (page === undefined) {
      const html = await readFile(join(storeDir, 'host', version, 'index.html'), 'utf8');
      page = { html, policy: policyWithScripts(inlineScriptHashes(html)) };
      hostPages.set(version, page);
    }
    return page;
  }

  /**
   * The answers of the start-up's public calls, asked of the API itself as the page is written (the same handler,
   * access rules and test hooks as a phone's call): one call fewer for a phone before its first screen. A call that
   * fails is left out, and the page asks it as ever.
   */
  async function pageAnswers(): Promise<PageAnswer[]> {
    const answers = await Promise.all(
      PAGE_ANSWERED_CALLS.map(async (path): Promise<PageAnswer | null> => {
        const response = await app.inject({ method: 'POST', url: `/api/${path}`, payload: {} }).catch(() => null);
        return response?.statusCode === 200 ? { path, body: {}, answer: response.json() } : null;
      }),
    );
    return answers.filter((answer): answer is PageAnswer => answer !== null);
  }

  /** What the owner of the address runs first: its manifest, and its entry and `./routes` as paths of this origin. */
  async function ownerFirstFiles(app: string, version: string): Promise<OwnerFirstFiles> {
    const manifest = await manifests.of(app, version);
    const startFiles = [manifest.entry, ...manifest.routesFiles]
      .filter((file): file is string => !!file)
      .map((file) => `/remotes/${app}/${version}/${file}`);
    return { startFiles, manifest: manifest.document };
  }

  /** The live host's page for `pathname`, with the live registry and what the remote that owns the path runs first. */
  async function sendHostIndex(pathname: string, request: FastifyRequest, reply: FastifyReply, viewer: Viewer | null) {
    const hostVersion = await live.liveVersion('host');
    if (!hostVersion) {
      return reply
        .code(503)
        .type('text/html; charset=utf-8')
        .send('<!doctype html><meta charset="utf-8"><p>宿主尚未发布：请运行 npm start 或 npm run release -- host</p>');
    }
    const { html, policy } = await hostPage(hostVersion);
    const remotes = await live.remotesDocument(viewer);
    const owner = ownerRemote(pathname, remotes);
    const ownerVersion = owner ? remotes[owner]?.version : undefined;
    const firstCalls = owner && ownerVersion ? await firstCallsReader.forAddress(owner, ownerVersion, pathname) : [];
    const first = owner && ownerVersion ? await ownerFirstFiles(owner, ownerVersion) : { startFiles: [] };
    const answers = await pageAnswers();
    // The page carries the owner's manifest: served, as a fetch of it is.
    if (owner && ownerVersion && first.manifest !== undefined) options.onRemoteLoad?.(owner, ownerVersion);
    reply.header('Cache-Control', NO_CACHE);
    reply.header('Content-Security-Policy', policy);
    const page = compressedPage(
      writeFirstLoad(html, pathname, remotes, { firstCalls, answers }, first),
      request.headers['accept-encoding'],
    );
    const vary = reply.getHeader('Vary');
    reply.header('Vary', vary ? `${String(vary)}, Accept-Encoding` : 'Accept-Encoding');
    if (page.encoding) reply.header('Content-Encoding', page.encoding);
    return reply.type('text/html; charset=utf-8').send(page.body);
  }

  app.setNotFoundHandler(async (request, reply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return reply.code(404).send({ message: '不存在' });
    const pathname = request.url.split('?')[0] ?? '';
    if (NOT_CLIENT_ROUTES.test(pathname)) return reply.code(404).send({ message: '不存在' });
    const viewer = viewerOf(request, reply);
    const lean = await leanPageFor(pathname, viewer);
    if (lean) {
      reply.header('Cache-Control', NO_CACHE);
      return reply.sendFile(lean.html, lean.dir);
    }
    return sendHostIndex(pathname, request, reply, viewer);
  });
}
