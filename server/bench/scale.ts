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
 * manager's queryTrips and the passenger's getMyTrips), BENCH_COMPANIES (10000),
 * BENCH_PAYMENTS (INVOICES / 5), BENCH_WITHDRAWALS (PAYMENTS / 40), BENCH_SECONDS (1), BENCH_STRICT=1 (exit 1 when a
 * target is missed).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DatabaseTarget } from '../src/db/database';
import { startServerProcess } from '../test/support/server-process';
import { createPostgresDatabase, postgresAvailable } from '../test/support/test-server';
import { CALLS } from './scale/calls';
import { type Measured, measureAll } from './scale/measure';
import { seedLarge, seedSmall } from './scale/seeding';
import { COMPANIES, INVOICES, PAYMENTS, SECONDS, SMALL, SMALL_PAYMENTS, TARGET } from './scale/settings';

interface Run {
  database: string;
  seedMs: number;
  small: Measured[];
  large: Measured[];
}

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

/** Prints each call small → large against the targets; how many missed them. */
function report(runs: Run[], started: number): number {
  let missed = 0;
  console.log(
    `\n== 规模基准 (${INVOICES} 张发票, ${COMPANIES} 家企业, ${PAYMENTS} 笔收款; 1 连接与 50 连接, 各 ${SECONDS} s; ${cpus().length} 核, load ${(loadavg()[0] as number).toFixed(1)}) ==`,
  );
  for (const run of runs) {
    console.log(`\n${run.database} (播种 ${(run.seedMs / 1000).toFixed(0)} s)`);
    console.log(
      `  ${'call'.padEnd(40)} ${'p50 small → large'.padStart(20)} ${'p99 small → large'.padStart(20)} ${'req/s at 50 small → large'.padStart(28)}`,
    );
    CALLS.forEach((call, i) => {
      const small = run.small[i] as Measured;
      const large = run.large[i] as Measured;
      const ok =
        large.p50 <= TARGET.p50Ms && large.p99 <= TARGET.p99Ms && large.rps50 >= TARGET.throughputRatio * small.rps50 && large.errors === 0;
      if (!ok) missed += 1;
      console.log(
        `${ok ? '✓' : '✗'} ${call.name.padEnd(40)} ${`${small.p50} → ${large.p50} ms`.padStart(20)} ${`${small.p99} → ${large.p99} ms`.padStart(20)} ${`${small.rps50.toFixed(0)} → ${large.rps50.toFixed(0)} (${((100 * large.rps50) / small.rps50).toFixed(0)} %)`.padStart(28)}`,
      );
    });
  }
  console.log(
    `\n用时 ${((Date.now() - started) / 1000).toFixed(0)} s; 目标: p50 ≤ ${TARGET.p50Ms} ms, p99 ≤ ${TARGET.p99Ms} ms (1 连接), 50 连接吞吐 ≥ 小库的 ${TARGET.throughputRatio * 100} %`,
  );
  if (missed) console.log(`${missed} 项未达标`);
  return missed;
}

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

const missed = report(runs, started);
if (process.env.BENCH_STRICT === '1' && missed) process.exit(1);
