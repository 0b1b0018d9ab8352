/** The server's settings, from the environment (docs/server.md, "Settings", lists them). */
import { createPrivateKey } from 'node:crypto';
import { isIP } from 'node:net';
import { join, resolve } from 'node:path';
import { releaseDir, REPO_ROOT } from '@app/deploy/workspace';
import type { DatabaseTarget } from './db/database';
import { faultFromEnv, type FaultState } from './etax/simulator/faults';
import { DEFAULT_WORKER_OPTIONS, RETRY_BASE_MS, type WorkerOptions } from './tasks/task-worker';
import { paymentConfigFromEnv, type PaymentConfig } from './payments/payment-config';
import { payoutFaultFromEnv, type PayoutFault } from './payouts/payout-simulator';
import { DEFAULT_AUTO_ROLLBACK, type AutoRollbackSettings } from './releases/auto-rollback';
import type { MetricsListenerConfig } from './http/metrics-listener';
import { mailConfigFromEnv, type MailConfig } from './delivery/mail-config';
import { FIRST_SCREEN_CALL_LIMIT_MS } from './releases/lean-first-screen';
import { SESSION_ANSWERS_LIMIT_MS } from './releases/session-answers';

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
  /**
   * The e-tax simulator: its latency and fault. `controls` mounts its control routes (fault switch, the simulated
   * buyer's answer, the latest SMS as JSON): only where tests turn them on (ETAX_SIM_CONTROLS=1 or TEST_HOOKS=1),
   * never in production.
   */
  etax: { stepDelayMs: number; fault: FaultState; controls: boolean };
  /** Test-only hooks (`/test-hooks/*`, forced failures): only with TEST_HOOKS=1, never in production. */
  testHooks: boolean;
  /**
   * PRECOMPILE_SCHEMAS (on unless `false`): once ready, compile the schemas no request has compiled yet, a route at a
   * time (http/lazy-schema-compilers.ts). Tests' short-lived servers turn it off: one test compiles every schema.
   */
  precompileSchemas: boolean;
  /**
   * The proxies whose X-Forwarded-For is believed (TRUST_PROXY: addresses or CIDRs, comma-separated, or loopback):
   * none by default, so a client cannot choose the address the sign-in limit counts.
   */
  trustProxy: string[];
  /** How long a client may take to send a whole request, and how long an idle connection is kept. */
  http: {
    requestTimeoutMs: number;
    keepAliveTimeoutMs: number;
    connectionTimeoutMs: number;
    startupHoldMs: number;
  };
  /** How long the host's page waits for the start-up's answers of its cookie's session (default 300 ms). */
  pageAnswersMs?: number;
  /** How long a lean page waits for the call its first screen shows, before it is sent unpainted (default 500 ms). */
  firstScreenCallMs?: number;
  /**
   * Where `npm start` answers `GET /metrics` (http/metrics-listener.ts): METRICS_HOST (127.0.0.1) and METRICS_PORT
   * (9464; 0 turns it off), never the public port; METRICS_TOKEN asks for it as a bearer token.
   */
  metrics: MetricsListenerConfig;
  /** The task worker's options (TASK_* settings), and whether this process runs one (TASK_WORKER). */
  worker: { enabled: boolean } & Omit<WorkerOptions, 'log'>;
  /**
   * Sign-in providers, and how many sign-in requests one address may make a minute (SIGN_IN_PER_MINUTE). `demo`: the
   * built-in demo provider signs in as the seeded demo users; on only when no real provider is configured, or when
   * DEMO_SIGN_IN=true says so explicitly (`demoForced`, which the server logs loudly at start).
   */
  auth: {
    wechat: OAuthProviderConfig | null;
    alipay: AlipayProviderConfig | null;
    demo: boolean;
    demoForced?: boolean;
    signInPerMinute?: number;
  };
  /**
   * WeChat's API for the JS-SDK signature (wechat/jsapiConfig) with the sign-in account's WECHAT_APP_ID and
   * WECHAT_APP_SECRET: WECHAT_API_URL, https://api.weixin.qq.com when absent (tests point it at a local stand-in).
   */
  wechatApiUrl?: string;
  /**
   * The payment providers and whether the demo provider is on (payments/payment-config.ts, `demoPaymentRule`: on by
   * default only where no real sign-in and no real payment provider is configured). Always given: no default here
   * could know whether the deployment is a real one.
   */
  payments: PaymentConfig;
  /** REDIS_URL: where the instances of a fleet count the rate limits together; absent, each counts its own. */
  redisUrl?: string;
  /** REDIS_PREFIX: this deployment's keys in that Redis (`yst` by default), so deployments can share one. */
  redisPrefix?: string;
  /**
   * DEMO_HISTORY (on unless `false`): a fresh database seeded with the demo data also gets the demo history, the demo
   * trading company's last four months of business (db/demo-history.ts). Tests and benchmarks start with it off.
   */
  demoHistory: boolean;
  /**
   * Money: how long income stays frozen after its payment (PAYMENT_SETTLEMENT_DELAY_MS, T+1 by default), and
   * the payout simulator's delay and fault (PAYOUT_SIM_DELAY_MS, PAYOUT_SIM_FAULT). Absent: the defaults.
   */
  money?: Partial<MoneyConfig>;
  /**
   * The auto-rollback of canaries (releases/auto-rollback.ts): CANARY_CHECK_MS (how often; 0 turns it off),
   * CANARY_MIN_LOADS, CANARY_MARGIN_POINTS. Absent: the defaults.
   */
  canary?: Partial<AutoRollbackSettings>;
  /**
   * How issued invoices are e-mailed (delivery/mail-config.ts): SMTP_URL with MAIL_FROM_ADDRESS and MAIL_FROM_NAME;
   * absent, the built-in outbox (`/etax-sim/outbox`).
   */
  mail?: MailConfig;
}

