/**
 * Builds the server without listening (tests drive it with `inject`): the database (migrated, seeded when empty),
 * the e-tax simulator, the task worker, the API, sign-in, the simulator's pages and the released apps.
 */
import { LiveApps } from '@app/deploy/live-apps';
import Fastify, { type FastifyInstance, type FastifyServerFactory } from 'fastify';
import { registerAuthRoutes } from './auth/auth-routes';
import { ALL_CALLS } from './calls/all-calls';
import { DEFAULT_MONEY, type MoneyConfig, type ServerConfig } from './config';
import { recordPayment } from './cash/pay-order';
import { PaymentGateways } from './payments/payment-config';
import { registerPaymentNotifyRoutes } from './payments/notify-routes';
import { PayoutSimulator } from './payouts/payout-simulator';
import { openDatabase, type DatabaseHandle } from './db/database';
import { seedDatabase } from './db/seed';
import { registerSimulatorRoutes } from './etax/simulator/simulator-routes';
import { SimulatorGateway } from './etax/simulator/simulator-gateway';
import { registerHealthRoutes } from './http/readiness';
import { registerMetrics, type Metrics } from './http/metrics';
import { registerRequestIdHeader, requestIdOf } from './http/request-id';
import { RateLimiter, rateLimitRedis } from './http/rate-limiter';
import { OneLinePerRequest, requestLogger } from './http/request-log';
import { registerCalls } from './http/register-calls';
import { refuseWithJson } from './http/route-errors';
import { requireRouteSchemas } from './http/route-schemas';
import { registerSecurityHeaders } from './http/security-headers';
import { holdIdleConnections, serverTimeouts } from './http/server-timeouts';
import { registerInvoicePdfRoute } from './invoices/invoice-pdf-route';
import { registerExportRoute } from './exports/export-route';
import { registerShortLinkRoute } from './companies/short-link-route';
import { registerCanaryCookieHooks } from './auth/canary-identity';
import { registerSessionCookieHooks } from './auth/session-cookie';
import { AutoRollback, DEFAULT_AUTO_ROLLBACK } from './releases/auto-rollback';
import { CanaryCookies } from './releases/canary-cookie';
import { serveReleases } from './releases/serve-releases';
import { loadSecretKey } from './security/secret-key';
import type { AppServices } from './services';
import { DEFAULT_WECHAT_API_URL, WechatJsapi } from './wechat/jsapi';
import { ForcedFailures } from './test-hooks/forced-failures';
import { registerTestHooks } from './test-hooks/test-hook-routes';
import { TaskQueue } from './tasks/task-queue';
import { TaskWorker } from './tasks/task-worker';
import { deliveryChannels } from './delivery/delivery-channels';
import { registerOutboxRoutes } from './delivery/outbox-routes';
import { type LazySchemaCompilers, lazySchemaCompilers } from './http/lazy-schema-compilers';

declare module 'fastify' {
  interface FastifyInstance {
    services: AppServices;
    simulator: SimulatorGateway;
    worker: TaskWorker | null;
    payouts: PayoutSimulator;
    /** Ends canaries that fail more than the live version (checked periodically; tests call `check`). */
    autoRollback: AutoRollback;
    /** This instance's figures, answered on a listener of their own (http/metrics-listener.ts), never by this app. */
    metrics: Metrics;
    /** The routes' schema compilers, each schema compiled by its route's first request (or after start). */
    schemaCompilers: LazySchemaCompilers;
  }
}

export interface BuildOptions {
  /** An open database (tests); otherwise the configured one is opened and closed with the server. */
  database?: DatabaseHandle;
  logger?: boolean;
  /** Where log lines go instead of stdout (tests read them). */
  logStream?: { write(line: string): void };
  seed?: boolean;
  /** The HTTP server to use instead of one of its own (`npm start` listens before the app is built: start-server.ts). */
  serverFactory?: FastifyServerFactory;
}

function newFastify(config: ServerConfig, options: BuildOptions, compilers: LazySchemaCompilers): FastifyInstance {
  return Fastify({
    logger: requestLogger(options.logger, options.logStream),
    logController: new OneLinePerRequest(),
    // Each request's id (the proxy's X-Request-Id or a new one) is on each of its log lines, and in its answer.
    genReqId: requestIdOf,
    // X-Forwarded-For is believed only from the proxies of TRUST_PROXY (none by default): request.ip is then the
    // client's real address, and the sign-in limit counts it.
    trustProxy: config.trustProxy.length > 0 ? config.trustProxy : false,
    // Fastify sets these on a server of its own; `npm start`'s (serverFactory) is made with them (start-server.ts).
    requestTimeout: config.http.requestTimeoutMs,
    keepAliveTimeout: config.http.keepAliveTimeoutMs,
    connectionTimeout: config.http.connectionTimeoutMs,
    http: serverTimeouts(config.http),
    ajv: { customOptions: { coerceTypes: false, removeAdditional: false, useDefaults: true, verbose: true, allErrors: false } },
    schemaController: compilers.schemaController,
    ...(options.serverFactory && { serverFactory: options.serverFactory }),
  });
}

