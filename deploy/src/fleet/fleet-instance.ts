/**
 * One server instance of the fleet: the server's bundle (scripts/server-build.mjs, as `npm start` runs it) in a
 * process of its own on 127.0.0.1:<port>, its metrics on 127.0.0.1:<metricsPort>, its output in a log file. Ready
 * when `/readyz` answers 200.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, openSync } from 'node:fs';
import { REPO_ROOT } from '../workspace';

export interface FleetInstance {
  /** 1, 2, … in the order they were started. */
  number: number;
  port: number;
  pid: number;
  url: string;
  /** Where Prometheus reads its figures (`<metricsUrl>/metrics`, loopback): never through nginx. */
  metricsUrl: string;
  logFile: string;
  child: ChildProcess;
  /** Resolves when the process has ended. */
  exited: Promise<void>;
  alive(): boolean;
  /** SIGTERM: it drains its connections, its worker hands back its leases, then it exits. */
  stop(): Promise<void>;
  /** SIGKILL: a crash. */
  kill(): Promise<void>;
}

export interface InstanceStart {
  number: number;
  port: number;
  /** Its metrics listener's port (METRICS_PORT) on 127.0.0.1. */
  metricsPort: number;
  /** The server bundle to run. */
  entry: string;
  env: NodeJS.ProcessEnv;
  logFile: string;
}

export function spawnInstance(start: InstanceStart): FleetInstance {
  const log = openSync(start.logFile, 'a');
  const child = spawn(process.execPath, ['--enable-source-maps', start.entry], {
    cwd: REPO_ROOT,
    env: { ...start.env, PORT: String(start.port), HOST: '127.0.0.1', METRICS_PORT: String(start.metricsPort), METRICS_HOST: '127.0.0.1' },
    stdio: ['ignore', log, log],
    // Its own process group: Ctrl-C in the terminal reaches the fleet alone, which stops the instances in order.
    detached: true,
  });
  closeSync(log);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const alive = () => child.exitCode === null && child.signalCode === null;
  const signal = async (name: NodeJS.Signals) => {
    if (alive()) child.kill(name);
    // A stopped (SIGSTOP) process only acts on SIGTERM once continued.
    if (alive() && name === 'SIGTERM') child.kill('SIGCONT');
    await exited;
  };
  return {
    number: start.number,
    port: start.port,
    pid: child.pid ?? -1,
    url: `http://127.0.0.1:${start.port}`,
    metricsUrl: `http://127.0.0.1:${start.metricsPort}`,
    logFile: start.logFile,
    child,
    exited,
    alive,
    stop: () => signal('SIGTERM'),
    kill: () => signal('SIGKILL'),
  };
}

/** Waits until the instance answers `/readyz` with 200; fails when it exits first or `deadline` passes. */
export async function waitUntilReady(instance: FleetInstance, deadline: number): Promise<void> {
  for (;;) {
    if (!instance.alive()) throw new Error(`实例 ${instance.number} (端口 ${instance.port}) 启动失败，见日志 ${instance.logFile}`);
    try {
      const response = await fetch(`${instance.url}/readyz`, { signal: AbortSignal.timeout(3_000) });
      await response.body?.cancel();
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline)
      throw new Error(`实例 ${instance.number} (端口 ${instance.port}) 未能在规定时间内就绪，见日志 ${instance.logFile}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
