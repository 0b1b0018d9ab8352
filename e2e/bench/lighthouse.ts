/**
 * `npm run bench:lighthouse`: the Lighthouse performance score (mobile default profile: simulated slow 4G, 4× CPU
 * slowdown, a Moto G Power's screen) of the cash desk `/shop/YST0001` opened cold by the 普通用户 — what a customer's
 * phone opens after scanning a shop code (target: a score of 90 or more) —, of the passenger's ride page
 * `/taxi/ride/{code}` opened cold by the 普通用户 the same way, after scanning a driver's trip (target: 95 or more and at
 * most 120 KiB of JavaScript; the trip is recorded and shared by 出租车管理员 first) — and of every tab and the invoice
 * pages for a company user (`/`, `/ticket/index`, `/payment/list`, `/my`, `/invoice/list`, `/invoice/create`; targets:
 * 90 or more, LCP ≤ 2.5 s, TBT ≤ 200 ms, at most 20 scripts). With each run's accessibility and best-practices scores.
 * `PAGES` picks some of them.
 *
 * Builds every app from the current sources into a temporary release store (as the browser tests do), starts the
 * server with the demo sign-in, and runs Lighthouse `RUNS` times (default 3) on each page, each in a fresh Chromium
 * (CHROME_PATH, default /usr/bin/chromium). Each run measures the load a phone makes coming back from signing in: the
 * page's address with a fresh one-time sign-in code (`?signin=`), which the start-up takes from the address and
 * exchanges, with the verifier the sign-in kept in localStorage, for the session (the host's route guard, or the lean
 * page's). An address cannot carry a token any more, and Lighthouse would clear storage before it loads the page; so
 * the run's Chromium gets the verifier in its localStorage first (through the DevTools protocol, on a page of the
 * origin that loads no script), its HTTP cache is cleared, and Lighthouse runs with `disableStorageReset`: the load is
 * still cold (nothing cached, no session), only the verifier is there. Prints each run's score, FCP, LCP, TBT, CLS and
 * JavaScript transferred, and the median of each.
 * A benchmark: it exits 0 whatever the score. A busy machine inflates blocking time (the load average is printed
 * before each run): measure quiet. `VERBOSE=1` also lists each run's scripts with their transfer sizes; `REPORT_DIR` keeps the reports;
 * `STORE` measures the apps of that release store (what it lacks is built into it from the current sources) and keeps
 * it: two builds compared run by run, each in a store of its own.
 * `ARTIFACTS_DIR` keeps each run's artifacts (trace and network log), from which Lighthouse's own simulation can be replayed
 * to see which requests and tasks its LCP waited for (`npm run bench:lcp-path -- <file>`). `LH_THROTTLING` (JSON of
 * Lighthouse's throttling settings, all of them: rttMs, throughputKbps, cpuSlowdownMultiplier…) shows what the network
 * or the CPU alone costs; figures measured with it are not the preset's. `LH_THROTTLING_METHOD=devtools` throttles the
 * load itself instead of simulating it from an unthrottled one: on this machine the unthrottled load has run the
 * deferred scripts before its first frame, so the simulation counts them before a first screen the server painted.
 *
 * `SIGNED_IN=cookie,token` measures a phone already signed in instead, opening the page cold (HTTP cache cleared, no
 * code in the address): `cookie` with the session's token kept and its cookie, as the exchange leaves them (the page
 * carries the start-up's answers: docs/architecture.md, "One fast first load"); `token` with the token alone (a
 * session from before the cookie, which sends the start-up's calls itself); `no-script` as `cookie`, through a front
 * that takes every script out of the page (the painted screen alone: what the browser's own work costs under the same
 * load). Each named way is a row of its own, and a page's ways take turns run by run.
 * `WARM=1` with it: the page is loaded once before the measured load, whose scripts then come from the HTTP cache (a
 * returning user's phone).
 *
 * `--markdown` writes the medians into docs/benchmarks.md (scripts/bench-table.ts).
 *
 * `H2=1` puts a TLS + HTTP/2 front (a self-signed certificate from `openssl`) before the server, as a production
 * proxy or CDN would serve it: the server itself speaks HTTP/1.1, where Lighthouse's simulation allows 6 connections
 * to the origin and a page's requests queue behind them; over HTTP/2 they share one connection.
 */
