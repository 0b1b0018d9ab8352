/**
 * `npm run bench:scale`: the cost of every list, filter, search, summary and statistics call as a company's data grows
 * (docs/architecture.md, "Lists that stay flat").
 *
 * For PGlite and, when one answers at 127.0.0.1:5432, PostgreSQL: a fresh database, the demo company (企业管理员's)
 * given a small history (see SMALL: invoices, tasks, paid orders, a few applications and withdrawals), each call
 * measured; then the same database seeded to scale — COMPANIES companies, INVOICES invoices with a line each (half of
 * them the demo company's, over 25 months), as many tasks, applications, and for the demo company PAYMENTS paid orders
 * with their ledger postings and WITHDRAWALS withdrawals over 25 months — in SQL that writes what the server's insert
 * paths write, maintained totals included (server/test/support/scale-seed.ts), `VACUUM ANALYZE`, and each call
 * measured again. A measurement is autocannon against the server process: SECONDS at 1 connection (p50, p99) and at
 * 50 (requests per second). Prints each call small → large and checks the targets: at scale p50 ≤ 20 ms and
 * p99 ≤ 60 ms at 1 connection, and at 50 connections at least half the small database's throughput.
 *
 * Environment: BENCH_DATABASES (pglite,postgres), BENCH_INVOICES (1000000), BENCH_TICKETS (1000000, the demo company's
 * ticket folder), BENCH_TRIPS (1000000, the demo taxi company's trips, a third of them received by 普通用户: the
 * manager's queryTrips and the passenger's getMyTrips), BENCH_AUDIT (1000000, the demo company's audit trail),
 * BENCH_ONLY (the calls whose names start with one of these, comma-separated: `audit/`), BENCH_COMPANIES (10000),
 * BENCH_PAYMENTS (INVOICES / 5), BENCH_WITHDRAWALS (PAYMENTS / 40), BENCH_SECONDS (1), BENCH_STRICT=1 (exit 1 when a
 * target is missed). `--markdown[=<section>]` writes the table into docs/benchmarks.md (scale/report.ts).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DatabaseTarget } from '../src/db/database';
import { startServerProcess } from '../test/support/server-process';
import { createPostgresDatabase, postgresAvailable } from '../test/support/test-server';
import { benchStarted, markdownSection } from '../../scripts/bench-table';
import { type Measured, measureAll } from './scale/measure';
import { seedLarge, seedSmall } from './scale/seeding';
import { printScaleReport, type Run, writeScaleSection } from './scale/report';
import { AUDIT_ENTRIES, COMPANIES, INVOICES, PAYMENTS, SECONDS, SMALL, SMALL_PAYMENTS, TICKETS, TRIPS } from './scale/settings';

/** One database: measured with the small history, then seeded to scale and measured again. */
async function benchDatabase(database: string, env: Record<string, string | undefined>, target: DatabaseTarget): Promise<Run> {
  const start = () => startServerProcess({ env, startTimeoutMs: 300_000 });
  console.log(`\n[${database}] 小数据库 (the demo company with ${SMALL} invoices and ${SMALL_PAYMENTS} paid orders)…`);
  // The first start creates, migrates and seeds the database; then the demo company gets a small history.
  let server = await start();
  await server.stop();
  await seedSmall(target);
  let small: Measured[];
  server = await start();
  try {
    small = await measureAll(server, `${database} small`);
  } finally {
    await server.stop();
  }
  console.log(`[${database}] 播种到规模 (seeding to scale)…`);
  const seedMs = await seedLarge(target);
  server = await start();
  try {
    const large = await measureAll(server, `${database} large`);
    return { database, seedMs, small, large };
  } finally {
    await server.stop();
  }
}

const bench = benchStarted();
const section = markdownSection('scale');
const SIZES = {
  invoices: INVOICES,
  companies: COMPANIES,
  payments: PAYMENTS,
  tickets: TICKETS,
  trips: TRIPS,
  audit: AUDIT_ENTRIES,
  seconds: SECONDS,
};
const started = Date.now();
const runs: Run[] = [];
const wanted = (process.env.BENCH_DATABASES ?? 'pglite,postgres').split(',');
const workDir = await mkdtemp(join(tmpdir(), 'bench-scale-'));
try {
  if (wanted.includes('pglite')) {
    const dataDir = join(workDir, 'data');
    runs.push(
      await benchDatabase('pglite', { DATA_DIR: dataDir, DATABASE_URL: undefined }, { kind: 'pglite', dataDir: join(dataDir, 'pglite') }),
    );
  }
  if (wanted.includes('postgres')) {
    if (await postgresAvailable()) {
      const postgres = await createPostgresDatabase();
      try {
        runs.push(
          await benchDatabase(
            'postgres',
            { DATA_DIR: join(workDir, 'data-pg'), DATABASE_URL: postgres.url },
            { kind: 'postgres', url: postgres.url },
          ),
        );
      } finally {
        await postgres.drop();
      }
    } else {
      console.log('\nPostgreSQL 未在 127.0.0.1:5432 应答，跳过 (no PostgreSQL at 127.0.0.1:5432, skipped)');
    }
  }
} finally {
  await rm(workDir, { recursive: true, force: true });
}

const missed = printScaleReport(runs, SIZES, started);
if (section) writeScaleSection(section, bench, runs, SIZES, missed);
if (process.env.BENCH_STRICT === '1' && missed) process.exit(1);
