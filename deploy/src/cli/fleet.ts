/**
 * `npm run fleet -- [--instances N] [--port P]`: releases what was never released (as `npm start` does), then starts
 * the fleet (deploy/src/fleet/fleet.ts) and keeps it running until Ctrl-C or SIGTERM, which stop it gracefully.
 */
import { parseArgs } from 'node:util';
import { DEFAULT_FLEET_DATABASE_URL, ensureFleetDatabase } from '../fleet/fleet-database';
import { startFleet } from '../fleet/fleet';
import { releaseMissing } from '../release-missing';
import { releaseDir } from '../workspace';
import { runCli } from './run-cli';

const USAGE = '用法: npm run fleet -- [--instances <实例数, 默认 2>] [--port <端口, 默认 PORT 或 8080>]';

function usageError(message: string): Error {
  return Object.assign(new Error(`${message}\n${USAGE}`), { name: 'ReleaseError' });
}

/** A fleet that could not start says why in one message (the instances' and nginx's logs hold the rest). */
function notStarted(error: unknown): Error {
  return Object.assign(new Error(`集群未能启动: ${error instanceof Error ? error.message : String(error)}`), { name: 'ReleaseError' });
}

function integerIn(raw: string, min: number, max: number, what: string): number {
  const value = Number(raw);
  if (!/^\d+$/.test(raw) || value < min || value > max) throw usageError(`${what}无效: ${raw}（应为 ${min} 到 ${max} 的整数）`);
  return value;
}

function fleetOptions() {
  try {
    return parseArgs({ options: { instances: { type: 'string', default: '2' }, port: { type: 'string' } } }).values;
  } catch (error) {
    throw usageError(`参数无效: ${error instanceof Error ? error.message : String(error)}`);
  }
}

runCli(async () => {
  const values = fleetOptions();
  const instances = integerIn(values.instances, 1, 16, '实例数');
  const port = integerIn(values.port ?? process.env.PORT ?? '8080', 1, 65535, '端口');
  const databaseUrl = process.env.DATABASE_URL || DEFAULT_FLEET_DATABASE_URL;
  if (!URL.canParse(databaseUrl)) throw usageError(`DATABASE_URL 无效: ${databaseUrl}`);
  // The release registry is the database's (registry-database.ts), for this process's releases as for the instances.
  process.env.DATABASE_URL = databaseUrl;
  const log = (line: string) => console.log(line);
  const storeDir = releaseDir();

  log(`> 集群: ${instances} 个实例，数据库 ${new URL(databaseUrl).host}${new URL(databaseUrl).pathname}，发布目录 ${storeDir}`);
  // The registry is in the database: it must exist before the apps never released are released into it.
  if ((await ensureFleetDatabase(databaseUrl).catch((error: unknown) => Promise.reject(notStarted(error)))).created)
    log(`已创建数据库 ${new URL(databaseUrl).pathname.slice(1)}`);
  await releaseMissing({ log, checkSources: false });
  const fleet = await startFleet({ instances, port, host: process.env.HOST ?? '0.0.0.0', databaseUrl, storeDir, log }).catch(
    (error: unknown) => Promise.reject(notStarted(error)),
  );

  let stopping = false;
  const stop = async (reason: string) => {
    if (stopping) return;
    stopping = true;
    log(`\n${reason}：停止 nginx，各实例处理完进行中的请求、交还任务租约后退出…`);
    await fleet.stop();
    log('集群已停止。');
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('收到 Ctrl-C'));
  process.on('SIGTERM', () => void stop('收到 SIGTERM'));
  for (const instance of fleet.instances) {
    void instance.exited.then(() => {
      if (!stopping)
        log(
          `⚠️ 实例 ${instance.number} (端口 ${instance.port}) 已退出 (${instance.child.exitCode ?? instance.child.signalCode})，nginx 将请求转给其余实例。日志: ${instance.logFile}`,
        );
    });
  }
  void fleet.proxy.exited.then(() => {
    if (!stopping) void stop('nginx 已退出');
  });

  log(`\n优税通集群已启动: http://localhost:${port} (nginx，监听 ${process.env.HOST ?? '0.0.0.0'}:${port})`);
  for (const instance of fleet.instances)
    log(
      `  实例 ${instance.number}: http://127.0.0.1:${instance.port} (pid ${instance.pid}，指标 ${instance.metricsUrl}/metrics，日志 ${instance.logFile})`,
    );
  log(`  nginx 配置: ${fleet.configFile}`);
  log(`  nginx 日志: ${fleet.runDir}/access.log, ${fleet.runDir}/error.log`);
  log('按 Ctrl-C 停止。');
});
