/**
 * Real server processes for tests and benchmarks: the server's bundle (`builtEntry('server/src/main.ts')` of
 * scripts/server-build.mjs, what a fleet's instances run; `npm start` runs the same sources after releasing) on a free
 * port, with its output kept for assertions and for the failure message. The bundle loads JavaScript instead of
 * compiling TypeScript at every start (tsx: seconds of CPU a start), and is bundled again when a source changed.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { openSync, closeSync } from 'node:fs';
import { freePort } from '@app/deploy/fleet/free-port';
import { REPO_ROOT } from '@app/deploy/workspace';
import { builtEntry } from '../../../scripts/server-build.mjs';
import { processTreeCpuMs } from './process-cpu';
import { exchangeOver, newVerifier, signInCodeIn } from './sign-in-handover';
import { PRIVACY_POLICY_VERSION } from '@app/domain/privacy-policy';

export interface ServerProcess {
  url: string;
  pid: number;
  child: ChildProcess;
  /** Everything the process wrote so far (stdout and stderr). */
  output(): string;
  /** Milliseconds from spawning to the first answer of `GET /healthz`. */
  startedInMs: number;
  /** SIGKILL: no shutdown at all, like a crash or an OOM kill. */
  kill(): Promise<void>;
  /** SIGTERM: the server closes gracefully. */
  stop(): Promise<void>;
}

export interface ServerProcessOptions {
  /** Environment on top of the current one; `undefined` removes a variable (e.g. DATABASE_URL for PGlite). */
  env: Record<string, string | undefined>;
  /**
   * A limit of wall time for the first answer (a benchmark's); without it the start is waited for as long as it
   * makes progress (startProgress).
   */
  startTimeoutMs?: number;
  /** Keep stdout (the request log) in `output()`; or write it to this file (as a deployment would); else discard it. */
  keepStdout?: boolean;
  stdoutFile?: string;
  /** Node arguments (paths relative to the repository root); default the bundle of `server/src/main.ts`. */
  args?: string[];
  /** What answers once the server is up; default `GET /healthz`. */
  probe?: (url: string) => Promise<boolean>;
}

/**
 * How a start is waited for: as long as it makes progress, not for a time. On a 2-core machine running browsers and
 * other servers the same start (PGlite creating its folder, the migrations, the seed, the demo history's seconds of
 * CPU) takes many times longer than alone, so a limit of wall time failed starts that were only waiting for a core.
 * A start has gone wrong once it used START_CPU_LIMIT_MS of CPU without answering (several times what the slowest
 * start, the demo history's, uses), or used none for START_STALL_MS (stuck waiting on something that never comes).
 * Where /proc cannot say (not Linux), the wall time stands for the CPU time.
 */
export const START_CPU_LIMIT_MS = 90_000;
export const START_STALL_MS = 120_000;

/** Tells, at each poll, why a start is taken as failed, or null while it is making progress. */
function startProgress(pid: number, limitMs: number | undefined): () => string | null {
  const started = Date.now();
  if (limitMs !== undefined) return () => (Date.now() - started > limitMs ? `did not answer within ${limitMs} ms` : null);
  let lastCpuMs = 0;
  let lastProgressAt = started;
  return () => {
    const now = Date.now();
    const cpuMs = processTreeCpuMs(pid) ?? now - started;
    if (cpuMs > lastCpuMs) [lastCpuMs, lastProgressAt] = [cpuMs, now];
    if (cpuMs > START_CPU_LIMIT_MS) return `used ${Math.round(cpuMs)} ms of CPU without answering`;
    if (now - lastProgressAt > START_STALL_MS) return `used no CPU for ${START_STALL_MS} ms without answering`;
    return null;
  };
}

const healthz = async (url: string) => (await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(2000) })).ok;

const MAX_OUTPUT = 4 * 1024 * 1024;

/**
 * The server processes this process started that are still running: killed when it exits, so a test that timed out
 * (or a hook that gave up while a start was still under way) never leaves a server running after the run.
 */
const running = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

