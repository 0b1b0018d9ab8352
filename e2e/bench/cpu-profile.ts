/**
 * `npm run bench:cpu-profile`: where a cold, signed-in first load spends its main thread. Builds every app into a temporary
 * release store, starts the server, and opens each page (`PAGES`, default `/invoice/list`) in Chromium with a 4× CPU slowdown
 * (Lighthouse's mobile preset; `CPU_SLOWDOWN=1` for this machine's own speed) while V8's sampling profiler runs; prints
 * the self time per script and the heaviest functions, and each main-thread task of 50 ms or more (`MIN_TASK_MS`) with
 * the frames it spent its time in: the tasks that Lighthouse's blocking time counts. `PROFILE_DIR` keeps each `.cpuprofile` and the trace (`.trace.json`; open either in the Chromium performance panel).
 * `PROFILE_BUILD=1` builds without minifying and with module paths as ids, so the frames name the modules.
 * `TRACE_CATEGORIES` replaces the trace's categories: add `disabled-by-default-v8.compile` to see each function V8
 * compiles on the main thread (`V8.CompileCode`), which the compile hints keep few (docs/architecture.md).
 * The page opens back from signing in (a sign-in code in the address); `SIGNED_IN=cookie` opens it as a returning user,
 * whose tab the server paints.
 * `--markdown` writes the long tasks into docs/benchmarks.md (scripts/bench-table.ts).
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type BrowserContext, chromium, type Page } from '@playwright/test';
import { releaseMissing } from '@app/deploy/release-missing';
import { benchStarted, markdownSection, markdownTable, writeBenchSection } from '../../scripts/bench-table';
import { CHROMIUM_PATH } from '../support/browser';
import { startServer } from '../support/server';
import { callApi, demoSignIn, demoSignInCode, keepVerifier } from '../support/sign-in';
import { PRIVACY_POLICY_VERSION } from '@app/domain/privacy-policy';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  children?: number[];
}
interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { name?: string };
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
}

/** A main-thread task of the load, for the markdown table: where it started, how long, its heaviest frames. */
interface LongTask {
  page: string;
  startMs: number;
  durationMs: number;
  heaviest: string[];
  work: string;
}

/**
 * The kinds of the renderer's own work a task's trace names, as the table says them: the profile's `(program)` is
 * all of these but script.
 */
const WORK_KINDS: Readonly<Record<string, string>> = {
  ParseHTML: 'HTML parse',
  UpdateLayoutTree: 'style',
  Layout: 'layout',
  PrePaint: 'paint',
  Paint: 'paint',
  Layerize: 'paint',
  Commit: 'paint',
  EvaluateScript: 'script',
  FunctionCall: 'script',
  TimerFire: 'script',
  EventDispatch: 'script',
  FireAnimationFrame: 'script',
  'v8.compile': 'script',
  ParseAuthorStyleSheet: 'style sheet parse',
  MinorGC: 'GC',
  MajorGC: 'GC',
};

/** A task's time by kind of work, outermost events only (a forced layout inside a script counts as script). */
function workIn(task: TraceEvent, events: readonly TraceEvent[]): string {
  const end = task.ts + (task.dur ?? 0);
  const inside = events
    .filter((event) => event.ph === 'X' && event.pid === task.pid && event.tid === task.tid && event !== task)
    .filter((event) => event.ts >= task.ts && event.ts + (event.dur ?? 0) <= end && WORK_KINDS[event.name])
    .sort((a, b) => a.ts - b.ts);
  const byKind = new Map<string, number>();
  let coveredUntil = 0;
  for (const event of inside) {
    if (event.ts < coveredUntil) continue;
    coveredUntil = event.ts + (event.dur ?? 0);
    const kind = WORK_KINDS[event.name] as string;
    byKind.set(kind, (byKind.get(kind) ?? 0) + (event.dur ?? 0));
  }
  return [...byKind]
    .filter(([, micros]) => micros >= 1000)
    .sort((a, b) => b[1] - a[1])
    .map(([kind, micros]) => `${kind} ${(micros / 1000).toFixed(0)} ms`)
    .join(', ');
}

