/** The server's settings, from the environment (README lists them). */
import { releaseDir } from '@app/deploy/workspace';
import { join, resolve } from 'node:path';
import { REPO_ROOT } from '@app/deploy/workspace';
import type { DatabaseTarget } from './db/database';
import { faultFromEnv, type FaultState } from './etax/simulator/faults';
import { DEFAULT_WORKER_OPTIONS } from './tasks/task-worker';

export interface OAuthProviderConfig {
  appId: string;
  secret: string;
  /** Where the user is sent to authorise (the provider's page). */
  authorizeUrl: string;
  /** Where the server exchanges the code (a local fake in tests). */
  tokenUrl: string;
}

export interface ServerConfig {
  port: number;
  host: string;
  /** The origin phones reach this server at (QR codes point there). */
  publicUrl: string | null;
  releaseDir: string;
  dataDir: string;
  database: DatabaseTarget;
  /** Hex or base64 of 32 bytes; generated into the data folder when absent. */
  secretKey: string | null;
  etax: { stepDelayMs: number; fault: FaultState; controls: boolean };
  worker: { enabled: boolean; pollMs: number; stepTimeoutMs: number; leaseMs: number; batch: number };
  auth: { wechat: OAuthProviderConfig | null; alipay: OAuthProviderConfig | null };
}

function number(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < 0) throw new Error(`${name} 无效: ${raw}`);
  return value;
}

function oauth(env: NodeJS.ProcessEnv, prefix: 'WECHAT' | 'ALIPAY', defaults: { authorizeUrl: string; tokenUrl: string }): OAuthProviderConfig | null {
  const appId = env[`${prefix}_APP_ID`];
  const secret = env[`${prefix}_APP_SECRET`];
  if (!appId || !secret) return null;
  return {
    appId,
    secret,
    authorizeUrl: env[`${prefix}_AUTHORIZE_URL`] || defaults.authorizeUrl,
    tokenUrl: env[`${prefix}_TOKEN_URL`] || defaults.tokenUrl,
  };
}

export function configFromEnv(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const port = number(env, 'PORT', 8080);
  if (!Number.isInteger(port) || port <= 0 || port > 65535) throw new Error(`PORT 无效: ${env.PORT}`);
  const dataDir = resolve(REPO_ROOT, env.DATA_DIR ?? '.data');
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    publicUrl: env.PUBLIC_URL ?? null,
    releaseDir: releaseDir(),
    dataDir,
    database: env.DATABASE_URL ? { kind: 'postgres', url: env.DATABASE_URL } : { kind: 'pglite', dataDir: join(dataDir, 'pglite') },
    secretKey: env.SECRET_KEY ?? null,
    etax: {
      stepDelayMs: number(env, 'ETAX_SIM_DELAY_MS', 1000),
      fault: faultFromEnv(env),
      controls: env.ETAX_SIM_CONTROLS !== '0' && env.NODE_ENV !== 'production',
    },
    worker: {
      enabled: env.TASK_WORKER !== '0',
      pollMs: number(env, 'TASK_POLL_MS', DEFAULT_WORKER_OPTIONS.pollMs),
      stepTimeoutMs: number(env, 'TASK_STEP_TIMEOUT_MS', DEFAULT_WORKER_OPTIONS.stepTimeoutMs),
      leaseMs: number(env, 'TASK_LEASE_MS', DEFAULT_WORKER_OPTIONS.leaseMs),
      batch: number(env, 'TASK_BATCH', DEFAULT_WORKER_OPTIONS.batch),
    },
    auth: {
      wechat: oauth(env, 'WECHAT', { authorizeUrl: 'https://open.weixin.qq.com/connect/oauth2/authorize', tokenUrl: 'https://api.weixin.qq.com/sns/oauth2/access_token' }),
      alipay: oauth(env, 'ALIPAY', { authorizeUrl: 'https://openauth.alipay.com/oauth2/publicAppAuthorize.htm', tokenUrl: 'https://openapi.alipay.com/gateway.do' }),
    },
  };
}
