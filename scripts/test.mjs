// `npm test`: installs what a fresh machine lacks (the workspace through pnpm, Debian's Chromium and nginx), then type-checks
// every package, runs the unit, component and server tests (rstest) and the browser tests (Playwright), and ends with
// one line: "N passed, N failed, N skipped". On CI, a PostgreSQL suite skipped while PostgreSQL answers fails the run.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { ensureInstall, ROOT } from './ensure-install.mjs';
import { judgePostgresSkips, TEST_SKIPS_ENV } from './postgres-skips.mjs';
import { typecheckAll } from './typecheck-groups.mjs';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

function ensureChromium() {
  if (existsSync(CHROMIUM)) return;
  if (process.getuid?.() !== 0) {
    console.error(
      `没有找到 Chromium (${CHROMIUM})。请以 root 运行: apt-get update && apt-get install -y chromium fonts-noto-cjk\n或设置 CHROMIUM_PATH 指向已安装的 Chromium。`,
    );
    process.exit(1);
  }
  console.log('> 安装 Debian 的 Chromium (apt-get)…');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  execFileSync('apt-get', ['install', '-y', '-qq', 'chromium', 'fonts-noto-cjk'], { stdio: 'inherit', env });
}

const NGINX = process.env.NGINX_PATH ?? '/usr/sbin/nginx';

/** nginx, for the fleet's test (server/test/fleet.test.ts), from Debian's packages like Chromium. */
function ensureNginx() {
  if (existsSync(NGINX)) return;
  if (process.getuid?.() !== 0) {
    console.error(
      `没有找到 nginx (${NGINX})。请以 root 运行: apt-get update && apt-get install -y nginx\n或设置 NGINX_PATH 指向已安装的 nginx。`,
    );
    process.exit(1);
  }
  console.log('> 安装 Debian 的 nginx (apt-get)…');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  execFileSync('apt-get', ['install', '-y', '-qq', 'nginx'], { stdio: 'inherit', env });
}

/**
 * rstest starts each package's test files longest first by the durations its last run left in node_modules/.cache;
 * a fresh clone has none, and then the server's files come in an order that left a minute-long crash test running
 * alone at the end. Where there is no such cache yet, it starts from the durations of scripts/test-durations.json (a
 * measured run: `project:path` → ms; a file not listed runs first, as rstest runs any file it has no duration of).
 */
function seedTestDurations() {
  const cache = join(ROOT, 'node_modules/.cache/.rstest-results/results.json');
  if (existsSync(cache)) return;
  const durations = JSON.parse(readFileSync(join(ROOT, 'scripts/test-durations.json'), 'utf8'));
  const at = Date.now();
  const files = Object.fromEntries(
    Object.entries(durations).map(([key, duration]) => {
      const colon = key.indexOf(':');
      return [`${key.slice(0, colon)}\0${key.slice(colon + 1)}`, { duration, failed: false, at }];
    }),
  );
  mkdirSync(join(cache, '..'), { recursive: true });
  writeFileSync(cache, JSON.stringify({ version: 1, files }));
}

/**
 * Runs a command and resolves with its exit code and what it printed. Its output is echoed as it comes, or, with
 * `quiet`, printed whole when it ends (two suites running side by side would interleave their lines).
 */
function run(label, command, args, options = {}, quiet = false) {
  console.log(`\n> ${label}${quiet ? '（同时运行，结束后输出）' : ''}`);
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: ROOT, env: { ...process.env, NO_COLOR: '1' }, ...options });
    let output = '';
    for (const stream of [child.stdout, child.stderr]) {
      stream.on('data', (chunk) => {
        output += chunk;
        if (!quiet) process.stdout.write(chunk);
      });
    }
    child.on('exit', (code) => {
      if (quiet) process.stdout.write(`\n> ${label}\n${output}`);
      console.log(`${label}用时 ${((Date.now() - started) / 1000).toFixed(0)} s`);
      resolve({ code: code ?? 1, output });
    });
  });
}

/**
 * Says which suites were skipped for something missing (the tests list them in TEST_SKIPS_FILE), and resolves false
 * when the run must fail for it: a PostgreSQL suite skipped on CI while PostgreSQL answers at 127.0.0.1:5432.
 */
async function reportPostgresSkips(file) {
  const { skips, postgres, fails, at } = await judgePostgresSkips(file);
  for (const { suite, reason } of skips) console.log(`跳过: ${suite} (${reason})`);
  if (fails) console.error(`\n${postgres.length} 个 PostgreSQL 测试组被跳过，但 PostgreSQL 在 ${at} 可用 (CI=true)：它们必须运行。`);
  return !fails;
}

