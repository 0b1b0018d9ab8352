/** Builds the server (without listening), so tests drive it with `inject`. */
import Fastify, { type FastifyInstance } from 'fastify';
import type { ServerConfig } from './config';
import { serveReleases } from './releases/serve-releases';

export async function buildServer(config: Pick<ServerConfig, 'releaseDir'>, options: { logger?: boolean } = {}): Promise<FastifyInstance> {
  const app = Fastify({ logger: options.logger ?? false, trustProxy: true });
  app.get('/healthz', async () => ({ status: 'ok' }));
  await serveReleases(app, config.releaseDir);
  return app;
}