import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import http2 from 'node:http2';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type Result } from 'lighthouse';
import { releaseMissing } from '@app/deploy/release-missing';
import { benchStarted, markdownSection, markdownTable, writeBenchSection } from '../../scripts/bench-table';
import { CHROMIUM_PATH } from '../support/browser';
import { startServer } from '../support/server';
import { callApi, demoSignIn, demoSignInCode, keepVerifier, type DemoUser } from '../support/sign-in';
import { sharedTripPath } from './shared-trip';
import { PRIVACY_POLICY_VERSION } from '@app/domain/privacy-policy';

const started = benchStarted();
const section = markdownSection('lighthouse');
const RUNS = Number(process.env.RUNS ?? 3);
const CHROME_PATH = process.env.CHROME_PATH ?? CHROMIUM_PATH;
const H2 = Boolean(process.env.H2);
/** `REPORT_DIR=<dir>` keeps each run's whole Lighthouse report (JSON) there, to see where the time goes. */
const REPORT_DIR = process.env.REPORT_DIR;
const ARTIFACTS_DIR = process.env.ARTIFACTS_DIR;
const CHROME_FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', ...(H2 ? ['--ignore-certificate-errors'] : [])];

interface Target {
  title: string;
  path: string;
  user: DemoUser;
  /** How the page is named in docs/benchmarks.md. */
  row: string;
}

/** The pages measured; the ride page's path is that of a trip shared at start. */
const RIDE_PATH = '/taxi/ride/:code';
const TARGETS: Target[] = [
  { title: '收银台冷启动 /shop/YST0001 (普通用户)', path: '/shop/YST0001', user: '普通用户', row: '`/shop/YST0001` (cold)' },
  { title: '乘客领取行程冷启动 /taxi/ride/{code} (普通用户)', path: RIDE_PATH, user: '普通用户', row: '`/taxi/ride/{code}` (cold)' },
  { title: '首页 / (企业管理员)', path: '/', user: '企业管理员', row: '`/`' },
  { title: '票夹 /ticket/index (企业管理员)', path: '/ticket/index', user: '企业管理员', row: '`/ticket/index`' },
  { title: '收支 /payment/list (企业管理员)', path: '/payment/list', user: '企业管理员', row: '`/payment/list`' },
  { title: '我的 /my (企业管理员)', path: '/my', user: '企业管理员', row: '`/my`' },
  { title: '发票列表 /invoice/list (企业管理员)', path: '/invoice/list', user: '企业管理员', row: '`/invoice/list`' },
  { title: '开具发票 /invoice/create (企业管理员)', path: '/invoice/create', user: '企业管理员', row: '`/invoice/create`' },
];
/**
 * How a run comes to the page: back from signing in (a code in the address), or signed in already (SIGNED_IN); `no-script`
 * is signed in with the cookie in a browser whose script is switched off: the painted page alone, the floor that the
 * browser's own work (parse, style, layout, paint) sets under the same load.
 */
type Arrival = 'sign-in' | 'cookie' | 'token' | 'no-script';
const ARRIVAL_ROWS: Record<Arrival, string> = {
  'sign-in': '',
  cookie: ' signed in',
  token: ' signed in, no cookie',
  'no-script': ' signed in, script off',
};
const ARRIVALS: Arrival[] = process.env.SIGNED_IN
  ? process.env.SIGNED_IN.split(',').filter((way): way is Arrival => way !== 'sign-in' && way in ARRIVAL_ROWS)
  : ['sign-in'];

/** `PAGES=/,/my` measures only those paths (`/taxi/ride/:code` names the ride page). */
const WANTED = process.env.PAGES?.split(',');

interface Run {
  score: number;
  /** The accessibility and best-practices scores (0–100). */
  accessibility: number;
  bestPractices: number;
  /** How many scripts the load fetched. */
  scriptCount: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  /** Bytes on the wire of every script (as sent: the server's precompressed files). */
  jsTransferred: number;
  scripts: { url: string; transferSize: number }[];
  finalUrl: string;
  /**
   * Whether the load was signed in: it exchanged its sign-in code and asked for the user (a measured page, not
   * 登录未完成); signed in already, it never went to sign in.
   */
  signedIn: boolean;
  /** Lighthouse's measure of the machine's speed as the run began (higher is faster): a figure's context, like the load. */
  benchmarkIndex: number;
  /** Back from signing in, the page made the exchange as the server wrote it: the browser asked nothing of it. */
  exchangedByPage: boolean;
}

interface NetworkRequestItem {
  url: string;
  resourceType?: string;
  transferSize?: number;
  statusCode?: number;
}

