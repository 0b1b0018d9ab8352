/**
 * `npm run bench:lcp-path -- <artifacts.json>`: replays Lighthouse's own simulation of the LCP (Lantern: simulated
 * slow 4G and 4× CPU) on the artifacts of one `npm run bench:lighthouse` run kept with `ARTIFACTS_DIR`, and prints
 * each request and main-thread task the simulated LCP waited for, with its simulated start and end. This is how the
 * entry script's low priority (it arrived last and held back the start-up) and the remote's entry → routes → page
 * chain were found (docs/architecture.md, "One fast first load").
 */
import { readFile } from 'node:fs/promises';
import { LanternLargestContentfulPaint } from 'lighthouse/core/computed/metrics/lantern-largest-contentful-paint.js';

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
interface Artifacts {
  settings: unknown;
  Trace: unknown;
  DevtoolsLog: unknown;
  GatherContext: unknown;
  URL: unknown;
  SourceMaps?: unknown[];
}

const file = process.argv[2];
if (!file) {
  console.error('用法: npm run bench:lcp-path -- <ARTIFACTS_DIR 中某次运行的 artifacts-*.json>');
  process.exit(1);
}
const artifacts = JSON.parse(await readFile(file, 'utf8')) as Artifacts;
const data = { trace: artifacts.Trace, devtoolsLog: artifacts.DevtoolsLog, gatherContext: artifacts.GatherContext, settings: artifacts.settings, URL: artifacts.URL, SourceMaps: artifacts.SourceMaps ?? [], simulator: null };
const request = LanternLargestContentfulPaint.request as unknown as (input: unknown, context: unknown) => Promise<{ timing: number; optimisticEstimate: Estimate; pessimisticEstimate: Estimate }>;
const result = await request(data, { computedCache: new Map(), settings: artifacts.settings });

const describe = (node: SimulatedNode) =>
  node.type === 'network' && node.request
    ? `网络 ${node.request.url.replace(/^https?:\/\/[^/]+/, '').slice(0, 80)} ${node.request.transferSize} B`
    : `主线程 ${Math.round((node.duration ?? 0) / 1000)} ms ${(node.childEvents ?? []).slice(0, 3).map((event) => event.name + (event.args?.data?.url ? `:${event.args.data.url.split('/').pop()}` : '')).join(', ')}`;

console.log(`模拟 LCP ${Math.round(result.timing)} ms (乐观 ${Math.round(result.optimisticEstimate.timeInMs)}, 悲观 ${Math.round(result.pessimisticEstimate.timeInMs)})`);
for (const [label, estimate] of [['乐观', result.optimisticEstimate], ['悲观', result.pessimisticEstimate]] as const) {
  console.log(`\n${label}:`);
  for (const [node, timing] of [...estimate.nodeTimings.entries()].sort((a, b) => a[1].startTime - b[1].startTime)) {
    console.log(`${String(Math.round(timing.startTime)).padStart(6)} → ${String(Math.round(timing.endTime)).padStart(6)} ms  ${describe(node)}`);
  }
}
