/**
 * The figures ops read in Prometheus's text format (prom-client), for ops: the process's own figures (CPU,
 * memory, event-loop lag), every request by route and status with its latency, and, read when scraped, the task queue
 * (due tasks by type and the age of the oldest), the workers' leases (held by any instance, and this one's steps
 * running), the ledger's postings by kind, the release history's events by app, and per remote version its manifests
 * served beside the failures phones reported (`client/reportFailure`). Each app instance has its own registry. The
 * figures name no user and no company, but they are the business's: they are never answered on the public port, only
 * on a listener of their own (metrics-listener.ts: loopback by default).
 */
import { sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { LiveApps } from '@app/deploy/live-apps';
import type { Database } from '../db/database';

export interface MetricsSources {
  db: Database;
  /** The release registry (the file of the store, or the database's). */
  live: LiveApps;
  /** This instance's task worker (none when TASK_WORKER=0). */
  worker: { running: number } | null;
}

/** The rows of a read (node-postgres and PGlite answer `{ rows }`). */
async function rowsOf<T>(db: Database, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] } | T[];
  return Array.isArray(result) ? result : result.rows;
}

/** This instance's metrics: what the rest of the server counts into them, and the scrape. */
export interface Metrics {
  /** A remote's manifest was served (fetched, or carried by a host page): traffic, which anyone can make. */
  remoteLoad(app: string, version: string): void;
  /** Every figure, in Prometheus's text format (`contentType`). */
  scrape(): Promise<string>;
  contentType: string;
}

/** Every request answered, by route and status, and its latency. */
function countRequests(app: FastifyInstance, registry: Registry): void {
  const labelNames = ['method', 'route', 'status_code'] as const;
  const requests = new Counter({
    name: 'http_requests_total',
    help: 'Requests answered, by route and status',
    labelNames,
    registers: [registry],
  });
  const latency = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer a request, by route and status',
    labelNames,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  app.addHook('onResponse', async (request, reply) => {
    // The route's pattern, never the address: an unknown address would make a series of its own.
    const labels = { method: request.method, route: request.routeOptions.url ?? 'unmatched', status_code: String(reply.statusCode) };
    requests.inc(labels);
    latency.observe(labels, reply.elapsedTime / 1000);
  });
}

/** The task queue (due tasks by type, the age of the oldest) and the workers' leases and running steps, read when scraped. */
function gaugeTasks(registry: Registry, sources: MetricsSources): void {
  new Gauge({
    name: 'task_queue_depth',
    help: 'Unfinished tasks that are due, by type',
    labelNames: ['type'],
    registers: [registry],
    async collect() {
      const rows = await rowsOf<{ type: string; n: number }>(
        sources.db,
        sql`select type, count(*)::int as n from tasks where finished_at is null and next_run_at <= now() group by type`,
      );
      this.reset();
      for (const row of rows) this.set({ type: row.type }, Number(row.n));
    },
  });
  new Gauge({
    name: 'task_queue_oldest_due_seconds',
    help: 'How long the oldest due unfinished task has been due',
    registers: [registry],
    async collect() {
      const [row] = await rowsOf<{ age: number | null }>(
        sources.db,
        sql`select extract(epoch from now() - min(next_run_at))::float8 as age from tasks where finished_at is null and next_run_at <= now()`,
      );
      this.set(Number(row?.age ?? 0));
    },
  });
  new Gauge({
    name: 'task_worker_leases',
    help: 'Unfinished tasks under a live lease, held by any instance',
    registers: [registry],
    async collect() {
      const [row] = await rowsOf<{ n: number }>(
        sources.db,
        sql`select count(*)::int as n from tasks where finished_at is null and locked_until > now()`,
      );
      this.set(Number(row?.n ?? 0));
    },
  });
  new Gauge({
    name: 'task_worker_running',
    help: "Steps this instance's worker is running",
    registers: [registry],
    collect() {
      this.set(sources.worker?.running ?? 0);
    },
  });
}

/** The ledger's postings by kind and the release history's events by app, read when scraped. */
function gaugeLedgerAndReleases(registry: Registry, sources: MetricsSources): void {
  new Gauge({
    name: 'ledger_transactions_total',
    help: 'Ledger postings written, by kind (rows of the append-only ledger)',
    labelNames: ['kind'],
    registers: [registry],
    async collect() {
      const rows = await rowsOf<{ kind: string; n: number }>(
        sources.db,
        sql`select kind, count(*)::int as n from ledger_transactions group by kind`,
      );
      this.reset();
      for (const row of rows) this.set({ kind: row.kind }, Number(row.n));
    },
  });
  new Gauge({
    name: 'release_events_total',
    help: 'Releases and rollbacks in the release history, by app',
    labelNames: ['app', 'action'],
    registers: [registry],
    async collect() {
      const counts = new Map<string, { app: string; action: string; n: number }>();
      for (const event of (await sources.live.registry()).history) {
        const key = `${event.app} ${event.action}`;
        const count = counts.get(key) ?? { app: event.app, action: event.action, n: 0 };
        count.n += 1;
        counts.set(key, count);
      }
      this.reset();
      for (const count of counts.values()) this.set({ app: count.app, action: count.action }, count.n);
    },
  });
}

/** Per remote version, the failures phones reported (read when scraped) beside its manifests served (counted here). */
function countRemoteHealth(registry: Registry, sources: MetricsSources): Counter<'app' | 'version'> {
  new Gauge({
    name: 'client_failures_total',
    help: 'Failures phones reported (client/reportFailure), by remote, version and kind',
    labelNames: ['app', 'version', 'kind'],
    registers: [registry],
    async collect() {
      const rows = await rowsOf<{ app: string; version: string; kind: string; n: number }>(
        sources.db,
        sql`select app, version, kind, sum(count)::int as n from client_failures group by app, version, kind`,
      );
      this.reset();
      for (const row of rows) this.set({ app: row.app, version: row.version, kind: row.kind }, Number(row.n));
    },
  });
  return new Counter({
    name: 'remote_loads_total',
    help: 'Remote manifests served (fetched, or carried by a host page), by remote version',
    labelNames: ['app', 'version'],
    registers: [registry],
  });
}

/** Counts the app's requests into a registry of this instance's figures; `GET /metrics` of metrics-listener.ts answers them. */
export function registerMetrics(app: FastifyInstance, sources: MetricsSources): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  countRequests(app, registry);
  gaugeTasks(registry, sources);
  gaugeLedgerAndReleases(registry, sources);
  const remoteLoads = countRemoteHealth(registry, sources);
  return {
    remoteLoad: (name, version) => remoteLoads.inc({ app: name, version }),
    scrape: () => registry.metrics(),
    contentType: registry.contentType,
  };
}