function readRun(lhr: Result, arrival: Arrival): Run {
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const details = lhr.audits['network-requests']?.details as { items?: NetworkRequestItem[] } | undefined;
  const answered = (path: string) => (details?.items ?? []).some((item) => new URL(item.url).pathname === path && item.statusCode === 200);
  const asked = (prefix: string) => (details?.items ?? []).some((item) => new URL(item.url).pathname.startsWith(prefix));
  const scripts = (details?.items ?? [])
    .filter((item) => item.resourceType === 'Script')
    .map((item) => ({ url: item.url, transferSize: item.transferSize ?? 0 }));
  return {
    score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    accessibility: Math.round((lhr.categories.accessibility?.score ?? 0) * 100),
    bestPractices: Math.round((lhr.categories['best-practices']?.score ?? 0) * 100),
    scriptCount: scripts.length,
    fcp: numeric('first-contentful-paint'),
    lcp: numeric('largest-contentful-paint'),
    tbt: numeric('total-blocking-time'),
    cls: numeric('cumulative-layout-shift'),
    jsTransferred: scripts.reduce((total, script) => total + script.transferSize, 0),
    scripts,
    finalUrl: lhr.finalDisplayedUrl,
    // Back from signing in, the page made the exchange (the verifier came in its cookie: nothing of /api/auth/ asked,
    // the code then checked as used up) or its early calls did, and asked for the user.
    signedIn:
      arrival === 'sign-in'
        ? (answered('/api/auth/exchange') && answered('/api/user/getOfficialAccountLoginUserInfo')) || !asked('/api/auth/')
        : !asked('/api/auth/'),
    exchangedByPage: arrival === 'sign-in' && !asked('/api/auth/'),
    benchmarkIndex: lhr.environment.benchmarkIndex,
  };
}

const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'upgrade', 'proxy-connection']);

/**
 * Sends `request` on to `target` with `headers` (but the hop-by-hop and HTTP/2 pseudo ones) and hands its answer, with
 * the headers to pass back, to `answered`; the request sent on, whose `error` is the front's to answer.
 */
function forward(
  target: URL,
  request: http.IncomingMessage | http2.Http2ServerRequest,
  headers: http.IncomingHttpHeaders,
  answered: (answer: http.IncomingMessage, headers: http.OutgoingHttpHeaders) => void,
): http.ClientRequest {
  const sent: http.OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(headers))
    if (!name.startsWith(':') && value !== undefined && !HOP_BY_HOP.has(name)) sent[name] = value;
  sent.host = target.host;
  const forwarded = http.request(
    { hostname: target.hostname, port: target.port, path: request.url, method: request.method, headers: sent },
    (answer) => {
      const kept: http.OutgoingHttpHeaders = {};
      for (const [name, value] of Object.entries(answer.headers))
        if (value !== undefined && !HOP_BY_HOP.has(name) && name !== 'content-length') kept[name] = value;
      answered(answer, kept);
    },
  );
  request.pipe(forwarded);
  return forwarded;
}

/** A TLS + HTTP/2 reverse proxy to `upstream` on a free port; returns its base URL and a stop. */
async function http2Front(upstream: string, dir: string): Promise<{ url: string; stop(): void }> {
  const key = join(dir, 'front-key.pem');
  const cert = join(dir, 'front-cert.pem');
  execFileSync(
    'openssl',
    ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', key, '-out', cert, '-days', '1', '-subj', '/CN=localhost'],
    { stdio: 'ignore' },
  );
  const target = new URL(upstream);
  const front = http2.createSecureServer(
    { key: await readFile(key), cert: await readFile(cert), allowHTTP1: true },
    (request, response) => {
      forward(target, request, request.headers, (answer, headers) => {
        response.writeHead(answer.statusCode ?? 502, headers);
        answer.pipe(response);
      }).on('error', () => {
        response.statusCode = 502;
        response.end();
      });
    },
  );
  await new Promise<void>((resolve) => front.listen(0, '127.0.0.1', resolve));
  const { port } = front.address() as { port: number };
  return { url: `https://localhost:${port}`, stop: () => front.close() };
}

/** A script element, or a preload of a script or fetch: what a page without script would never run or ask for. */
const SCRIPT_MARKUP = /<script\b[^>]*>[\s\S]*?<\/script>|<link\b[^>]*\b(?:rel="modulepreload"|as="script"|as="fetch")[^>]*>/gi;