export async function startServerProcess(options: ServerProcessOptions): Promise<ServerProcess> {
  const args = options.args ?? [await builtEntry('server/src/main.ts')];
  const port = await freePort();
  // The simulator's controls (SMS inbox as JSON, fault switch) are for tests: these processes are tests. They count
  // exactly what they made, and benchmarks compare like with like: no demo history unless a test asks for it.
  // No metrics listener unless a test asks for one (METRICS_PORT): test servers run side by side. A short-lived server
  // compiles only the schemas of the calls it answers (schema-compilers.test.ts compiles them all).
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    LOG_LEVEL: 'silent',
    ETAX_SIM_CONTROLS: '1',
    DEMO_HISTORY: 'false',
    METRICS_PORT: '0',
    PRECOMPILE_SCHEMAS: 'false',
  };
  for (const [name, value] of Object.entries(options.env)) {
    if (value === undefined) delete env[name];
    else env[name] = value;
  }
  env.PORT = String(port);
  env.HOST = '127.0.0.1';
  const started = Date.now();
  const stdoutFd = options.stdoutFile ? openSync(options.stdoutFile, 'a') : null;
  const child = spawn(process.execPath, args, {
    cwd: REPO_ROOT,
    env,
    stdio: ['ignore', stdoutFd ?? 'pipe', 'pipe'],
  });
  if (stdoutFd !== null) closeSync(stdoutFd);
  running.add(child);
  child.once('exit', () => running.delete(child));
  let output = '';
  const keep = (chunk: Buffer) => {
    if (output.length < MAX_OUTPUT) output += chunk.toString();
  };
  if (options.keepStdout) child.stdout?.on('data', keep);
  else child.stdout?.resume();
  child.stderr?.on('data', keep);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const alive = () => child.exitCode === null && child.signalCode === null;

  const url = `http://127.0.0.1:${port}`;
  const failed = startProgress(child.pid ?? -1, options.startTimeoutMs);
  for (;;) {
    if (!alive()) throw new Error(`server exited with ${child.exitCode ?? child.signalCode} before answering:\n${output}`);
    try {
      if (await (options.probe ?? healthz)(url)) break;
    } catch {
      // Not listening yet.
    }
    const why = failed();
    if (why) {
      child.kill('SIGKILL');
      throw new Error(`server ${why}:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const startedInMs = Date.now() - started;

  const signal = async (name: NodeJS.Signals) => {
    if (!alive()) return;
    child.kill(name);
    await exited;
  };
  return {
    url,
    pid: child.pid ?? -1,
    child,
    output: () => output,
    startedInMs,
    kill: () => signal('SIGKILL'),
    stop: () => signal('SIGTERM'),
  };
}

export interface Envelope<T> {
  status: number;
  body: { success: boolean; result: T; message: string | null; errorCode: number | null };
}

/** `POST /api/<path>` on a running server. */
/** A call as the app makes it; `timeoutMs` for one that waits on purpose (a server still opening its database). */
export async function callApi<T = unknown>(
  url: string,
  path: string,
  body: unknown = {},
  token: string | null = null,
  timeoutMs = 10_000,
): Promise<Envelope<T>> {
  const response = await fetch(`${url}/api/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(timeoutMs),
  });
  return { status: response.status, body: (await response.json()) as Envelope<T>['body'] };
}

/**
 * Signs in through the built-in demo provider as the demo user with this label, the way the app does (a challenge to
 * the demo page, the code from the redirect exchanged with the verifier), and accepts the authorisation agreement as a
 * company user does before acting at the tax bureau; returns its token and user id.
 */
export async function demoSignIn(url: string, label: string): Promise<{ token: string; userId: string }> {
  const { verifier, challenge } = newVerifier();
  const page = await (await fetch(`${url}/api/auth/authorize?returnUrl=%2F&challenge=${challenge}`)).text();
  const form = page.split('<form').find((part) => part.includes(`<strong>${label}</strong>`));
  const userId = form && /name="userId" value="([0-9a-f-]{36})"/.exec(form)?.[1];
  if (!userId) throw new Error(`the demo sign-in page lists no ${label}`);
  const response = await fetch(`${url}/api/auth/demo`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ userId, returnUrl: '/', challenge }).toString(),
    redirect: 'manual',
  });
  const location = response.headers.get('location') ?? '';
  if (response.status !== 303) throw new Error(`demo sign-in answered ${response.status} ${location}`);
  const token = await exchangeOver(url, signInCodeIn(location), verifier);
  const agreement = await callApi<{ id: number }>(url, 'taxAccount/getAgreement', {}, token);
  await callApi(url, 'taxAccount/agreedAgreement', { id: agreement.body.result.id, privacyPolicyVersion: PRIVACY_POLICY_VERSION }, token);
  return { token, userId };
}
