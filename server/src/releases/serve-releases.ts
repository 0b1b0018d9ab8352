/**
 * Serves what is released: `/remotes.json` (the live remotes), `/remotes/<app>/<version>/…` (any released version,
 * precompressed, with the cache policy of deploy/), and the live host's index.html for every client route.
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import Type from 'typebox';
import { cacheControlFor, NO_CACHE } from '@app/deploy/cache-policy';
import { LiveApps } from '@app/deploy/live-apps';

const APP_NAME = /^[a-z][a-z0-9-]{0,39}$/;
const VERSION = /^\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?$/;
/** The host fetches it with a cache-busting `?t=` (WeChat's X5 engine caches hard); nothing else is read. */
const AnyQuery = Type.Object({}, { additionalProperties: true });
const ReleaseFileParams = Type.Object(
  { app: Type.String({ maxLength: 40 }), version: Type.String({ maxLength: 64 }), '*': Type.String({ maxLength: 512 }) },
  { additionalProperties: false },
);

/** Paths the client router never owns: a miss there is a plain 404, not the app shell. */
const NOT_CLIENT_ROUTES = /^\/(api|remotes|etax-sim)(\/|$)|^\/healthz$|\.[a-z0-9]{2,5}$/i;

export async function serveReleases(app: FastifyInstance, storeDir: string): Promise<void> {
  const live = new LiveApps(storeDir);
  const remoteEntries = new Map<string, string | undefined>();

  async function remoteEntryOf(appName: string, version: string): Promise<string | undefined> {
    const key = `${appName}@${version}`;
    if (!remoteEntries.has(key)) {
      try {
        const manifest = JSON.parse(await readFile(join(storeDir, appName, version, 'mf-manifest.json'), 'utf8')) as {
          metaData?: { remoteEntry?: { name?: string } };
        };
        remoteEntries.set(key, manifest.metaData?.remoteEntry?.name || undefined);
      } catch {
        remoteEntries.set(key, undefined);
      }
    }
    return remoteEntries.get(key);
  }

  await app.register(fastifyStatic, {
    root: storeDir,
    serve: false,
    preCompressed: true,
    cacheControl: false,
    etag: true,
    lastModified: true,
  });

  app.get('/remotes.json', { schema: { querystring: AnyQuery } }, async (_request, reply) => {
    reply.header('Cache-Control', NO_CACHE);
    return live.remotesDocument();
  });

  app.get<{ Params: { app: string; version: string; '*': string } }>('/remotes/:app/:version/*', { schema: { params: ReleaseFileParams, querystring: AnyQuery } }, async (request, reply) => {
    const { app: appName, version } = request.params;
    const file = request.params['*'];
    if (!APP_NAME.test(appName) || !VERSION.test(version) || !file || file.split('/').includes('..')) {
      return reply.code(404).send({ message: '文件不存在' });
    }
    const versionDir = join(storeDir, appName, version);
    if (!existsSync(join(versionDir, file))) return reply.code(404).send({ message: '文件不存在' });
    reply.header('Cache-Control', cacheControlFor(file, await remoteEntryOf(appName, version)));
    return reply.sendFile(file, versionDir);
  });

  async function sendHostIndex(reply: FastifyReply) {
    const hostVersion = await live.liveVersion('host');
    if (!hostVersion) {
      return reply.code(503).type('text/html; charset=utf-8').send('<!doctype html><meta charset="utf-8"><p>宿主尚未发布：请运行 npm start 或 npm run release -- host</p>');
    }
    reply.header('Cache-Control', NO_CACHE);
    return reply.sendFile('index.html', join(storeDir, 'host', hostVersion));
  }

  app.setNotFoundHandler(async (request, reply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return reply.code(404).send({ message: '不存在' });
    if (NOT_CLIENT_ROUTES.test(request.url.split('?')[0] ?? '')) return reply.code(404).send({ message: '不存在' });
    return sendHostIndex(reply);
  });
}
