/**
 * Payment notifications lose and duplicate nothing when the server is killed among them ("Money, whole", item 5), on
 * PGlite and PostgreSQL: a real server process (support/server-process.ts) with WeChat Pay v3 and Alipay configured
 * from the environment with keys made for the run — WeChat Pay's API a local stand-in (support/fake-wechat-pay.ts)
 * reached through WECHAT_PAY_API_BASE, the customers signed in with WeChat through a fake OAuth provider so JSAPI has
 * their openid. Customers create 60 cash orders at a seeded shop through the API (40 WeChat Pay, 20 Alipay); then the
 * providers post a burst of 150 signed notifications, every payment 2 or 3 times (Alipay's third one is
 * TRADE_FINISHED), and the process gets SIGKILL in the middle of it: once 40 have been answered and the database is
 * committing more. What the crash left is consistent on its own: an order answered success is paid, a paid order has
 * exactly one credit, the totals add up. Restarted on the same database, the server gets every notification once more
 * (the providers retry until they hear success) and answers each with success; then every order is paid once, credited
 * once to the merchant's frozen balance, every balance is the sum of its entries and none is negative, and
 * money_month_totals (and any other money totals table) is a recomputation from the paid orders. Every wait is a
 * condition (answers, WAL writes, processes exited), never a fixed time.
 */
import { once } from 'node:events';
import { readdirSync, statSync, watch } from 'node:fs';
import { connect } from 'node:net';
import { join } from 'node:path';
import { afterEach, describe, expect, test } from '@rstest/core';
import { alipayTimestamp } from '../src/payments/alipay-pay';
import { PaymentConfigError, paymentConfigFromEnv } from '../src/payments/payment-config';
import { fenToYuanText } from '../src/payments/payment-money';
import { ALIPAY, alipayNotificationParams, rsaKeyPair, signedAlipayForm, WECHAT } from './fixtures/payments/payment-fixtures';
import { startFakeOAuthProvider, type FakeOAuthProvider } from './support/fake-oauth-provider';
import { startFakeWechatPay } from './support/fake-wechat-pay';
import { expectLedgerSound, expectMoneyTotalsRecomputed } from './support/money-audit';
import { processDatabase, type InspectHandle } from './support/process-database';
import { callApi, startServerProcess, type ServerProcess } from './support/server-process';
import { exchangeOver, newVerifier, signInCodeIn } from './support/sign-in-handover';
import { describeEachDatabase } from './support/database-suites';

/** What runs after each test: kill the processes it started, stop the fakes, drop or delete its database. */
let cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
  cleanups = [];
});

/** No WeChat or Alipay sign-in configured (what decides demo payment with the payment providers). */
const NO_SIGN_IN = { realSignIn: false };
const SHOP = 'YST0001';
const PUBLIC_URL = 'https://pay.example.test';
const WECHAT_ORDERS_PER_CUSTOMER = 20;
const WECHAT_CUSTOMERS = 2;
const ALIPAY_ORDERS = 20;
/** The server is killed once this many notifications of the burst have been answered… */
const KILL_AFTER_ANSWERS = 40;
/** …and, on PGlite (which answers a batch when it is done with it), once it has written its WAL this often since. */
const PGLITE_COMMITS_BEFORE_KILL = 15;

/** A PEM as one line, its breaks written `\n` (how it fits in an environment variable). */
const oneLine = (pem: string) => pem.trim().replace(/\n/g, '\\n');

/** Signs in through the WeChat web authorisation (a fake WeChat OAuth server): the customer's token. */
async function wechatSignIn(url: string, oauth: FakeOAuthProvider, openid: string): Promise<string> {
  const { verifier, challenge } = newVerifier();
  const authorize = await fetch(
    `${url}/api/auth/authorize?authType=wechat&returnUrl=${encodeURIComponent(`/shop/${SHOP}`)}&challenge=${challenge}`,
    { redirect: 'manual' },
  );
  expect(authorize.status).toBe(302);
  const state = new URL(authorize.headers.get('location') ?? '').searchParams.get('state') ?? '';
  const code = `code-${openid}`;
  oauth.wechat.codes.set(code, { openid, scope: 'snsapi_userinfo', nickname: `顾客${openid.slice(-2)}` });
  const back = await fetch(`${url}/api/auth/callback/wechat?${new URLSearchParams({ code, state }).toString()}`, { redirect: 'manual' });
  if (back.status !== 303) throw new Error(`WeChat sign-in answered ${back.status} ${back.headers.get('location')}`);
  return exchangeOver(url, signInCodeIn(back.headers.get('location')), verifier);
}

