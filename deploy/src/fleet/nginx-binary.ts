/**
 * nginx from Debian's packages (`/usr/sbin/nginx`, or NGINX_PATH): installed with apt-get when missing and this process
 * is root (as scripts/test.mjs installs Chromium); otherwise the message says how.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

export const NGINX = process.env.NGINX_PATH ?? '/usr/sbin/nginx';

export class NginxMissing extends Error {
  override name = 'ReleaseError';
}

export function ensureNginx(log: (line: string) => void): string {
  if (existsSync(NGINX)) return NGINX;
  if (process.getuid?.() !== 0) {
    throw new NginxMissing(
      `没有找到 nginx (${NGINX})。请以 root 运行: apt-get update && apt-get install -y nginx\n或设置 NGINX_PATH 指向已安装的 nginx。`,
    );
  }
  log('> 安装 Debian 的 nginx (apt-get)…');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  execFileSync('apt-get', ['install', '-y', '-qq', 'nginx'], { stdio: 'inherit', env });
  if (!existsSync(NGINX)) throw new NginxMissing(`apt-get 安装后仍没有找到 nginx (${NGINX})。`);
  return NGINX;
}