/**
 * A front on a free port of `upstream` that answers its HTML pages without their scripts (`no-script`): the same page,
 * styles and markup, with nothing for the browser to fetch or run but them. Cookies do not tell ports apart, so the
 * session's cookie reaches it.
 */
async function noScriptFront(upstream: string): Promise<{ url: string; stop(): void }> {
  const target = new URL(upstream);
  const front = http.createServer((request, response) => {
    forward(target, request, { ...request.headers, 'accept-encoding': 'identity' }, (answer, headers) => {
      const chunks: Buffer[] = [];
      answer.on('data', (chunk: Buffer) => chunks.push(chunk));
      answer.on('end', () => {
        const body = Buffer.concat(chunks);
        const html = String(answer.headers['content-type']).startsWith('text/html');
        const sent = html ? Buffer.from(body.toString('utf8').replace(SCRIPT_MARKUP, '')) : body;
        response.writeHead(answer.statusCode ?? 502, { ...headers, 'content-length': sent.length });
        response.end(sent);
      });
    }).on('error', () => {
      response.statusCode = 502;
      response.end();
    });
  });
  await new Promise<void>((resolve) => front.listen(0, '127.0.0.1', resolve));
  const { port } = front.address() as { port: number };
  return { url: `http://127.0.0.1:${port}`, stop: () => front.close() };
}

/**
 * Puts what the run starts with into the Chromium at `port`: localStorage entries of `origin`, set from a page that
 * loads no script (`/healthz`), and the session's cookie where given; then clears the HTTP cache, so the measured load
 * starts cold but for them, or (`warmWith`) loads that page once, so that its files are in the cache.
 */
async function prepareBrowser(
  port: number,
  origin: string,
  storage: Record<string, string>,
  { sessionCookie, verifier, warmWith }: { sessionCookie?: string; verifier?: string; warmWith?: string } = {},
): Promise<void> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const context = browser.contexts()[0] ?? (await browser.newContext());
    const page = await context.newPage();
    await page.goto(`${origin}/healthz`);
    await page.evaluate((entries) => {
      for (const [key, value] of Object.entries(entries)) localStorage.setItem(key, value);
    }, storage);
    if (verifier) await keepVerifier(page, origin, verifier);
    if (sessionCookie)
      await context.addCookies([{ name: 'yst_session', value: sessionCookie, url: origin, httpOnly: true, sameSite: 'Lax' }]);
    if (warmWith) {
      await page.goto(`${origin}${warmWith}`);
      await page.waitForLoadState('networkidle');
    } else {
      const session = await context.newCDPSession(page);
      await session.send('Network.clearBrowserCache');
      await session.detach();
    }
    await page.close();
  } finally {
    // Disconnects; the Chromium (chrome-launcher's) stays up for Lighthouse.
    await browser.close();
  }
}

/** The verifier of each sign-in code a run's address carries. */
const verifiers = new Map<string, string>();

/** Whether the sign-in code in `url` is used up: its exchange, asked again with its verifier, is refused. */
async function codeUsedUp(url: string): Promise<boolean> {
  const code = new URL(url).searchParams.get('signin') ?? '';
  const response = await fetch(`${server.url}/api/auth/exchange`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ code, verifier: verifiers.get(code) }),
  });
  return response.status !== 200;
}

/** What the run's browser holds and the address it loads, for the way it comes to `path` as `user`. */
async function arrivalAt(origin: string, path: string, user: DemoUser, arrival: Arrival, port: number): Promise<string> {
  if (arrival === 'sign-in') {
    const { code, verifier } = await demoSignInCode(server.url, user, path);
    verifiers.set(code, verifier);
    await prepareBrowser(port, origin, {}, { verifier });
    return `${origin}${path}?signin=${code}`;
  }
  const token = await demoSignIn(server.url, user);
  await prepareBrowser(
    port,
    origin,
    { token: JSON.stringify(token) },
    { sessionCookie: arrival === 'token' ? undefined : token, warmWith: process.env.WARM ? path : undefined },
  );
  return `${origin}${path}`;
}