/** Seeds an empty database and says what it wrote. */
async function seedWhenEmpty(
  app: FastifyInstance,
  config: ServerConfig,
  database: DatabaseHandle,
  secretKey: Buffer,
  { publicUrl, money }: { publicUrl: string; money: MoneyConfig },
): Promise<void> {
  const history = config.demoHistory ? { now: new Date(), settlementDelayMs: money.settlementDelayMs, publicUrl } : null;
  // Instances starting together on one empty PostgreSQL: one seeds, the others then find the data there.
  const seeded = await database.exclusive(() => seedDatabase(database.db, secretKey, { demo: config.auth.demo, history }));
  if (seeded?.kind === 'reference') app.log.info('已写入基础数据（已配置真实登录，不写入演示账号）');
  if (seeded?.kind === 'demo' && !seeded.history) app.log.info('已写入基础数据和演示数据');
  if (seeded?.kind === 'demo' && seeded.history) {
    const { blueInvoices, redInvoices, applications, paidOrders, withdrawals, tickets, ms } = seeded.history;
    app.log.info(
      `已写入基础数据、演示数据和近 4 个月的演示经营记录（蓝字发票 ${blueInvoices} 张、红字发票 ${redInvoices} 张、开票申请 ${applications} 条、收款 ${paidOrders} 笔、提现 ${withdrawals} 笔、票夹发票 ${tickets} 张，用时 ${ms} ms；DEMO_HISTORY=false 可关闭）`,
    );
  }
}

/** The services the calls and the worker use, the e-tax simulator behind them, and the rate limits' Redis (if any). */
async function openServices(
  app: FastifyInstance,
  config: ServerConfig,
  database: DatabaseHandle,
  { secretKey, publicUrl, money }: { secretKey: Buffer; publicUrl: string; money: MoneyConfig },
) {
  const simulator = new SimulatorGateway({
    db: database.db,
    publicUrl,
    stepDelayMs: config.etax.stepDelayMs,
    fault: { ...config.etax.fault },
    log: (message) => app.log.info(message),
  });
  const tasks = new TaskQueue(database.db);
  if (config.payments.demoForced) {
    app.log.warn(
      '⚠️ PAYMENT_DEMO=true：已配置真实登录或真实支付渠道，演示支付仍然开启，任何人都能不付钱完成订单、让商户入账。切勿在生产环境中使用。',
    );
  }
  const payments = new PaymentGateways(config.payments);
  if (payments.channels().length === 0)
    app.log.info('未配置支付渠道（微信支付、支付宝），演示支付已关闭：收银台显示“商户暂未开通在线支付”');
  const payouts = new PayoutSimulator(database.db, { delayMs: money.payoutSimDelayMs, fault: money.payoutSimFault });
  const wechat = config.auth.wechat;
  const wechatJsapi = wechat
    ? new WechatJsapi({ appId: wechat.appId, secret: wechat.secret, apiUrl: config.wechatApiUrl ?? DEFAULT_WECHAT_API_URL })
    : null;
  const liveApps = new LiveApps(config.releaseDir);
  const redis = await rateLimitRedis(config.redisUrl, (error) => app.log.warn({ err: error }, 'Redis 不可用：限流暂按本实例计数'));
  const rateLimiter = new RateLimiter(redis, config.redisPrefix);
  const canaryCookies = new CanaryCookies(secretKey);
  const delivery = deliveryChannels(database.db, { mail: config.mail, stepTimeoutMs: config.worker.stepTimeoutMs, publicUrl, secretKey });
  if (delivery.mail.kind === 'outbox') app.log.info('未配置 SMTP_URL：发票邮件存入内置发件箱，见 /etax-sim/outbox');
  const services: AppServices = {
    db: database.db,
    gateway: simulator,
    tasks,
    secretKey,
    publicUrl,
    demoSignIn: config.auth.demo,
    payments,
    money,
    payouts,
    wechatJsapi,
    rateLimiter,
    liveApps,
    canaryCookies,
    delivery,
  };
  return { services, simulator, payouts, redis };
}