const started = Date.now();
ensureInstall();
ensureChromium();
ensureNginx();

let passed = 0;
let failed = 0;

// Lint and format first: one Biome run over the repository takes seconds (docs/testing.md, "Lint and format").
const lint = await run('格式与规范检查 (Biome)', join(ROOT, 'node_modules/.bin/biome'), ['check', '--reporter=summary', '.']);
if (lint.code !== 0) failed += 1;

console.log('\n> 类型检查 (tsc --noEmit: 浏览器端各包一个程序，其余每包一个)');
const typecheckStarted = Date.now();
const typecheck = { code: (await typecheckAll()) ? 0 : 1 };
console.log(`类型检查用时 ${((Date.now() - typecheckStarted) / 1000).toFixed(0)} s`);
if (typecheck.code !== 0) failed += 1;

seedTestDurations();
const skipsFile = join(ROOT, 'node_modules/.cache/test-skips.jsonl');
rmSync(skipsFile, { force: true });
process.env[TEST_SKIPS_ENV] = skipsFile;
// The unit and component tests first, alone; then the server's tests, then the browser tests, one after the other:
// side by side on two cores they slowed each other more than they filled each other's waits (docs/testing.md).
// NPM_TEST_SIDE_BY_SIDE=1 runs the last two side by side instead.
const rstest = join(ROOT, 'node_modules/.bin/rstest');
const unit = await run('单元与组件测试 (rstest)', rstest, ['run', '--project', '!server']);
// Both start server processes from one bundle: made first, once. (Imported only now: it needs esbuild, which the
// install above brings to a fresh clone.)
const { builtEntry } = await import('./server-build.mjs');
await builtEntry('server/src/main.ts');
// Four workers for the server suite alone: its files spend much of their time waiting on server processes, PostgreSQL
// and the task worker's back-offs, and two left the cores half idle (docs/testing.md, "How long `npm test` takes").
const serverTests = (quiet) => run('服务端测试 (rstest)', rstest, ['run', '--project', 'server', '--pool.maxWorkers=4'], {}, quiet);
const browserTests = (quiet) =>
  run(
    '浏览器测试 (Playwright, Chromium, 手机 + 微信)',
    join(ROOT, 'e2e/node_modules/.bin/playwright'),
    ['test'],
    { cwd: join(ROOT, 'e2e') },
    quiet,
  );
const sideBySide = process.env.NPM_TEST_SIDE_BY_SIDE === '1';
console.log(`\n> 服务端测试与浏览器测试${sideBySide ? '同时运行' : '依次运行'}，负载 ${loadavg()[0].toFixed(1)}`);
const [server, e2e] = sideBySide
  ? await Promise.all([serverTests(false), browserTests(true)])
  : [await serverTests(false), await browserTests(false)];
let skipped = 0;
for (const result of [unit, server]) {
  // rstest colours its summary even when piped: strip the escapes before reading "Tests  3 failed | 71 passed".
  const summary = stripVTControlCharacters(result.output);
  const counts = /Tests\s+(?:(\d+) failed\s*\|\s*)?(\d+) passed/.exec(summary) ?? /Tests\s+(\d+) failed/.exec(summary);
  if (counts) {
    failed += Number(counts[1] ?? 0);
    passed += Number(counts[2] ?? 0);
  }
  if (result.code !== 0 && !counts?.[1]) failed += 1;
  skipped += Number(/Tests\s+[^\n]*?(\d+) skipped/.exec(summary)?.[1] ?? 0);
}
if (!(await reportPostgresSkips(skipsFile))) failed += 1;

const resultsFile = join(ROOT, '.e2e/results.json');
if (existsSync(resultsFile)) {
  const { stats } = JSON.parse(readFileSync(resultsFile, 'utf8'));
  passed += stats.expected + stats.flaky;
  failed += stats.unexpected;
  skipped += stats.skipped;
}
if (e2e.code !== 0 && !existsSync(resultsFile)) failed += 1;

console.log(`\n用时 ${((Date.now() - started) / 1000).toFixed(0)} s${typecheck.code === 0 ? '，类型检查通过' : '，类型检查失败'}`);
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed > 0 || lint.code !== 0 || typecheck.code !== 0 || unit.code !== 0 || server.code !== 0 || e2e.code !== 0 ? 1 : 0);