export interface MoneyConfig {
  settlementDelayMs: number;
  payoutSimDelayMs: number;
  payoutSimFault: PayoutFault;
}

export const DEFAULT_MONEY: MoneyConfig = {
  settlementDelayMs: 86_400_000,
  payoutSimDelayMs: 1000,
  payoutSimFault: { mode: 'none', reason: '收款账户信息有误，银行退回' },
};

function number(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < 0) throw new Error(`${name} 无效: ${raw}`);
  return value;
}

function oauth(
  env: NodeJS.ProcessEnv,
  prefix: 'WECHAT' | 'ALIPAY',
  defaults: { authorizeUrl: string; tokenUrl: string },
): OAuthProviderConfig | null {
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
  const provider = oauth(env, 'ALIPAY', {
    authorizeUrl: 'https://openauth.alipay.com/oauth2/publicAppAuthorize.htm',
    tokenUrl: 'https://openapi.alipay.com/gateway.do',
  });
  if (!provider) return null;
  const privateKey = alipayPrivateKey(env);
  return privateKey ? { ...provider, privateKey } : provider;
}

const PROXY_KEYWORDS = ['loopback', 'linklocal', 'uniquelocal'];

/** TRUST_PROXY: a comma-separated list of addresses, CIDRs or the keywords loopback, linklocal, uniquelocal. */
function trustedProxies(env: NodeJS.ProcessEnv): string[] {
  const entries = (env.TRUST_PROXY ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  for (const entry of entries) {
    const [address, bits, extra] = entry.split('/');
    const valid =
      PROXY_KEYWORDS.includes(entry) ||
      (extra === undefined &&
        address !== undefined &&
        isIP(address) !== 0 &&
        (bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= (isIP(address) === 4 ? 32 : 128))));
    if (!valid) throw new Error(`TRUST_PROXY 无效: ${entry}（应为 IP 地址、CIDR 或 loopback，以逗号分隔）`);
  }
  return entries;
}

function canarySettings(env: NodeJS.ProcessEnv): AutoRollbackSettings {
  const minLoads = number(env, 'CANARY_MIN_LOADS', DEFAULT_AUTO_ROLLBACK.minLoads);
  if (!Number.isInteger(minLoads) || minLoads < 1) throw new Error(`CANARY_MIN_LOADS 无效: ${env.CANARY_MIN_LOADS}（应为正整数）`);
  const marginPoints = number(env, 'CANARY_MARGIN_POINTS', DEFAULT_AUTO_ROLLBACK.marginPoints);
  if (marginPoints > 100) throw new Error(`CANARY_MARGIN_POINTS 无效: ${env.CANARY_MARGIN_POINTS}（应为 0–100 个百分点）`);
  return { checkMs: number(env, 'CANARY_CHECK_MS', DEFAULT_AUTO_ROLLBACK.checkMs), minLoads, marginPoints };
}

export const DEFAULT_METRICS_PORT = 9464;

function metricsListener(env: NodeJS.ProcessEnv): MetricsListenerConfig {
  const port = number(env, 'METRICS_PORT', DEFAULT_METRICS_PORT);
  if (!Number.isInteger(port) || port > 65535) throw new Error(`METRICS_PORT 无效: ${env.METRICS_PORT}（应为 1–65535，0 表示不提供）`);
  const token = env.METRICS_TOKEN || null;
  if (token !== null && (token.length < 16 || /\s/.test(token))) throw new Error('METRICS_TOKEN 无效：至少 16 个字符，不含空白');
  return { host: env.METRICS_HOST || '127.0.0.1', port, token };
}

/** A real sign-in provider (WeChat or Alipay) is configured: demo sign-in is off by default, and so is demo payment. */
export function realSignInConfigured(auth: Pick<ServerConfig['auth'], 'wechat' | 'alipay'>): boolean {
  return auth.wechat !== null || auth.alipay !== null;
}