/** What runs beside the requests: the canaries' automatic rollback, and this instance's task worker (if enabled). */
function backgroundWork(
  app: FastifyInstance,
  config: ServerConfig,
  services: AppServices,
  simulator: SimulatorGateway,
  payouts: PayoutSimulator,
) {
  const autoRollback = new AutoRollback(
    services.db,
    services.liveApps,
    { ...DEFAULT_AUTO_ROLLBACK, ...config.canary },
    {
      warn: (message) => app.log.warn(message),
      error: (error, message) => app.log.error({ err: error }, message),
    },
  );
  const worker = config.worker.enabled
    ? new TaskWorker(
        { db: services.db, gateway: simulator, secretKey: services.secretKey, payouts, delivery: services.delivery },
        { ...config.worker, log: { info: (m) => app.log.info(m), error: (o, m) => app.log.error(o, m) } },
      )
    : null;
  if (worker) services.tasks.onCreated(() => worker.wake());
  return { autoRollback, worker };
}

/** Every route: the API and its hooks, health and metrics, sign-in, the simulator, payments, files and the released apps. */
async function registerRoutes(
  app: FastifyInstance,
  config: ServerConfig,
  services: AppServices,
  { simulator, payouts, worker }: { simulator: SimulatorGateway; payouts: PayoutSimulator; worker: TaskWorker | null },
): Promise<void> {
  const { db, liveApps, canaryCookies } = services;
  requireRouteSchemas(app);
  registerSecurityHeaders(app);
  registerRequestIdHeader(app);
  // The routes outside the API and sign-in (files, releases, the simulator) answer bad input in Chinese too.
  app.setErrorHandler((error, request, reply) => refuseWithJson(reply, error, request));
  registerHealthRoutes(app, db, liveApps);
  const metrics = registerMetrics(app, { db, live: liveApps, worker });
  app.decorate('metrics', metrics);
  registerCanaryCookieHooks(app, canaryCookies);
  registerSessionCookieHooks(app);
  const forcedFailures = config.testHooks ? new ForcedFailures() : null;
  await registerCalls(app, services, ALL_CALLS, { beforeCall: forcedFailures ? (path) => forcedFailures.check(path) : undefined });
  if (forcedFailures) await registerTestHooks(app, db, forcedFailures);
  await registerAuthRoutes(app, services, config);
  await registerSimulatorRoutes(app, simulator, { controls: config.etax.controls, payouts });
  await registerOutboxRoutes(app, db, { controls: config.etax.controls });
  await registerPaymentNotifyRoutes(app, {
    gateways: services.payments,
    onNotification: async (payment, request) => {
      const recorded = await recordPayment(db, payment);
      request.log.info({ channel: payment.channel, orderNo: payment.orderNo, recorded }, 'payment notification');
    },
  });
  registerInvoicePdfRoute(app, services);
  registerExportRoute(app, services);
  registerShortLinkRoute(app, services);
  await serveReleases(app, config.releaseDir, {
    live: liveApps,
    cookies: canaryCookies,
    sessionAnswersMs: config.pageAnswersMs,
    firstScreenCallMs: config.firstScreenCallMs,
    onRemoteLoad: (name, version) => metrics.remoteLoad(name, version),
  });
}

export async function buildServer(config: ServerConfig, options: BuildOptions = {}): Promise<FastifyInstance> {
  const compilers = lazySchemaCompilers();
  const app = newFastify(config, options, compilers);
  holdIdleConnections(app.server);
  const database =
    options.database ??
    (await openDatabase(config.database, {
      onConnectionLost: (error) => app.log.warn({ err: error }, '数据库连接已断开，连接池将重新连接'),
    }));
  const secretKey = await loadSecretKey(config.secretKey, config.dataDir);
  if (config.auth.demoForced) {
    app.log.warn('⚠️ DEMO_SIGN_IN=true：已配置微信或支付宝登录，演示登录仍然开启，任何人都能以演示账号登录。切勿在生产环境中使用。');
  }
  const publicUrl = config.publicUrl ?? `http://localhost:${config.port}`;
  const money = { ...DEFAULT_MONEY, ...config.money };
  if (options.seed !== false) await seedWhenEmpty(app, config, database, secretKey, { publicUrl, money });
  const { services, simulator, payouts, redis } = await openServices(app, config, database, { secretKey, publicUrl, money });
  const { autoRollback, worker } = backgroundWork(app, config, services, simulator, payouts);

  app.decorate('services', services);
  app.decorate('simulator', simulator);
  app.decorate('worker', worker);
  app.decorate('payouts', payouts);
  app.decorate('autoRollback', autoRollback);
  app.decorate('schemaCompilers', compilers);
  await registerRoutes(app, config, services, { simulator, payouts, worker });

  app.addHook('onReady', async () => {
    worker?.start();
    autoRollback.start();
    if (config.precompileSchemas) {
      void compilers.compileRest().catch((error) => app.log.error({ err: error }, '接口参数或结果的 schema 无法编译'));
    }
  });
  app.addHook('onClose', async () => {
    await autoRollback.stop();
    await worker?.stop();
    redis?.disconnect();
    await services.liveApps.close();
    if (!options.database) await database.close();
  });
  return app;
}