interface Order {
  orderNo: string;
  channel: 'wechat' | 'alipay';
  amountFen: number;
  /** The provider's trade number (WeChat transaction_id, Alipay trade_no). */
  tradeNo: string;
  /** The provider's notification, signed now; `copy` 2 of an Alipay payment is its TRADE_FINISHED. */
  notification(copy: number): Notification;
}

/** A notification as the provider posts it to the notify address (the path of the order's notify_url). */
interface Notification {
  path: string;
  headers: Record<string, string>;
  body: string;
}

function post(serverUrl: string, notification: Notification): Promise<Response> {
  return fetch(`${serverUrl}${notification.path}`, {
    method: 'POST',
    headers: notification.headers,
    body: notification.body,
    signal: AbortSignal.timeout(30_000),
  });
}

/**
 * A connection open to the server, for one notification written on it later as raw HTTP/1.1 (`Connection: close`).
 * A burst's connections are opened first and its requests then written in one go, so the server holds them all at
 * once and is busy with them when it is killed (fetch would hand them over one by one, as fast as the test can).
 */
async function openConnection(
  serverUrl: string,
): Promise<{ send(notification: Notification, held?: 'last byte held'): Promise<{ status: number; body: string } | null> }> {
  const { hostname, port } = new URL(serverUrl);
  const socket = connect(Number(port), hostname);
  await once(socket, 'connect');
  const chunks: Buffer[] = [];
  socket.on('data', (chunk: Buffer) => chunks.push(chunk));
  // A connection that dies with the process: no answer (what it did read, if anything, is judged below).
  socket.on('error', () => {});
  const closed = new Promise((resolve) => socket.once('close', resolve));
  return {
    /** Held: all but the body's last byte, so that the server waits for the rest until the connection dies. */
    async send(notification, held) {
      const body = Buffer.from(notification.body, 'utf8');
      const headers = { ...notification.headers, host: `${hostname}:${port}`, 'content-length': String(body.length), connection: 'close' };
      socket.write(
        Buffer.concat([
          Buffer.from(
            `POST ${notification.path} HTTP/1.1\r\n${Object.entries(headers)
              .map(([name, value]) => `${name}: ${value}\r\n`)
              .join('')}\r\n`,
            'utf8',
          ),
          held ? body.subarray(0, -1) : body,
        ]),
      );
      await closed;
      // The answer, whole: the status line, the headers, and as many bytes of body as they announce.
      const answer = Buffer.concat(chunks);
      const end = answer.indexOf('\r\n\r\n');
      if (end < 0) return null;
      const head = answer.subarray(0, end).toString('latin1');
      const status = /^HTTP\/1\.1 (\d{3}) /.exec(head)?.[1];
      const length = /\r\ncontent-length: *(\d+)/i.exec(head)?.[1];
      const content = answer.subarray(end + 4);
      if (!status || length === undefined || content.length !== Number(length)) return null;
      return { status: Number(status), body: content.toString('utf8') };
    },
  };
}

interface Answer {
  orderNo: string;
  status: number | null;
  body: string;
}

/** Each payment's answer is success in the provider's own form. */
const isSuccess = (order: Order, answer: Answer) =>
  answer.status === 200 &&
  (order.channel === 'alipay' ? answer.body === 'success' : (JSON.parse(answer.body) as { code?: string }).code === 'SUCCESS');