/** Lighthouse on `path` of `origin` as a phone comes to it as `user` (see above). */
async function lighthouseRun(origin: string, path: string, user: DemoUser, arrival: Arrival): Promise<Run> {
  const chrome = await chromeLauncher.launch({ chromePath: CHROME_PATH, chromeFlags: CHROME_FLAGS });
  try {
    const url = await arrivalAt(origin, path, user, arrival, chrome.port);
    const result = await lighthouse(url, {
      port: chrome.port,
      onlyCategories: ['performance', 'accessibility', 'best-practices'],
      logLevel: 'error',
      output: 'json',
      disableStorageReset: true,
      ...(process.env.LH_THROTTLING ? { throttling: JSON.parse(process.env.LH_THROTTLING) } : {}),
      ...(process.env.LH_THROTTLING_METHOD === 'devtools' ? { throttlingMethod: 'devtools' as const } : {}),
    });
    if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
    const { lhr } = result;
    if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    const run = readRun(lhr, arrival);
    if (REPORT_DIR) await mkdir(REPORT_DIR, { recursive: true });
    if (ARTIFACTS_DIR) {
      await mkdir(ARTIFACTS_DIR, { recursive: true });
      await writeFile(
        join(ARTIFACTS_DIR, `artifacts${path.replace(/[^a-z0-9]+/gi, '-')}-${Date.now()}.json`),
        JSON.stringify(result.artifacts),
      );
    }
    if (REPORT_DIR)
      await writeFile(join(REPORT_DIR, `lighthouse${path.replace(/[^a-z0-9]+/gi, '-')}-${Date.now()}.json`), JSON.stringify(lhr));
    if (run.exchangedByPage && !(await codeUsedUp(url))) run.signedIn = false;
    if (!run.signedIn)
      throw new Error(`Lighthouse measured ${path} without signing in (the code's exchange or the user call did not answer 200)`);
    return run;
  } finally {
    chrome.kill();
  }
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] ?? Number.NaN) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
};

function line(label: string, run: Omit<Run, 'scripts' | 'finalUrl'>): string {
  return (
    `  ${label.padEnd(8)} 分数 ${String(Math.round(run.score)).padStart(3)}  FCP ${seconds(run.fcp)}  LCP ${seconds(run.lcp)}  ` +
    `TBT ${String(Math.round(run.tbt)).padStart(4)} ms  CLS ${run.cls.toFixed(3)}  JS 传输 ${kib(run.jsTransferred)} (${run.scriptCount} 个)  ` +
    `无障碍 ${run.accessibility}  最佳实践 ${run.bestPractices}`
  );
}

/** The median of each figure of `runs`. */
function medianRun(runs: Run[]): Omit<Run, 'scripts' | 'finalUrl'> {
  const of = (figure: (run: Run) => number) => median(runs.map(figure));
  return {
    score: of((run) => run.score),
    accessibility: of((run) => run.accessibility),
    bestPractices: of((run) => run.bestPractices),
    scriptCount: of((run) => run.scriptCount),
    fcp: of((run) => run.fcp),
    lcp: of((run) => run.lcp),
    tbt: of((run) => run.tbt),
    cls: of((run) => run.cls),
    jsTransferred: of((run) => run.jsTransferred),
    signedIn: runs.every((run) => run.signedIn),
    benchmarkIndex: of((run) => run.benchmarkIndex),
    exchangedByPage: runs.every((run) => run.exchangedByPage),
  };
}

/** A page's row of docs/benchmarks.md's table. */
function tableRow(row: string, runs: Run[], middle: Omit<Run, 'scripts' | 'finalUrl'>): string[] {
  return [
    row,
    String(Math.round(middle.score)),
    seconds(middle.lcp),
    `${runs.map((run) => (run.lcp / 1000).toFixed(2)).join(', ')} s`,
    `${Math.round(middle.tbt)} ms`,
    String(middle.scriptCount),
    kib(middle.jsTransferred),
    `${middle.accessibility} / ${middle.bestPractices}`,
    String(Math.round(middle.benchmarkIndex)),
  ];
}

