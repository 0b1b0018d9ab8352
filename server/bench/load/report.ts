/** What `npm run bench:load` measured: latencies by call, printed against the targets and written as a table. */
import { type BenchStart, markdownTable, writeBenchSection } from '../../../scripts/bench-table';
import type { CallKind, Recorder } from './users';

export const TARGET_P99_MS: Record<CallKind, number> = { read: 150, write: 400 };

export class Latencies implements Recorder {
  readonly calls = new Map<string, { kind: CallKind; ms: number[]; errors: number }>();
  readonly errorMessages = new Map<string, number>();

  record(name: string, kind: CallKind, ms: number, ok: boolean, message?: string): void {
    const entry = this.calls.get(name) ?? { kind, ms: [], errors: 0 };
    entry.ms.push(ms);
    if (!ok) {
      entry.errors += 1;
      const key = message ?? name;
      this.errorMessages.set(key, (this.errorMessages.get(key) ?? 0) + 1);
    }
    this.calls.set(name, entry);
  }

  get total(): number {
    return [...this.calls.values()].reduce((sum, entry) => sum + entry.ms.length, 0);
  }

  get errors(): number {
    return [...this.calls.values()].reduce((sum, entry) => sum + entry.errors, 0);
  }
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

export interface CallFigures {
  name: string;
  kind: CallKind;
  count: number;
  p50: number;
  p95: number;
  p99: number;
  errors: number;
  met: boolean;
}

export function figuresOf(latencies: Latencies): CallFigures[] {
  return [...latencies.calls.entries()]
    .map(([name, entry]) => {
      const sorted = [...entry.ms].sort((a, b) => a - b);
      const p99 = percentile(sorted, 99);
      return {
        name,
        kind: entry.kind,
        count: sorted.length,
        p50: percentile(sorted, 50),
        p95: percentile(sorted, 95),
        p99,
        errors: entry.errors,
        met: p99 <= TARGET_P99_MS[entry.kind] && entry.errors === 0,
      };
    })
    .sort((a, b) => (a.kind === b.kind ? b.count - a.count : a.kind === 'read' ? -1 : 1));
}

/** One mode's run (PGlite, PostgreSQL, a fleet). */
export interface ModeRun {
  mode: string;
  seconds: number;
  calls: CallFigures[];
  requests: number;
  errors: number;
  errorMessages: [string, number][];
  /** The users' invoice tasks; `unfinishedInDatabase`: tasks of any kind left unfinished once the server stopped. */
  tasks: { started: number; succeeded: number; failed: number; unfinished: number; unfinishedInDatabase: number };
  tickets: { imported: number; verified: number; unfinished: number };
  ledger: { problems: string[] };
  rssMb: { start: number; peak: number; end: number };
  /** CPU time the server process used while measured (PostgreSQL's own processes not included). */
  serverCpuMs: number;
  /** The 1-minute load average at the start and the end of the run. */
  load: [number, number];
  seedMs: number;
  counts: Record<string, number>;
}

const ms = (value: number) => value.toFixed(0);

/** The server's CPU per request and its share of one core over the run: what its throughput is bound by, whatever the load. */
const cpuFigures = (run: ModeRun) =>
  `${(run.serverCpuMs / Math.max(run.requests, 1)).toFixed(1)} ms a request, ${((100 * run.serverCpuMs) / (run.seconds * 1000)).toFixed(0)} % of a core`;

/** The run's targets missed, in words; empty when every target is met. */
export function missedTargets(run: ModeRun): string[] {
  const missed = run.calls
    .filter((call) => !call.met)
    .map((call) => `${call.name} p99 ${ms(call.p99)} ms > ${TARGET_P99_MS[call.kind]} ms`);
  if (run.errors) missed.push(`${run.errors} errors`);
  if (run.tasks.unfinished || run.tasks.failed || run.tasks.unfinishedInDatabase)
    missed.push(
      `tasks: ${run.tasks.failed} failed, ${run.tasks.unfinished} unfinished, ${run.tasks.unfinishedInDatabase} of any kind left in the database`,
    );
  if (run.tickets.unfinished) missed.push(`tickets: ${run.tickets.unfinished} still being verified`);
  if (run.ledger.problems.length) missed.push(`ledger: ${run.ledger.problems.join('; ')}`);
  return missed;
}

export function printRun(run: ModeRun): void {
  console.log(
    `\n${run.mode}: ${run.requests} 次请求 / ${run.seconds} s = ${(run.requests / run.seconds).toFixed(0)} req/s, 错误 ${run.errors}, RSS ${run.rssMb.start}→${run.rssMb.peak}→${run.rssMb.end} MB, server CPU ${cpuFigures(run)}, load ${run.load[0].toFixed(1)}→${run.load[1].toFixed(1)}`,
  );
  for (const call of run.calls) {
    console.log(
      `  ${call.met ? '✓' : '✗'} ${call.kind.padEnd(5)} ${call.name.padEnd(30)} ${String(call.count).padStart(7)}  p50 ${ms(call.p50).padStart(4)}  p95 ${ms(call.p95).padStart(4)}  p99 ${ms(call.p99).padStart(4)} ms  errors ${call.errors}`,
    );
  }
  console.log(
    `  任务 ${run.tasks.started}: 成功 ${run.tasks.succeeded}, 失败 ${run.tasks.failed}, 未完成 ${run.tasks.unfinished}, 库中未完成的任务 ${run.tasks.unfinishedInDatabase}; 票夹导入 ${run.tickets.imported}: 已查验 ${run.tickets.verified}, 未完成 ${run.tickets.unfinished}; 账本 ${run.ledger.problems.length ? run.ledger.problems.join('; ') : '平衡'}`,
  );
  for (const [message, count] of run.errorMessages.slice(0, 10)) console.log(`  错误 ×${count}: ${message}`);
}

export function writeLoadSection(section: string, start: BenchStart, runs: readonly ModeRun[], users: number, thinkMs: number): void {
  const first = runs[0];
  const counts = first?.counts ?? {};
  const header = `${users} simulated users of ${counts.companies ?? '?'} companies, about ${thinkMs} ms between one user's actions, ${first?.seconds ?? 0} s a mode, on ${(counts.invoices ?? 0).toLocaleString('en')} invoices, ${(counts.tickets ?? 0).toLocaleString('en')} tickets and ${(counts.trips ?? 0).toLocaleString('en')} trips (seeding ${runs.map((run) => `${(run.seedMs / 1000).toFixed(0)} s on ${run.mode}`).join(', ')}).`;
  const summary = markdownTable(
    [
      'mode',
      'throughput',
      'errors',
      'tasks done',
      'tickets verified',
      'ledger',
      'server RSS start → peak → end',
      'server CPU',
      'load average',
    ],
    runs.map((run) => [
      run.mode,
      `${(run.requests / run.seconds).toFixed(0)} req/s (${run.requests})`,
      String(run.errors),
      `${run.tasks.succeeded} of ${run.tasks.started}${run.tasks.failed ? `, ${run.tasks.failed} failed` : ''}${run.tasks.unfinished ? `, ${run.tasks.unfinished} unfinished` : ''}; ${run.tasks.unfinishedInDatabase} tasks of any kind left`,
      `${run.tickets.verified} of ${run.tickets.imported}`,
      run.ledger.problems.length ? run.ledger.problems.join('; ') : 'balances',
      `${run.rssMb.start} → ${run.rssMb.peak} → ${run.rssMb.end} MB`,
      cpuFigures(run),
      `${run.load[0].toFixed(1)} → ${run.load[1].toFixed(1)}`,
    ]),
  );
  const names = [...new Set(runs.flatMap((run) => run.calls.map((call) => call.name)))];
  const latencies = markdownTable(
    ['call', 'kind', ...runs.map((run) => `${run.mode} p50 / p95 / p99 ms (calls)`)],
    names.map((name) => {
      const kind = runs.flatMap((run) => run.calls).find((call) => call.name === name)?.kind ?? 'read';
      return [
        `\`${name}\``,
        kind,
        ...runs.map((run) => {
          const call = run.calls.find((c) => c.name === name);
          return call ? `${ms(call.p50)} / ${ms(call.p95)} / ${ms(call.p99)}${call.met ? '' : ' ✗'} (${call.count})` : '';
        }),
      ];
    }),
  );
  const missed = runs
    .map((run) => {
      const over = run.calls.filter((call) => !call.met).length;
      const others = missedTargets(run).filter((line) => !line.includes(' p99 '));
      return over || others.length
        ? `${run.mode}: ${[over ? `${over} of ${run.calls.length} calls over their p99 target` : '', ...others].filter(Boolean).join(', ')}`
        : '';
    })
    .filter(Boolean);
  writeBenchSection(section, start, [
    header,
    summary,
    latencies,
    missed.length ? `Targets missed (✗): ${missed.join('; ')}.` : 'Every target met.',
  ]);
}