/** Per order: its state, its payment postings (key and frozen credit), as the database holds them. */
async function auditOrders(raw: InspectHandle['raw'], orderNos: string[]) {
  const rows = await raw(
    `select o.order_no, o.state, o.paid_at, o.provider_trade_no, o.amount_fen, o.channel,
       (select count(*) from ledger_transactions t where t.memo = o.order_no and t.kind = 'payment') as postings,
       (select string_agg(t.idempotency_key, ',') from ledger_transactions t where t.memo = o.order_no and t.kind = 'payment') as keys,
       (select coalesce(sum(e.amount), 0) from ledger_entries e join ledger_transactions t on t.id = e.transaction_id
          where t.memo = o.order_no and t.kind = 'payment' and e.account_kind = 'merchant_frozen') as frozen_credit
     from cash_orders o where o.order_no = any($1::text[])`,
    [orderNos],
  );
  return new Map(
    rows.map((row) => [
      String(row.order_no),
      {
        state: String(row.state),
        paid: row.paid_at !== null,
        providerTradeNo: (row.provider_trade_no as string | null) ?? null,
        amountFen: Number(row.amount_fen),
        channel: String(row.channel),
        postings: Number(row.postings),
        keys: (row.keys as string | null) ?? '',
        frozenCredit: Number(row.frozen_credit),
      },
    ]),
  );
}

/** Paid means exactly one posting under the notification's key crediting the order's amount; unpaid means none. */
function expectPaidOnceOrNot(orders: Order[], audit: Awaited<ReturnType<typeof auditOrders>>): void {
  for (const order of orders) {
    const row = audit.get(order.orderNo);
    const what = `order ${order.orderNo} (${order.channel}) ${JSON.stringify(row)}`;
    expect(row, what).toBeDefined();
    if (row?.state === '已支付') {
      expect(
        { paid: row.paid, tradeNo: row.providerTradeNo, postings: row.postings, keys: row.keys, credit: row.frozenCredit },
        what,
      ).toEqual({
        paid: true,
        tradeNo: order.tradeNo,
        postings: 1,
        keys: `${order.channel}:${order.tradeNo}`,
        credit: order.amountFen,
      });
    } else {
      expect({ state: row?.state, paid: row?.paid, postings: row?.postings }, what).toEqual({ state: '待支付', paid: false, postings: 0 });
    }
  }
}

/**
 * Writes to a PGlite WAL folder (about one a commit): `after(n)` resolves once n writes came after it was called, a
 * write counting when a file of the folder was modified later than at the last one counted. Event-driven (inotify
 * through fs.watch), no polling.
 */
function walWrites(folder: string): { after(writes: number): Promise<void>; close(): void } {
  const newest = () =>
    readdirSync(folder).reduce((latest, name) => {
      // A segment recycled between the listing and this look is no write to count.
      const stat = statSync(join(folder, name), { bigint: true, throwIfNoEntry: false });
      return stat?.isFile() && stat.mtimeNs > latest ? stat.mtimeNs : latest;
    }, 0n);
  const waiting: { seen: bigint; left: number; resolve(): void }[] = [];
  const watcher = watch(folder, () => {
    const latest = newest();
    for (const waiter of [...waiting]) {
      if (latest <= waiter.seen) continue;
      waiter.seen = latest;
      if (--waiter.left > 0) continue;
      waiting.splice(waiting.indexOf(waiter), 1);
      waiter.resolve();
    }
  });
  return {
    after: (writes) => new Promise<void>((resolve) => waiting.push({ seen: newest(), left: writes, resolve })),
    close: () => watcher.close(),
  };
}