export function configFromEnv(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const port = number(env, 'PORT', 8080);
  if (!Number.isInteger(port) || port <= 0 || port > 65535) throw new Error(`PORT 无效: ${env.PORT}`);
  const dataDir = resolve(REPO_ROOT, env.DATA_DIR ?? '.data');
  const production = env.NODE_ENV === 'production';
  const testHooks = env.TEST_HOOKS === '1' && !production;
  const wechat = oauth(env, 'WECHAT', {
    authorizeUrl: 'https://open.weixin.qq.com/connect/oauth2/authorize',
    tokenUrl: 'https://api.weixin.qq.com/sns/oauth2/access_token',
  });
  const alipayProvider = alipay(env);
  const realSignIn = realSignInConfigured({ wechat, alipay: alipayProvider });
  const demoForced = env.DEMO_SIGN_IN === 'true';
  if (env.DEMO_SIGN_IN !== undefined && env.DEMO_SIGN_IN !== '' && env.DEMO_SIGN_IN !== 'true' && env.DEMO_SIGN_IN !== 'false') {
    throw new Error(`DEMO_SIGN_IN 无效: ${env.DEMO_SIGN_IN}（应为 true 或 false）`);
  }
  for (const name of ['DEMO_HISTORY', 'PRECOMPILE_SCHEMAS']) {
    const value = env[name];
    if (value !== undefined && value !== '' && value !== 'true' && value !== 'false')
      throw new Error(`${name} 无效: ${value}（应为 true 或 false）`);
  }
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    publicUrl: env.PUBLIC_URL ?? null,
    releaseDir: releaseDir(),
    dataDir,
    database: env.DATABASE_URL ? { kind: 'postgres', url: env.DATABASE_URL } : { kind: 'pglite', dataDir: join(dataDir, 'pglite') },
    secretKey: env.SECRET_KEY ?? null,
    testHooks,
    precompileSchemas: env.PRECOMPILE_SCHEMAS !== 'false',
    trustProxy: trustedProxies(env),
    http: {
      requestTimeoutMs: number(env, 'REQUEST_TIMEOUT_MS', 30_000),
      keepAliveTimeoutMs: number(env, 'KEEP_ALIVE_TIMEOUT_MS', 5_000),
      connectionTimeoutMs: number(env, 'CONNECTION_TIMEOUT_MS', 60_000),
      // Below the idle time-out above and a proxy's (nginx: 60 s), so a request held while starting gets an answer.
      startupHoldMs: number(env, 'STARTUP_HOLD_MS', 30_000),
    },
    pageAnswersMs: number(env, 'PAGE_ANSWERS_MS', SESSION_ANSWERS_LIMIT_MS),
    firstScreenCallMs: number(env, 'FIRST_SCREEN_CALL_MS', FIRST_SCREEN_CALL_LIMIT_MS),
    metrics: metricsListener(env),
    etax: {
      stepDelayMs: number(env, 'ETAX_SIM_DELAY_MS', 1000),
      fault: faultFromEnv(env),
      controls: (env.ETAX_SIM_CONTROLS === '1' || testHooks) && !production,
    },
    worker: {
      enabled: env.TASK_WORKER !== '0',
      pollMs: number(env, 'TASK_POLL_MS', DEFAULT_WORKER_OPTIONS.pollMs),
      idlePollMs: number(env, 'TASK_IDLE_POLL_MS', DEFAULT_WORKER_OPTIONS.idlePollMs),
      stepTimeoutMs: number(env, 'TASK_STEP_TIMEOUT_MS', DEFAULT_WORKER_OPTIONS.stepTimeoutMs),
      leaseMs: number(env, 'TASK_LEASE_MS', DEFAULT_WORKER_OPTIONS.leaseMs),
      batch: number(env, 'TASK_BATCH', DEFAULT_WORKER_OPTIONS.batch),
      retryBaseMs: number(env, 'TASK_RETRY_BASE_MS', RETRY_BASE_MS),
    },
    auth: {
      wechat,
      alipay: alipayProvider,
      demo: demoForced || !realSignIn,
      demoForced: demoForced && realSignIn,
      signInPerMinute: number(env, 'SIGN_IN_PER_MINUTE', 20),
    },
    payments: paymentConfigFromEnv(env, { realSignIn }),
    ...(env.WECHAT_API_URL && { wechatApiUrl: env.WECHAT_API_URL }),
    demoHistory: env.DEMO_HISTORY !== 'false',
    ...(env.REDIS_URL && { redisUrl: env.REDIS_URL, redisPrefix: env.REDIS_PREFIX || 'yst' }),
    canary: canarySettings(env),
    mail: mailConfigFromEnv(env),
    money: {
      settlementDelayMs: number(env, 'PAYMENT_SETTLEMENT_DELAY_MS', DEFAULT_MONEY.settlementDelayMs),
      payoutSimDelayMs: number(env, 'PAYOUT_SIM_DELAY_MS', DEFAULT_MONEY.payoutSimDelayMs),
      payoutSimFault: payoutFaultFromEnv(env),
    },
  };
}
