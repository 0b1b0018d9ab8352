/**
 * `/healthz` says the process is alive; `/readyz` says it can serve now: its database answers (the migrations ran
 * before the app was built, so a built app is migrated) and the release registry can be read. A proxy or an
 * orchestrator sends traffic only to a ready instance; while the database is unreachable `/readyz` answers 503 and
 * the process stays up, to be ready again once the pool reconnects.
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { LiveApps } from '@app/deploy/live-apps';
import type { Database } from '../db/database';

/** How long the database may take to answer `select 1` before the instance is not ready. */
export const READINESS_TIMEOUT_MS = 2_000;

async function within<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** What keeps the instance from serving, in Chinese; empty when it is ready. */
export async function readinessProblems(db: Database, live: LiveApps): Promise<string[]> {
  const problems: string[] = [];
  await within(db.execute(sql`select 1`), READINESS_TIMEOUT_MS).catch(() => problems.push('数据库不可用'));
  await live.registry().catch(() => problems.push('发布记录不可读'));
  return problems;
}

export function registerHealthRoutes(app: FastifyInstance, db: Database, live: LiveApps): void {
  const noQuery = { schema: { querystring: { type: 'object' } } };
  app.get('/healthz', noQuery, async () => ({ status: 'ok' }));
  app.get('/readyz', noQuery, async (_request, reply) => {
    const problems = await readinessProblems(db, live);
    reply.header('Cache-Control', 'no-store');
    return problems.length ? reply.code(503).send({ status: 'unavailable', problems }) : { status: 'ready' };
  });
}
