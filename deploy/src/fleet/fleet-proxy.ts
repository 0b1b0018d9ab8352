/**
 * The fleet's nginx: its configuration rendered into the run folder (nginx-config.ts) and nginx run on it in the
 * foreground as a child of the fleet. Reloaded with SIGHUP (new workers take the new configuration, the old ones
 * finish their requests). Stopped with SIGQUIT, nginx's graceful shutdown: it stops listening and finishes the
 * requests it is passing on.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, openSync, closeSync } from 'node:fs';
import { mkdir, readFile, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { readNginxTemplate, renderNginxConfig, type FleetProxySettings } from './nginx-config';

const DEBIAN_MIME_TYPES = '/etc/nginx/mime.types';

/** What nginx needs besides the fleet's own settings, written into the run folder. */
async function prepareRunDir(runDir: string, storeDir: string): Promise<{ storeRoot: string; mimeTypes: string }> {
  for (const temp of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) await mkdir(join(runDir, 'temp', temp), { recursive: true });
  const storeRoot = join(runDir, 'root');
  await mkdir(storeRoot, { recursive: true });
  if (!existsSync(join(storeRoot, 'remotes'))) await symlink(storeDir, join(storeRoot, 'remotes'), 'dir');
  if (existsSync(DEBIAN_MIME_TYPES)) return { storeRoot, mimeTypes: DEBIAN_MIME_TYPES };
  // An nginx from elsewhere (NGINX_PATH) without Debian's list: the types the release files have.
  const mimeTypes = join(runDir, 'mime.types');
  await writeFile(
    mimeTypes,
    'types {\n  text/html html;\n  text/css css;\n  application/javascript js mjs;\n  application/json json map;\n  image/svg+xml svg;\n  image/png png;\n  image/jpeg jpg jpeg;\n  image/webp webp;\n  font/woff2 woff2;\n  font/woff woff;\n}\n',
  );
  return { storeRoot, mimeTypes };
}

export interface FleetProxy {
  configFile: string;
  child: ChildProcess;
  exited: Promise<void>;
  alive(): boolean;
  /** SIGQUIT, then waits for nginx to end. */
  stop(): Promise<void>;
}

export async function startProxy(
  nginx: string,
  settings: Omit<FleetProxySettings, 'storeRoot' | 'mimeTypes'> & { storeDir: string },
): Promise<FleetProxy> {
  const { storeRoot, mimeTypes } = await prepareRunDir(settings.runDir, settings.storeDir);
  const configFile = join(settings.runDir, 'nginx.conf');
  const template = await readNginxTemplate();
  await writeFile(configFile, renderNginxConfig(template, { ...settings, storeRoot, mimeTypes }));
  const errorLog = join(settings.runDir, 'error.log');
  const output = openSync(errorLog, 'a');
  const child = spawn(nginx, ['-p', settings.runDir, '-e', errorLog, '-c', configFile], {
    stdio: ['ignore', output, output],
    // Its own process group: Ctrl-C in the terminal would be nginx's fast shutdown; the fleet sends SIGQUIT instead.
    detached: true,
  });
  closeSync(output);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const alive = () => child.exitCode === null && child.signalCode === null;
  return {
    configFile,
    child,
    exited,
    alive,
    stop: async () => {
      if (!alive()) return;
      child.kill('SIGQUIT');
      const slow = setTimeout(() => child.kill('SIGTERM'), 15_000);
      await exited;
      clearTimeout(slow);
    },
  };
}

/** Waits until `url` answers through nginx (200); fails with nginx's error log when nginx ends first. */
export async function waitForProxy(proxy: FleetProxy, url: string, errorLog: string, deadline: number): Promise<void> {
  for (;;) {
    if (!proxy.alive()) throw new Error(`nginx 未能启动:\n${await readFile(errorLog, 'utf8').catch(() => '')}`);
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(3_000) });
      await response.body?.cancel();
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) throw new Error(`nginx 未能在规定时间内应答 ${url}，见 ${errorLog}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
