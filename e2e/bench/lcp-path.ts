/**
 * `npm run bench:lcp-path -- <artifacts.json> [drop=<regexp>…] [size=<regexp>@<bytes>…]`: replays Lighthouse's own
 * simulation of the LCP (Lantern: simulated slow 4G and 4× CPU) on the artifacts of one `npm run bench:lighthouse` run
 * kept with `ARTIFACTS_DIR`, and prints each request and main-thread task the simulated LCP waited for, with its
 * simulated start and end: what to cut next (docs/architecture.md, "One fast first load").
 *
 * What if: `drop=` replays the run without the requests whose URL matches (a request made unnecessary), `size=` with
 * those requests transferring that many bytes (a file made smaller), so a change can be weighed before it is built,
 * on the same run rather than against a new run's scatter (docs/benchmarks.md, "`npm run bench:lcp-path`").
 * `--markdown` writes what the optimistic estimate waited for into docs/benchmarks.md (scripts/bench-table.ts).
 */
import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import { LanternLargestContentfulPaint } from 'lighthouse/core/computed/metrics/lantern-largest-contentful-paint.js';
import { benchStarted, markdownSection, markdownTable, writeBenchSection } from '../../scripts/bench-table';

interface SimulatedNode {
  type: string;
  duration?: number;
  request?: { url: string; transferSize: number };
  childEvents?: { name: string; args?: { data?: { url?: string } } }[];
}
interface Estimate {
  timeInMs: number;
  nodeTimings: Map<SimulatedNode, { startTime: number; endTime: number }>;
}
interface LogEntry {
  method: string;
  params: { requestId?: string; request?: { url: string }; encodedDataLength?: number; response?: { encodedDataLength?: number } };
}
interface TraceEvent {
  args?: { data?: { requestId?: string } };
}
interface Artifacts {
  settings: unknown;
  Trace: { traceEvents: TraceEvent[] };
  DevtoolsLog: LogEntry[];
  GatherContext: unknown;
  URL: unknown;
  SourceMaps?: unknown[];
}

const started = benchStarted();
const section = markdownSection('lcp-path');
const [file, ...options] = process.argv.slice(2).filter((argument) => !argument.startsWith('--markdown'));
if (!file) {
  console.error('用法: npm run bench:lcp-path -- <ARTIFACTS_DIR 中某次运行的 artifacts-*.json> [drop=<正则>] [size=<正则>@<字节>]');
  process.exit(1);
}
const artifacts = JSON.parse(await readFile(file, 'utf8')) as Artifacts;
const drops = options.filter((option) => option.startsWith('drop=')).map((option) => new RegExp(option.slice('drop='.length)));
const sizes = options
  .filter((option) => option.startsWith('size='))
  .map((option) => {
    const [pattern = '', bytes = ''] = option.slice('size='.length).split('@');
    return { pattern: new RegExp(pattern), bytes: Number(bytes) };
  });
if (drops.length || sizes.length) whatIf(artifacts, drops, sizes);
const data = {
  trace: artifacts.Trace,
  devtoolsLog: artifacts.DevtoolsLog,
  gatherContext: artifacts.GatherContext,
  settings: artifacts.settings,
  URL: artifacts.URL,
  SourceMaps: artifacts.SourceMaps ?? [],
  simulator: null,
};
const request = LanternLargestContentfulPaint.request as unknown as (
  input: unknown,
  context: unknown,
) => Promise<{ timing: number; optimisticEstimate: Estimate; pessimisticEstimate: Estimate }>;
const result = await request(data, { computedCache: new Map(), settings: artifacts.settings });

/** The run as it would have been without the requests `drops` match, and with those `sizes` match that size. */
function whatIf(run: Artifacts, drops: RegExp[], sizes: { pattern: RegExp; bytes: number }[]): void {
  const urls = new Map<string, string>();
  for (const entry of run.DevtoolsLog)
    if (entry.method === 'Network.requestWillBeSent' && entry.params.requestId && entry.params.request)
      urls.set(entry.params.requestId, entry.params.request.url);
  const dropped = new Set([...urls].filter(([, url]) => drops.some((pattern) => pattern.test(url))).map(([id]) => id));
  run.DevtoolsLog = run.DevtoolsLog.filter((entry) => !dropped.has(entry.params.requestId ?? ''));
  run.Trace.traceEvents = run.Trace.traceEvents.filter((event) => !dropped.has(event.args?.data?.requestId ?? ''));
  for (const entry of run.DevtoolsLog) {
    const url = urls.get(entry.params.requestId ?? '');
    const size = url ? sizes.find(({ pattern }) => pattern.test(url)) : undefined;
    if (!size) continue;
    if (entry.method === 'Network.loadingFinished') entry.params.encodedDataLength = size.bytes;
    if (entry.method === 'Network.dataReceived') entry.params.encodedDataLength = 0;
  }
  console.log(
    `假设: 去掉 ${dropped.size} 个请求${sizes.length ? `, ${sizes.map(({ pattern, bytes }) => `${pattern.source} 为 ${bytes} B`).join(', ')}` : ''}`,
  );
}

const nodeLabel = (node: SimulatedNode) =>
  node.type === 'network' && node.request
    ? `网络 ${node.request.url.replace(/^https?:\/\/[^/]+/, '').slice(0, 80)} ${node.request.transferSize} B`
    : `主线程 ${Math.round((node.duration ?? 0) / 1000)} ms ${(node.childEvents ?? [])
        .slice(0, 3)
        .map((event) => event.name + (event.args?.data?.url ? `:${event.args.data.url.split('/').pop()}` : ''))
        .join(', ')}`;

console.log(
  `模拟 LCP ${Math.round(result.timing)} ms (乐观 ${Math.round(result.optimisticEstimate.timeInMs)}, 悲观 ${Math.round(result.pessimisticEstimate.timeInMs)})`,
);
for (const [label, estimate] of [
  ['乐观', result.optimisticEstimate],
  ['悲观', result.pessimisticEstimate],
] as const) {
  console.log(`\n${label}:`);
  for (const [node, timing] of [...estimate.nodeTimings.entries()].sort((a, b) => a[1].startTime - b[1].startTime)) {
    console.log(
      `${String(Math.round(timing.startTime)).padStart(6)} → ${String(Math.round(timing.endTime)).padStart(6)} ms  ${nodeLabel(node)}`,
    );
  }
}

if (section) {
  const chain = [...result.optimisticEstimate.nodeTimings.entries()].sort((a, b) => a[1].startTime - b[1].startTime);
  const table = markdownTable(
    ['simulated start', 'end', 'what the LCP waited for'],
    chain.map(([node, timing]) => [
      `${Math.round(timing.startTime)} ms`,
      `${Math.round(timing.endTime)} ms`,
      // The run's one-time sign-in code, used up, says nothing.
      nodeLabel(node)
        .replace(/signin=[^\s&]+/, 'signin=…')
        .replaceAll('|', '\\|'),
    ]),
  );
  const replay = options.length ? ` replayed with ${options.map((option) => `\`${option}\``).join(' ')}` : '';
  writeBenchSection(section, started, [
    `\`${basename(file)}\`${replay}: simulated LCP ${Math.round(result.timing)} ms (optimistic ${Math.round(result.optimisticEstimate.timeInMs)}, pessimistic ${Math.round(result.pessimisticEstimate.timeInMs)}); the optimistic estimate's path:`,
    table,
  ]);
}
