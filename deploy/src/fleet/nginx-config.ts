/**
 * The fleet's nginx configuration: the template kept in deploy/nginx/ with the fleet's ports, folders and calls
 * written in. Only checked names reach it (ports, call paths, release paths), so nothing can add a directive.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { HASHED_FILE, IMMUTABLE } from '../cache-policy';
import { REPO_ROOT } from '../workspace';

export const NGINX_TEMPLATE = join(REPO_ROOT, 'deploy/nginx/fleet.conf.template');

export interface FleetProxySettings {
  /** `address:port` nginx listens on. */
  listen: string;
  /** The fleet's run folder: pid, logs and nginx's temporary files. */
  runDir: string;
  /** A folder whose `remotes` is the release store (a link to it), so `/remotes/<app>/<version>/…` maps onto it. */
  storeRoot: string;
  /** The instances' ports on 127.0.0.1. */
  instancePorts: readonly number[];
  /** The read-only calls (`<module>/<action>`), sent again to another instance after a failure. */
  readOnlyCalls: readonly string[];
  /** Whom nginx's workers run as, when it is started as root: the user running the fleet, who can read the store. */
  user: string | null;
  /** Debian's nginx's MIME types. */
  mimeTypes: string;
  /** How long a client may take to send a request (the instances' REQUEST_TIMEOUT_MS): nginx cuts a stalled one then. */
  requestTimeoutMs: number;
  /** nginx answers https with this certificate and key (PEM files); plain http without. */
  tls?: { certificate: string; key: string } | null;
}

const CALL_PATH = /^[a-z][A-Za-z]*\/[a-z][A-Za-z]*$/;
const FOLDER = /^\/[^\s;{}"'\\]+$/;
const USER = /^[a-z_][a-z0-9_-]*$/;

/** The addresses nginx serves from the store: a released version's hashed files under `static/`. */
export function hashedFilesPattern(): string {
  return `^/remotes/[a-z][a-z0-9-]{0,39}/[0-9]+\\.[0-9]+\\.[0-9]+(-[0-9A-Za-z.-]+)?/static/.+${HASHED_FILE.source}`;
}

function checkedTimeout(ms: number): number {
  if (!Number.isInteger(ms) || ms < 1) throw new Error(`nginx 配置中的请求超时无效: ${ms}`);
  return ms;
}

function checked(value: string, pattern: RegExp, what: string): string {
  if (!pattern.test(value)) throw new Error(`nginx 配置中的${what}无效: ${value}`);
  return value;
}

export function renderNginxConfig(template: string, settings: FleetProxySettings): string {
  if (settings.instancePorts.length === 0) throw new Error('nginx 配置至少需要一个实例');
  const values: Record<string, string> = {
    user: settings.user ? `user ${checked(settings.user, USER, '用户')};` : '',
    runDir: checked(settings.runDir, FOLDER, '运行目录'),
    storeRoot: checked(settings.storeRoot, FOLDER, '发布目录'),
    mimeTypes: checked(settings.mimeTypes, FOLDER, 'MIME 类型文件'),
    listen: `${checked(settings.listen, /^[0-9.]+:\d{1,5}$|^\[[0-9a-f:]+\]:\d{1,5}$/, '监听地址')}${settings.tls ? ' ssl' : ''}`,
    tls: settings.tls
      ? `    ssl_certificate ${checked(settings.tls.certificate, FOLDER, '证书文件')};\n    ssl_certificate_key ${checked(settings.tls.key, FOLDER, '私钥文件')};`
      : '',
    requestTimeout: `${checkedTimeout(settings.requestTimeoutMs)}ms`,
    immutable: IMMUTABLE,
    hashedFiles: hashedFilesPattern(),
    upstreamServers: settings.instancePorts
      .map((port) => {
        if (!Number.isInteger(port) || port < 1 || port > 65535) throw new Error(`nginx 配置中的实例端口无效: ${port}`);
        // One failure takes an instance out for 2 s (passive health check); then it is tried again.
        return `    server 127.0.0.1:${port} max_fails=1 fail_timeout=2s;`;
      })
      .join('\n'),
    readOnlyCalls: settings.readOnlyCalls
      .map(
        (path) =>
          `    location = /api/${checked(path, CALL_PATH, '接口')} {\n      proxy_next_upstream error timeout http_502 http_503 non_idempotent;\n      proxy_pass http://instances;\n    }`,
      )
      .join('\n'),
  };
  return template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`nginx 模板中有未知的占位符: {{${name}}}`);
    return value;
  });
}

export async function readNginxTemplate(): Promise<string> {
  return readFile(NGINX_TEMPLATE, 'utf8');
}