const started = benchStarted();
const section = markdownSection('cpu-profile');
const longTasks: LongTask[] = [];
/** Each page's screen laid out again from nothing once loaded, in the same renderer: what its first layout cost beyond set-up. */
const relaidOut: string[] = [];
const PAGES = (process.env.PAGES ?? '/invoice/list').split(',');
const SLOWDOWN = Number(process.env.CPU_SLOWDOWN ?? 4);
const SIGNED_IN_COOKIE = process.env.SIGNED_IN === 'cookie';
const store = await mkdtemp(join(tmpdir(), 'bench-releases-'));
const dataDir = await mkdtemp(join(tmpdir(), 'bench-data-'));
await releaseMissing({ storeDir: store, log: () => {} });
const server = await startServer({ RELEASE_DIR: store, DATA_DIR: dataDir });
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH });
try {
  const manager = await demoSignIn(server.url, '企业管理员');
  const agreement = await callApi<{ id: number }>(server.url, 'taxAccount/getAgreement', {}, manager);
  await callApi(server.url, 'taxAccount/agreedAgreement', { id: agreement.id, privacyPolicyVersion: PRIVACY_POLICY_VERSION }, manager);
  for (const path of PAGES) {
    const context = await browser.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true });
    const page = await context.newPage();
    const address = await arrive(context, page, path);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: SLOWDOWN });
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
    const events: TraceEvent[] = [];
    cdp.on('Tracing.dataCollected', (data) => events.push(...(data.value as unknown as TraceEvent[])));
    const traced = new Promise<void>((resolve) => cdp.once('Tracing.tracingComplete', () => resolve()));
    await cdp.send('Tracing.start', {
      categories: process.env.TRACE_CATEGORIES ?? 'devtools.timeline,disabled-by-default-devtools.timeline',
      transferMode: 'ReportEvents',
    });
    await cdp.send('Profiler.start');
    await page.goto(address, { waitUntil: 'networkidle' });
    const { profile } = (await cdp.send('Profiler.stop')) as { profile: Profile };
    await cdp.send('Tracing.end');
    await traced;
    if (process.env.PROFILE_DIR) {
      await mkdir(process.env.PROFILE_DIR, { recursive: true });
      await writeFile(join(process.env.PROFILE_DIR, `${path.replace(/[^a-z0-9]+/gi, '-')}.cpuprofile`), JSON.stringify(profile));
      await writeFile(
        join(process.env.PROFILE_DIR, `${path.replace(/[^a-z0-9]+/gi, '-')}.trace.json`),
        JSON.stringify({ traceEvents: events }),
      );
    }
    report(path, profile, events);
    relaidOut.push(`\`${path}\` ${(await layOutAgain(page)).toFixed(0)} ms`);
    await context.close();
  }
} finally {
  await browser.close();
  await server.stop();
  await rm(store, { recursive: true, force: true });
  await rm(dataDir, { recursive: true, force: true });
}
if (section) {
  const table = markdownTable(
    [
      'page',
      'task, from the first task',
      `main thread at ${SLOWDOWN}×`,
      'what the renderer did (trace)',
      'its heaviest frames (inclusive)',
    ],
    longTasks.map((task) => [
      `\`${task.page}\``,
      `+${task.startMs.toFixed(0)} ms`,
      `${task.durationMs.toFixed(0)} ms`,
      task.work,
      task.heaviest.map((frame) => `\`${frame.replaceAll('`', "'")}\``).join(', '),
    ]),
  );
  const build = process.env.PROFILE_BUILD === '1' ? 'unminified (`PROFILE_BUILD=1`)' : 'minified, as released';
  const arrival = SIGNED_IN_COOKIE ? 'a returning user, the tab painted by the server (`SIGNED_IN=cookie`)' : 'back from signing in';
  writeBenchSection(section, started, [
    `Tasks of ${process.env.MIN_TASK_MS ?? 50} ms or more; the build ${build}; ${arrival}.`,
    table,
    `The screen, once loaded, laid out again from nothing in the same renderer (style and layout of the whole body): ${relaidOut.join(', ')}.`,
  ]);
}

/**
 * Puts into the browser what the load starts with and answers the address to open: back from signing in (a code in the
 * address, its verifier kept), or with `SIGNED_IN=cookie` a returning user (the token kept and the session's cookie,
 * as the exchange leaves them: the server paints the tab).
 */
async function arrive(context: BrowserContext, page: Page, path: string): Promise<string> {
  await page.goto(`${server.url}/healthz`);
  if (SIGNED_IN_COOKIE) {
    const token = await demoSignIn(server.url, '企业管理员');
    await page.evaluate((value) => localStorage.setItem('token', value), JSON.stringify(token));
    await context.addCookies([{ name: 'yst_session', value: token, url: server.url, httpOnly: true, sameSite: 'Lax' }]);
    return `${server.url}${path}`;
  }
  const { code, verifier } = await demoSignInCode(server.url, '企业管理员', path);
  await keepVerifier(page, server.url, verifier);
  return `${server.url}${path}?signin=${code}`;
}

/**
 * Style and layout of the whole page again from nothing (the body taken out of the layout tree and put back), timed in
 * the page: the same boxes as the first layout, without the renderer's first-use set-up (fonts, text shaping).
 */
function layOutAgain(page: Page): Promise<number> {
  return page.evaluate(() => {
    const body = document.body;
    body.style.display = 'none';
    void body.offsetHeight;
    const from = performance.now();
    body.style.display = '';
    void body.offsetHeight;
    return performance.now() - from;
  });
}

function report(path: string, profile: Profile, events: TraceEvent[]) {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const self = new Map<number, number>();
  for (const [index, id] of profile.samples.entries()) self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[index] ?? 0));
  const byScript = new Map<string, number>();
  const byFunction = new Map<string, number>();
  for (const [id, micros] of self) {
    const frame = byId.get(id)?.callFrame;
    if (!frame) continue;
    const script = frame.url ? (new URL(frame.url).pathname.split('/').slice(-1)[0] ?? frame.url) : `(${frame.functionName || 'program'})`;
    byScript.set(script, (byScript.get(script) ?? 0) + micros);
    const name = `${frame.functionName || '(anonymous)'} ${script}:${frame.lineNumber + 1}:${frame.columnNumber + 1}`;
    byFunction.set(name, (byFunction.get(name) ?? 0) + micros);
  }
  const ms = (micros: number) => `${(micros / 1000).toFixed(1).padStart(7)} ms`;
  console.log(`\n${path}: 按脚本的自身时间 (${SLOWDOWN}× CPU)`);
  for (const [script, micros] of [...byScript].sort((a, b) => b[1] - a[1]).slice(0, 20)) console.log(`${ms(micros)}  ${script}`);
  // The busy stretches (between idle samples) of 40 ms or more, each with its heaviest frames counted inclusively.
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const label = (frame: ProfileNode['callFrame']) =>
    `${frame.functionName || '(anonymous)'} ${frame.url ? new URL(frame.url).pathname.split('/').pop() : ''}:${frame.lineNumber + 1}`;
  // The main thread's tasks of 50 ms or more (at 4×, what Lighthouse counts as long), from the trace, each with
  // its heaviest frames counted inclusively from the profile's samples in it (both use the same clock). The page's main
  // thread is the renderer main thread that ran the most.
  const busy = (thread: TraceEvent) =>
    events
      .filter((other) => other.name === 'RunTask' && other.pid === thread.pid && other.tid === thread.tid)
      .reduce((sum, other) => sum + (other.dur ?? 0), 0);
  const mainThread = events
    .filter((event) => event.name === 'thread_name' && event.args?.name === 'CrRendererMain')
    .map((thread) => ({ thread, busy: busy(thread) }))
    .sort((a, b) => b.busy - a.busy)[0]?.thread;
  const tasks = events.filter(
    (event) =>
      event.name === 'RunTask' &&
      event.ph === 'X' &&
      event.pid === mainThread?.pid &&
      event.tid === mainThread?.tid &&
      (event.dur ?? 0) >= Number(process.env.MIN_TASK_MS ?? 50) * 1000,
  );
  const sampleTimes: number[] = [];
  let time = profile.startTime;
  for (const delta of profile.timeDeltas) {
    time += delta;
    sampleTimes.push(time);
  }
  const firstTask = tasks[0]?.ts ?? 0;
  for (const task of tasks) {
    const end = task.ts + (task.dur ?? 0);
    const inclusive = new Map<string, number>();
    profile.samples.forEach((id, index) => {
      const at = sampleTimes[index] ?? 0;
      if (at < task.ts || at > end) return;
      const delta = profile.timeDeltas[index] ?? 0;
      const seen = new Set<string>();
      for (let node: number | undefined = id; node !== undefined; node = parent.get(node)) {
        const frame = byId.get(node)?.callFrame;
        if (!frame || frame.functionName === '(root)') continue;
        const key = label(frame);
        if (seen.has(key)) continue;
        seen.add(key);
        inclusive.set(key, (inclusive.get(key) ?? 0) + delta);
      }
    });
    const work = workIn(task, events);
    console.log(`\n长任务 ${ms(task.ts - firstTask)} 起 ${ms(task.dur ?? 0)}: ${work}`);
    const heaviest = [...inclusive].sort((a, b) => b[1] - a[1]);
    for (const [key, micros] of heaviest.slice(0, Number(process.env.TOP ?? 25))) console.log(`  ${ms(micros)}  ${key.slice(0, 160)}`);
    longTasks.push({
      page: path,
      startMs: (task.ts - firstTask) / 1000,
      durationMs: (task.dur ?? 0) / 1000,
      heaviest: heaviest.slice(0, 3).map(([key]) => key.slice(0, 80)),
      work,
    });
  }
  console.log('最重的函数:');
  for (const [name, micros] of [...byFunction].sort((a, b) => b[1] - a[1]).slice(0, 30)) console.log(`${ms(micros)}  ${name}`);
}