/** A kept release store (`STORE`), or a temporary one this run builds and removes. */
const KEPT_STORE = process.env.STORE;
const store = KEPT_STORE ?? (await mkdtemp(join(tmpdir(), 'bench-releases-')));
const dataDir = await mkdtemp(join(tmpdir(), 'bench-data-'));
await releaseMissing({ storeDir: store, log: (text) => console.log(text) });
// Every run signs in afresh from this one address: on a quiet machine 24 runs outpace the 20 sign-ins a minute an
// address may make (SIGN_IN_PER_MINUTE), and the demo page then answers with the refusal.
const server = await startServer({ RELEASE_DIR: store, DATA_DIR: dataDir, SIGN_IN_PER_MINUTE: '1000' });
let front: { url: string; stop(): void } | null = null;
let noScript: { url: string; stop(): void } | null = null;
try {
  front = H2 ? await http2Front(server.url, dataDir) : null;
  const origin = front?.url ?? server.url;
  noScript = ARRIVALS.includes('no-script') ? await noScriptFront(server.url) : null;
  // The company user has accepted the agreement, so `/` is the real home page, not the agreement dialog.
  const manager = await demoSignIn(server.url, '企业管理员');
  const agreement = await callApi<{ id: number }>(server.url, 'taxAccount/getAgreement', {}, manager);
  await callApi(server.url, 'taxAccount/agreedAgreement', { id: agreement.id, privacyPolicyVersion: PRIVACY_POLICY_VERSION }, manager);

  const driver = await demoSignIn(server.url, '出租车管理员');
  const driverAgreement = await callApi<{ id: number }>(server.url, 'taxAccount/getAgreement', {}, driver);
  await callApi(server.url, 'taxAccount/agreedAgreement', { id: driverAgreement.id, privacyPolicyVersion: PRIVACY_POLICY_VERSION }, driver);
  const ridePath = await sharedTripPath(server.url, driver);

  const summary: string[] = [];
  const tableRows: string[][] = [];
  // A page's ways of arriving take turns run by run, so that each row meets the same moments of the machine's load.
  for (const listed of TARGETS.filter((one) => !WANTED || WANTED.includes(one.path))) {
    const target = listed.path === RIDE_PATH ? { ...listed, path: ridePath } : listed;
    const runsOf = new Map<Arrival, Run[]>(ARRIVALS.map((arrival) => [arrival, []]));
    console.log(`\nLighthouse 移动端性能: ${target.title}${H2 ? ' — HTTPS + HTTP/2 前置代理' : ' — 服务器直连 (HTTP/1.1)'}`);
    for (let index = 1; index <= RUNS; index++) {
      for (const arrival of ARRIVALS) {
        const load = loadavg()[0] ?? 0;
        const run = await lighthouseRun(arrival === 'no-script' && noScript ? noScript.url : origin, target.path, target.user, arrival);
        runsOf.get(arrival)?.push(run);
        const landed = new URL(run.finalUrl);
        const where = landed.pathname === target.path ? '' : `  (落在 ${landed.pathname}${landed.search})`;
        console.log(
          `${line(`第 ${index} 次`, run)}  负载 ${load.toFixed(1)}  benchmarkIndex ${Math.round(run.benchmarkIndex)}${ARRIVAL_ROWS[arrival]}${where}`,
        );
        if (process.env.VERBOSE) {
          for (const script of [...run.scripts].sort((a, b) => b.transferSize - a.transferSize)) {
            console.log(`      ${kib(script.transferSize).padStart(10)}  ${new URL(script.url).pathname}`);
          }
        }
      }
    }
    for (const [arrival, runs] of runsOf) {
      const middle = medianRun(runs);
      summary.push(`${line('中位数', middle)}  ${target.path}${ARRIVAL_ROWS[arrival]}`);
      tableRows.push(tableRow(`${target.row}${ARRIVAL_ROWS[arrival]}`, runs, middle));
    }
  }
  console.log(
    `\n汇总 (${H2 ? 'HTTPS + HTTP/2' : 'HTTP/1.1'}, ${RUNS} 次的中位数; 目标: /shop/{code} 与 /taxi/ride/{code} 分数 ≥ 95, JS ≤ 120 KiB; 其它页面 分数 ≥ 90, LCP ≤ 2.5 s, TBT ≤ 200 ms, ≤ 20 个脚本; 无障碍 ≥ 95, 最佳实践 100)`,
  );
  for (const text of summary) console.log(text);
  if (section) {
    const columns = [
      'page',
      'score',
      'LCP (median)',
      'the runs’ LCP',
      'TBT',
      'scripts',
      'JavaScript',
      'accessibility / best practices',
      'benchmarkIndex',
    ];
    writeBenchSection(section, started, [
      `${RUNS === 1 ? 'One run' : `Median of ${RUNS} runs`}, ${H2 ? 'behind an HTTPS + HTTP/2 front (`H2=1`)' : 'the server direct over HTTP/1.1'}.`,
      markdownTable(columns, tableRows),
    ]);
  }
} finally {
  front?.stop();
  noScript?.stop();
  await server.stop();
  if (!KEPT_STORE) await rm(store, { recursive: true, force: true });
  await rm(dataDir, { recursive: true, force: true });
}
