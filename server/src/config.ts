/** The server's settings, from the environment (README lists them). */
import { releaseDir } from '@app/deploy/workspace';
import { createPrivateKey } from 'node:crypto';
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

export interface AlipayProviderConfig extends OAuthProviderConfig {
  /** The application's RSA private key (PEM) that signs gateway requests (RSA2); requests go unsigned without it. */
  privateKey?: string;
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
  /** Test-only hooks (`/test-hooks/*`, forced failures): only with TEST_HOOKS=1, never in production. */
  testHooks: boolean;
  worker: { enabled: boolean; pollMs: number; stepTimeoutMs: number; leaseMs: number; batch: number };
  /** Sign-in providers, and how many sign-in requests one address may make a minute (SIGN_IN_PER_MINUTE). */
  auth: { wechat: OAuthProviderConfig | null; alipay: AlipayProviderConfig | null; signInPerMinute?: number };
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

/** ALIPAY_PRIVATE_KEY: a PEM, whose line breaks may be written as `\n` in a one-line variable. */
function alipayPrivateKey(env: NodeJS.ProcessEnv): string | undefined {
  const raw = env.ALIPAY_PRIVATE_KEY;
  if (!raw) return undefined;
  const pem = raw.replace(/\\n/g, '\n');
  try {
    createPrivateKey(pem);
  } catch {
    throw new Error('ALIPAY_PRIVATE_KEY 无效: 需要 PEM 格式的 RSA 私钥');
  }
  return pem;
}

function alipay(env: NodeJS.ProcessEnv): AlipayProviderConfig | null {
  const provider = oauth(env, 'ALIPAY', { authorizeUrl: 'https://openauth.alipay.com/oauth2/publicAppAuthorize.htm', tokenUrl: 'https://openapi.alipay.com/gateway.do' });
  if (!provider) return null;
  const privateKey = alipayPrivateKey(env);
  return privateKey ? { ...provider, privateKey } : provider;
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
    testHooks: env.TEST_HOOKS === '1' && env.NODE_ENV !== 'production',
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
      alipay: alipay(env),
      signInPerMinute: number(env, 'SIGN_IN_PER_MINUTE', 20),
    },
  };
}
