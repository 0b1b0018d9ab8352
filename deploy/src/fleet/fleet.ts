/**
 * A fleet on this machine (docs/operations.md, "The fleet"): N server instances on one PostgreSQL database and one
 * release store, each with its task worker, behind nginx. The instances start first (one migrates and seeds, the others
 * wait for it: server/src/db/database.ts), then nginx, once every instance is ready. Stopping is the other way round:
 * nginx stops taking requests and finishes those it passes on, then every instance drains and hands back its leases.
 */
import { mkdir, mkdtemp } from 'node:fs/promises';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { readOnlyCalls } from '@app/contract/api';
import { builtEntry } from '../../../scripts/server-build.mjs';
import { ensureFleetDatabase } from './fleet-database';
import { spawnInstance, waitUntilReady, type FleetInstance } from './fleet-instance';
import { startProxy, waitForProxy, type FleetProxy } from './fleet-proxy';
import { freePort } from './free-port';
import { ensureNginx } from './nginx-binary';

export interface FleetOptions {
  instances: number;
  /** Where nginx listens. */
  port: number;
  host: string;
  databaseUrl: string;
  storeDir: string;
  /** Where the rendered nginx.conf, the logs and nginx's temporary files go (default: a new folder in the temp dir). */
  runDir?: string;
  /** Environment of the instances on top of this process's (undefined removes a variable). */
  env?: Record<string, string | undefined>;
  log?: (line: string) => void;
  /** How long the instances and nginx may take to be ready. */
  startTimeoutMs?: number;
}

export interface Fleet {
  /** nginx's address, e.g. http://127.0.0.1:8080. */
  url: string;
  runDir: string;
  configFile: string;
  instances: FleetInstance[];
  proxy: FleetProxy;
  /** nginx first (graceful), then every instance (SIGTERM, drained). */
  stop(): Promise<void>;
}

export async function startFleet(options: FleetOptions): Promise<Fleet> {
  const log = options.log ?? (() => {});
  const nginx = ensureNginx(log);
  if ((await ensureFleetDatabase(options.databaseUrl)).created) log(`已创建数据库 ${new URL(options.databaseUrl).pathname.slice(1)}`);
  const runDir = options.runDir ?? (await mkdtemp(join(tmpdir(), 'yst-fleet-')));
  await mkdir(runDir, { recursive: true });
  await mkdir(options.storeDir, { recursive: true });
  const entry = await builtEntry('server/src/main.ts');
  const deadline = Date.now() + (options.startTimeoutMs ?? 120_000);

  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PUBLIC_URL: process.env.PUBLIC_URL ?? `http://localhost:${options.port}`,
    DATABASE_URL: options.databaseUrl,
    RELEASE_DIR: options.storeDir,
    // nginx on this machine is the only proxy whose X-Forwarded-For is believed.
    TRUST_PROXY: 'loopback',
  };
  for (const [name, value] of Object.entries(options.env ?? {})) {
    if (value === undefined) delete env[name];
    else env[name] = value;
  }
  const instances: FleetInstance[] = [];
  let proxy: FleetProxy | null = null;
  // Should this process end without stopping the fleet (an error), nothing it started is left running.
  process.once('exit', () => {
    for (const child of [proxy?.child, ...instances.map((instance) => instance.child)])
      if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  });
  const stop = async () => {
    await proxy?.stop();
    await Promise.all(instances.map((instance) => instance.stop()));
  };
  try {
    for (let number = 1; number <= options.instances; number++) {
      instances.push(
        spawnInstance({
          number,
          port: await freePort(),
          metricsPort: await freePort(),
          entry,
          env,
          logFile: join(runDir, `instance-${number}.log`),
        }),
      );
    }
    await Promise.all(instances.map((instance) => waitUntilReady(instance, deadline)));
    proxy = await startProxy(nginx, {
      listen: `${options.host}:${options.port}`,
      runDir,
      storeDir: options.storeDir,
      instancePorts: instances.map((instance) => instance.port),
      readOnlyCalls: readOnlyCalls(),
      user: process.getuid?.() === 0 ? userInfo().username : null,
      // The instances' own limit (server/src/config.ts: 30 s by default), so that nginx cuts a stalled request as they would.
      requestTimeoutMs: Number(env.REQUEST_TIMEOUT_MS || 30_000),
    });
    const url = `http://${options.host === '0.0.0.0' ? '127.0.0.1' : options.host}:${options.port}`;
    await waitForProxy(proxy, `${url}/readyz`, join(runDir, 'error.log'), deadline);
    return { url, runDir, configFile: proxy.configFile, instances, proxy, stop };
  } catch (error) {
    await Promise.all([proxy?.stop(), ...instances.map((instance) => instance.kill())]);
    throw error;
  }
}
