/**
 * What `npm run bench:scale` (../scale.ts) found: each call small → large against the targets, printed, and with
 * `--markdown` written into docs/benchmarks.md (scripts/bench-table.ts).
 */
import { cpus, loadavg } from 'node:os';
import { type BenchStart, markdownTable, writeBenchSection } from '../../../scripts/bench-table';
import { CALLS } from './calls';
import type { Measured } from './measure';
import { TARGET } from './settings';

export interface Run {
  database: string;
  seedMs: number;
  small: Measured[];
  large: Measured[];
}

/** The sizes of the large database, for the report's header. */
export interface ScaleSizes {
  invoices: number;
  companies: number;
  payments: number;
  tickets: number;
  trips: number;
  audit: number;
  seconds: number;
}

const meets = (small: Measured, large: Measured) =>
  large.p50 <= TARGET.p50Ms && large.p99 <= TARGET.p99Ms && large.rps50 >= TARGET.throughputRatio * small.rps50 && large.errors === 0;

/** Prints each database's calls small → large; returns how many calls missed a target. */
export function printScaleReport(runs: readonly Run[], sizes: ScaleSizes, startedAt: number): number {
  let missed = 0;
  console.log(
    `\n== 规模基准 (${sizes.invoices} 张发票, ${sizes.companies} 家企业, ${sizes.payments} 笔收款; 1 连接与 50 连接, 各 ${sizes.seconds} s; ${cpus().length} 核, load ${(loadavg()[0] ?? 0).toFixed(1)}) ==`,
  );
  for (const run of runs) {
    console.log(`\n${run.database} (播种 ${(run.seedMs / 1000).toFixed(0)} s)`);
    console.log(
      `  ${'call'.padEnd(40)} ${'p50 small → large'.padStart(20)} ${'p99 small → large'.padStart(20)} ${'req/s at 50 small → large'.padStart(28)}`,
    );
    for (const [i, call] of CALLS.entries()) {
      const small = run.small[i];
      const large = run.large[i];
      if (!small || !large) continue;
      const ok = meets(small, large);
      if (!ok) missed += 1;
      console.log(
        `${ok ? '✓' : '✗'} ${call.name.padEnd(40)} ${`${small.p50} → ${large.p50} ms`.padStart(20)} ${`${small.p99} → ${large.p99} ms`.padStart(20)} ${`${small.rps50.toFixed(0)} → ${large.rps50.toFixed(0)} (${((100 * large.rps50) / small.rps50).toFixed(0)} %)`.padStart(28)}`,
      );
    }
  }
  console.log(
    `\n用时 ${((Date.now() - startedAt) / 1000).toFixed(0)} s; 目标: p50 ≤ ${TARGET.p50Ms} ms, p99 ≤ ${TARGET.p99Ms} ms (1 连接), 50 连接吞吐 ≥ 小库的 ${TARGET.throughputRatio * 100} %`,
  );
  if (missed) console.log(`${missed} 项未达标`);
  return missed;
}

/** The section of docs/benchmarks.md: one row a call, PGlite's and PostgreSQL's columns small → large. */
export function writeScaleSection(section: string, start: BenchStart, runs: readonly Run[], sizes: ScaleSizes, missed: number): void {
  const name = (database: string) => (database === 'pglite' ? 'PGlite' : 'PostgreSQL');
  const columns = ['call', ...runs.flatMap((run) => [`${name(run.database)} p50 / p99 ms`, `${name(run.database)} req/s at 50`])];
  const rows = CALLS.map((call, i) => [
    call.name,
    ...runs.flatMap((run) => {
      const small = run.small[i];
      const large = run.large[i];
      if (!small || !large) return ['', ''];
      const mark = meets(small, large) ? '' : ' ✗';
      return [`${small.p50}→${large.p50} / ${small.p99}→${large.p99}${mark}`, `${small.rps50.toFixed(0)}→${large.rps50.toFixed(0)}`];
    }),
  ]);
  const seeded = runs.map((run) => `${(run.seedMs / 1000).toFixed(0)} s on ${name(run.database)}`).join(' and ');
  writeBenchSection(section, start, [
    `The large database: ${sizes.invoices.toLocaleString('en')} invoices in ${sizes.companies.toLocaleString('en')} companies, ${sizes.payments.toLocaleString('en')} paid orders, ${sizes.tickets.toLocaleString('en')} tickets, ${sizes.trips.toLocaleString('en')} taxi trips, ${sizes.audit.toLocaleString('en')} audit entries (seeding ${seeded}); ${sizes.seconds} s a measurement. Small database → large; ✗ marks a call that missed a target (${missed} in all).`,
    markdownTable(columns, rows),
  ]);
}