/** A fixed shuffle: the burst is the same every run, a payment's copies now side by side (racing), now far apart. */
function shuffled<T>(items: T[]): T[] {
  const out = [...items];
  let seed = 20_261_123;
  for (let i = out.length - 1; i > 0; i--) {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    const j = seed % (i + 1);
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}

describeEachDatabase('a server killed during a burst of payment notifications (%s)', (kind) => {
  test('every order ends paid once with one ledger credit, the balances and totals add up, and the replays are answered success', async () => {
    const merchant = rsaKeyPair();
    const platform = rsaKeyPair();
    const alipayApp = rsaKeyPair();
    const alipay = rsaKeyPair();
    const wechatPay = await startFakeWechatPay({ merchantPublicKey: merchant.publicKey, platformPrivateKey: platform.privateKey });
    cleanups.push(() => wechatPay.close());
    const oauth = await startFakeOAuthProvider({
      wechat: { appId: WECHAT.appId, secret: 'crash-test-secret' },
      alipay: { appId: ALIPAY.appId, publicKey: alipayApp.publicKey },
    });
    cleanups.push(() => oauth.close());
    const database = await processDatabase(kind, cleanups);
    const env = {
      ...database.env,
      LOG_LEVEL: 'warn',
      PUBLIC_URL,
      // The task worker plays no part in payments.
      TASK_WORKER: '0',
      // WeChat sign-in (the payer's openid for JSAPI), and the seed's demo companies and shops beside it.
      WECHAT_APP_ID: WECHAT.appId,
      WECHAT_APP_SECRET: 'crash-test-secret',
      WECHAT_TOKEN_URL: `${oauth.url}/sns/oauth2/access_token`,
      DEMO_SIGN_IN: 'true',
      WECHAT_PAY_MCH_ID: WECHAT.mchId,
      WECHAT_PAY_APP_ID: WECHAT.appId,
      WECHAT_PAY_API_V3_KEY: WECHAT.apiV3Key,
      WECHAT_PAY_SERIAL_NO: WECHAT.serialNo,
      WECHAT_PAY_PRIVATE_KEY: oneLine(merchant.privateKey),
      WECHAT_PAY_PLATFORM_PUBLIC_KEY: oneLine(platform.publicKey),
      WECHAT_PAY_PLATFORM_SERIAL: WECHAT.platformSerial,
      WECHAT_PAY_API_BASE: wechatPay.url,
      ALIPAY_PAY_APP_ID: ALIPAY.appId,
      ALIPAY_PAY_PRIVATE_KEY: oneLine(alipayApp.privateKey),
      ALIPAY_PAY_PUBLIC_KEY: oneLine(alipay.publicKey),
      ALIPAY_PAY_SELLER_ID: ALIPAY.sellerId,
      PAYMENT_DEMO: 'false',
    };
    const start = async () => {
      // Its warnings and errors (LOG_LEVEL warn) go with a failure's message.
      const server = await startServerProcess({ env, keepStdout: true });
      cleanups.push(() => server.kill());
      return server;
    };
    const startedAt = Date.now();
    let server: ServerProcess = await start();

    // The customers, signed in with WeChat: two pay with WeChat Pay (JSAPI needs their openid), one with Alipay.
    const [alipayCustomer = '', ...wechatCustomers] = await Promise.all(
      Array.from({ length: WECHAT_CUSTOMERS + 1 }, (_, i) => wechatSignIn(server.url, oauth, `oCrashTestCustomer0000000${i}`)),
    );

    // 60 orders at the shop, as the cash desk makes them.
    const amountOf = (i: number) => 100 + ((i * 7919) % 49_900);
    const asked = [
      ...wechatCustomers.flatMap((token, c) =>
        Array.from({ length: WECHAT_ORDERS_PER_CUSTOMER }, (_, i) => ({
          token,
          channel: 'wechat' as const,
          amountFen: amountOf(c * 100 + i),
        })),
      ),
      ...Array.from({ length: ALIPAY_ORDERS }, (_, i) => ({
        token: alipayCustomer,
        channel: 'alipay' as const,
        amountFen: amountOf(1000 + i),
      })),
    ];
    const created = await Promise.all(
      asked.map(async ({ token, channel, amountFen }) => {
        const answer = await callApi<{ orderNo: string; start: { kind: string; redirectUrl?: string } }>(
          server.url,
          'cash/createOrder',
          { code: SHOP, amountFen, channel },
          token,
        );
        expect(answer.body.success, answer.body.message ?? '').toBe(true);
        return { channel, amountFen, ...answer.body.result };
      }),
    );
    expect(wechatPay.refused).toBe(0);
    let alipaySequence = 0;
    const orders: Order[] = created.map(({ orderNo, channel, amountFen, start: payment }) => {
      if (channel === 'wechat') {
        expect(payment.kind).toBe('wechat-jsapi');
        const taken = wechatPay.orders.get(orderNo);
        expect(taken).toMatchObject({ amountFen, notifyUrl: `${PUBLIC_URL}/api/payments/notify/wechat` });
        return {
          orderNo,
          channel,
          amountFen,
          tradeNo: taken?.transactionId ?? '',
          notification: () => ({ path: new URL(taken?.notifyUrl ?? '').pathname, ...wechatPay.notification(orderNo) }),
        };
      }
      // Alipay learns the order from the signed request the browser brings it.
      expect(payment.kind).toBe('alipay-wap');
      const request = new URL(payment.redirectUrl ?? '').searchParams;
      const biz = JSON.parse(request.get('biz_content') ?? '{}') as { out_trade_no: string; total_amount: string; subject: string };
      expect({ orderNo: biz.out_trade_no, total: biz.total_amount, notifyUrl: request.get('notify_url') }).toEqual({
        orderNo,
        total: fenToYuanText(amountFen),
        notifyUrl: `${PUBLIC_URL}/api/payments/notify/alipay`,
      });
      const tradeNo = `2026112322001404${String(++alipaySequence).padStart(12, '0')}`;
      const paidAt = alipayTimestamp(new Date());
      return {
        orderNo,
        channel,
        amountFen,
        tradeNo,
        notification: (copy) => {
          const params = alipayNotificationParams({
            out_trade_no: orderNo,
            trade_no: tradeNo,
            subject: biz.subject,
            total_amount: biz.total_amount,
            receipt_amount: biz.total_amount,
            buyer_pay_amount: biz.total_amount,
            invoice_amount: biz.total_amount,
            fund_bill_list: JSON.stringify([{ amount: biz.total_amount, fundChannel: 'ALIPAYACCOUNT' }]),
            notify_id: `${tradeNo}${copy}`,
            trade_status: copy === 2 ? 'TRADE_FINISHED' : 'TRADE_SUCCESS',
            gmt_create: paidAt,
            gmt_payment: paidAt,
            notify_time: alipayTimestamp(new Date()),
          });
          const { body } = signedAlipayForm(params, alipay.privateKey);
          return {
            path: new URL(request.get('notify_url') ?? '').pathname,
            headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' },
            body,
          };
        },
      };
    });
    const orderNos = orders.map((order) => order.orderNo);
    const byNo = new Map(orders.map((order) => [order.orderNo, order]));
    const setupMs = Date.now() - startedAt;

    // The burst: every payment notified 2 or 3 times, signed and connected first, then written in two waves (the second
    // as the first answer comes back, so the server is at work on it when the first wave is answered). SIGKILL once
    // KILL_AFTER_ANSWERS are answered and the database is committing more: PostgreSQL commits and answers one by one;
    // PGlite runs on the server's thread and answers a batch when it is done with it, so there the kill waits for a few
    // writes to its WAL (the next batch committing, its answers not sent). A server that answers all the rest first (its
    // WAL written less often than that) is killed then; the burst's last notification, its last byte held back, is in
    // flight at the kill either way.
    const victim = server;
    const burst = await Promise.all(
      shuffled(
        orders.flatMap((order, i) => Array.from({ length: 2 + (i % 2) }, (_, copy) => ({ order, notification: order.notification(copy) }))),
      ).map(async (request) => ({
        ...request,
        connection: await openConnection(victim.url),
      })),
    );
    const committing = kind === 'pglite' ? walWrites(join(String(database.env.DATA_DIR), 'pglite', 'pg_wal')) : null;
    cleanups.push(async () => committing?.close());
    let answeredCount = 0;
    let killed = false;
    let killing: Promise<void> | null = null;
    const kill = () => {
      killed = true;
      killing ??= victim.kill();
      return killing;
    };
    const held = burst.at(-1);
    let startSecondWave = () => {};
    const secondWaveStarted = new Promise<void>((resolve) => (startSecondWave = resolve));
    const sendWave = (wave: typeof burst) =>
      Promise.all(
        wave.map(async (request): Promise<Answer> => {
          const { order, notification, connection } = request;
          const answer = await connection.send(notification, request === held ? 'last byte held' : undefined);
          if (!answer) return { orderNo: order.orderNo, status: null, body: '' };
          answeredCount++;
          if (answeredCount === 1) startSecondWave();
          if (answeredCount === KILL_AFTER_ANSWERS)
            void (committing ? committing.after(PGLITE_COMMITS_BEFORE_KILL) : Promise.resolve()).then(kill);
          if (answeredCount === burst.length - 1) void kill();
          return { orderNo: order.orderNo, ...answer };
        }),
      );
    const secondWave = secondWaveStarted.then(() => sendWave(burst.slice(KILL_AFTER_ANSWERS)));
    const firstWave = await sendWave(burst.slice(0, KILL_AFTER_ANSWERS));
    startSecondWave();
    const burstAnswers = [...firstWave, ...(await secondWave)];
    committing?.close();
    const answered = burstAnswers.filter((answer) => answer.status !== null);
    // The kill came in the middle of the burst, and it is what ended the unanswered ones.
    expect(answered.length, 'the burst was answered whole before the kill').toBeLessThan(burst.length);
    expect(killed, `${burst.length - answered.length} notifications went unanswered without a kill:\n${victim.output()}`).toBe(true);
    await killing;
    // Every answer before the crash was success: no 500 from a duplicate racing its twin.
    expect(
      answered.filter((answer) => !isSuccess(byNo.get(answer.orderNo) as Order, answer)),
      victim.output(),
    ).toEqual([]);
    expect(answered.length).toBeGreaterThanOrEqual(KILL_AFTER_ANSWERS);

    // What the crash left: consistent on its own. An order answered success is paid; paid once or not at all.
    const acknowledged = new Set(answered.map((answer) => answer.orderNo));
    const left = await database.inspect(async ({ raw }) => {
      const audit = await auditOrders(raw, orderNos);
      expectPaidOnceOrNot(orders, audit);
      for (const orderNo of acknowledged)
        expect(audit.get(orderNo)?.state, `order ${orderNo} was answered success before the crash`).toBe('已支付');
      await expectLedgerSound(raw);
      await expectMoneyTotalsRecomputed(raw);
      return [...audit.values()].filter((row) => row.state === '已支付').length;
    });
    // Whether some orders were still unpaid at the crash depends on how fast the server was (a loaded machine may have
    // paid them all and have only duplicates in flight); either way nothing may be lost or counted twice, which the
    // checks above and the replay below hold it to.
    expect(left).toBeGreaterThanOrEqual(acknowledged.size);

    // Restarted on the same database: every payment notified once more, each answered success.
    const restartedAt = Date.now();
    server = await start();
    const replays = orders.map((order) => ({ order, notification: order.notification(0) }));
    const replayAnswers = await Promise.all(
      replays.map(async ({ order, notification }): Promise<Answer> => {
        const response = await post(server.url, notification);
        return { orderNo: order.orderNo, status: response.status, body: await response.text() };
      }),
    );
    expect(
      replayAnswers.filter((answer) => !isSuccess(byNo.get(answer.orderNo) as Order, answer)),
      server.output(),
    ).toEqual([]);
    await server.stop();

    await database.inspect(async ({ raw }) => {
      const audit = await auditOrders(raw, orderNos);
      expect([...audit.values()].filter((row) => row.state !== '已支付')).toEqual([]);
      expectPaidOnceOrNot(orders, audit);
      // No payment posted but these (one each), nothing else came in.
      const [payments] = await raw(`select count(*) as n from ledger_transactions where kind = 'payment'`);
      expect(Number(payments?.n)).toBe(orders.length);
      await expectLedgerSound(raw);
      const [company] = await raw(`select id from companies where code = $1`, [SHOP]);
      const balances = await raw(`select kind, balance from ledger_accounts where company_id = $1`, [company?.id]);
      const total = orders.reduce((sum, order) => sum + order.amountFen, 0);
      expect(Object.fromEntries(balances.map((row) => [String(row.kind), Number(row.balance)]))).toEqual({
        merchant_frozen: total,
        merchant_available: 0,
        merchant_withdrawing: 0,
      });
      const [clearing] = await raw(`select balance from ledger_accounts where company_id is null and kind = 'provider_clearing'`);
      expect(Number(clearing?.balance)).toBe(-total);
      const tables = await expectMoneyTotalsRecomputed(raw);
      // And the shop's totals per channel say so directly (the recomputation cannot have missed them).
      const totals = await raw(
        `select channel, sum(income_fen) as income_fen, sum(income_count) as income_count from money_month_totals where company_id = $1 group by channel order by channel`,
        [company?.id],
      );
      const sumOf = (channel: string) =>
        orders.filter((order) => order.channel === channel).reduce((sum, order) => sum + order.amountFen, 0);
      expect(totals.map((row) => ({ channel: row.channel, fen: Number(row.income_fen), count: Number(row.income_count) }))).toEqual([
        { channel: 'alipay', fen: sumOf('alipay'), count: ALIPAY_ORDERS },
        { channel: 'wechat', fen: sumOf('wechat'), count: WECHAT_CUSTOMERS * WECHAT_ORDERS_PER_CUSTOMER },
      ]);
      console.info(
        `payment-notify-crash (${kind}): setup ${setupMs} ms; burst of ${burst.length}, killed after ${answered.length} answers (${acknowledged.size} orders acknowledged), ${left} of ${orders.length} orders paid at the crash; restart and replay ${Date.now() - restartedAt} ms; totals tables checked: ${tables.join(', ')}`,
      );
    });
  }, 180_000);
});

describe('WECHAT_PAY_API_BASE (how these processes reach the WeChat Pay stand-in)', () => {
  const keys = { merchant: rsaKeyPair(), platform: rsaKeyPair() };
  const env = (apiBase: string | undefined) => ({
    WECHAT_PAY_MCH_ID: WECHAT.mchId,
    WECHAT_PAY_APP_ID: WECHAT.appId,
    WECHAT_PAY_API_V3_KEY: WECHAT.apiV3Key,
    WECHAT_PAY_SERIAL_NO: WECHAT.serialNo,
    WECHAT_PAY_PRIVATE_KEY: oneLine(keys.merchant.privateKey),
    WECHAT_PAY_PLATFORM_PUBLIC_KEY: oneLine(keys.platform.publicKey),
    WECHAT_PAY_PLATFORM_SERIAL: WECHAT.platformSerial,
    WECHAT_PAY_API_BASE: apiBase,
  });

  test('absent: the gateway uses WeChat Pay itself; an https origin or plain http to loopback is taken as its origin', () => {
    expect(paymentConfigFromEnv(env(undefined), NO_SIGN_IN).wechat).not.toHaveProperty('apiBase');
    expect(paymentConfigFromEnv(env('https://api2.mch.weixin.qq.com/'), NO_SIGN_IN).wechat?.apiBase).toBe('https://api2.mch.weixin.qq.com');
    expect(paymentConfigFromEnv(env('http://127.0.0.1:40123'), NO_SIGN_IN).wechat?.apiBase).toBe('http://127.0.0.1:40123');
    expect(paymentConfigFromEnv(env('http://localhost:40123'), NO_SIGN_IN).wechat?.apiBase).toBe('http://localhost:40123');
  });

  test.each([
    'http://api.mch.weixin.qq.com',
    'https://api.mch.weixin.qq.com/v3',
    'https://api.mch.weixin.qq.com?x=1',
    'https://user:pw@api.mch.weixin.qq.com',
    'ftp://127.0.0.1',
    'api.mch.weixin.qq.com',
  ])('refuses %s (plain http off the machine, a path, a query, credentials, another scheme)', (apiBase) => {
    expect(() => paymentConfigFromEnv(env(apiBase), NO_SIGN_IN)).toThrow(PaymentConfigError);
    expect(() => paymentConfigFromEnv(env(apiBase), NO_SIGN_IN)).toThrow(/WECHAT_PAY_API_BASE/);
  });

  test('alone it is a half-configured WeChat Pay', () => {
    expect(() => paymentConfigFromEnv({ WECHAT_PAY_API_BASE: 'https://api2.mch.weixin.qq.com' }, NO_SIGN_IN)).toThrow(/WECHAT_PAY_MCH_ID/);
  });
});
