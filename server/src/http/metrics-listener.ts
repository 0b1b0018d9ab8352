/**
 * `GET /metrics` on a listener of its own (docs/architecture.md, "What ops see"): METRICS_HOST (loopback by default)
 * and METRICS_PORT, never the public port, whose proxy or firewall need not know of it. With METRICS_TOKEN it also asks
 * for `Authorization: Bearer <token>`, for a Prometheus that scrapes it from another machine.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Metrics } from './metrics';

export interface MetricsListenerConfig {
  host: string;
  /** 0: no listener (no metrics). */
  port: number;
  token: string | null;
}

const digest = (text: string) => createHash('sha256').update(text).digest();

/** Whether the Authorization header carries the token (compared in constant time). */
function bearerMatches(header: string | undefined, token: string): boolean {
  const given = /^Bearer (\S+)$/.exec(header ?? '')?.[1];
  return given !== undefined && timingSafeEqual(digest(given), digest(token));
}

/** The listener's app, not yet listening (tests drive it with `inject`). */
export async function metricsApp(metrics: Metrics, token: string | null): Promise<FastifyInstance> {
  const app = Fastify({ logger: false });
  app.get('/metrics', { schema: { querystring: { type: 'object' } } }, async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    if (token !== null && !bearerMatches(request.headers.authorization, token)) {
      return reply.code(401).header('WWW-Authenticate', 'Bearer').send({ message: '需要指标令牌（METRICS_TOKEN）' });
    }
    return reply.type(metrics.contentType).send(await metrics.scrape());
  });
  app.setNotFoundHandler((_request, reply) => reply.code(404).send({ message: '不存在' }));
  await app.ready();
  return app;
}

/**
 * Starts the listener; null when it is off (port 0) or its port is taken (then the app serves on without metrics, and
 * `warn` says so: a process is not stopped for its figures).
 */
export async function listenForMetrics(
  metrics: Metrics,
  config: MetricsListenerConfig,
  warn: (message: string) => void,
): Promise<FastifyInstance | null> {
  if (config.port === 0) return null;
  const app = await metricsApp(metrics, config.token);
  try {
    await app.listen({ host: config.host, port: config.port });
    return app;
  } catch (error) {
    await app.close();
    warn(
      `指标端口 ${config.host}:${config.port} 无法监听（${(error as Error).message}）：本实例不提供 /metrics，可用 METRICS_PORT 换一个端口`,
    );
    return null;
  }
}
