/**
 * The fleet of `npm run fleet` (docs/operations.md, "The fleet"), driven whole: three server instances on one
 * PostgreSQL database and one release store behind Debian's nginx, as deploy/src/fleet/fleet.ts starts them.
 *
 * - a release and a rollback made with the CLI's functions (DATABASE_URL) reach every instance, directly and through
 *   nginx, in `/remotes.json` and in the host page's live-remotes block, by the instances' next check of the
 *   registry's revision after the command returned;
 * - nginx serves a release's hashed files itself (a remote's hashed entry among them), immutable, and passes manifests
 *   on; the metrics are on each instance's metrics port only;
 * - a stalled request body is cut at REQUEST_TIMEOUT_MS by nginx (408 or closed); over https (the same configuration
 *   with a TLS listener) every answer carries HSTS once, nginx's own and the instances';
 * - SIGTERM of the instance whose worker is in the middle of a task's step, under 200 requests/s through nginx of a
 *   call that writes (which nginx never sends twice): no request fails, the step is finished and the lease handed back
 *   before the process exits 0, and the living instances finish the task;
 * - SIGKILL of one of the two instances left (frozen first, so that requests are in flight on it), under the same load:
 *   no request fails (nginx sends the read-only call again to the other).
 *
 * It runs wherever PostgreSQL answers at 127.0.0.1:5432 and nginx is installed; on CI (where scripts/test.mjs installs
 * nginx) a missing nginx fails it.
 */
import { spawnSync } from 'node:child_process';
import type { EventEmitter } from 'node:events';
import type { IncomingHttpHeaders } from 'node:http';
import { get as httpsGet } from 'node:https';
import { connect } from 'node:net';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { hostname, tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, expect, test } from '@rstest/core';
import autocannon from 'autocannon';
import pg from 'pg';
import { TaskStatus } from '@app/contract/task-status';
import { LIVE_REMOTES_BLOCK_ID } from '@app/deploy/first-load';
import { startFleet, type Fleet } from '@app/deploy/fleet/fleet';
import { freePort } from '@app/deploy/fleet/free-port';
import { NGINX } from '@app/deploy/fleet/nginx-binary';
import { startProxy } from '@app/deploy/fleet/fleet-proxy';
import { release } from '@app/deploy/release';
import { rollback } from '@app/deploy/rollback';
import type { AppPackage } from '@app/deploy/workspace';
import { DEMO_TAX_NUMBERS } from '../src/db/seed';
import { callApi, demoSignIn } from './support/server-process';
import { createPostgresDatabase, DATABASES, eventually } from './support/test-server';
import { describeUnless, NO_POSTGRES } from './support/database-suites';
import { expectPickedUpByNextCheck } from './support/registry-pickup';
import { PRIVACY_POLICY_VERSION } from '@app/domain/privacy-policy';

/** What keeps the fleet's test from running here: PostgreSQL, or nginx (which CI installs, scripts/test.mjs). */
const MISSING = !DATABASES.includes('postgres') ? NO_POSTGRES : existsSync(NGINX) || process.env.CI ? undefined : `no nginx at ${NGINX}`;

/** How long a request may take to arrive, at the instances and at nginx (the default is 30 s). */
const REQUEST_TIMEOUT_MS = 5_000;
/** The trading company's e-tax phone in the seed (the simulator sends its SMS codes there). */
const TRADING_PHONE = '13800001111';
const HASH = '0a1b2c3d4e';

/** What a build writes, small: the host's page and a hashed script; a remote's manifest, its entry (hashed, under static/) and a chunk. */
async function fakeBuild(app: AppPackage, version: string, outDir: string): Promise<void> {
  await mkdir(join(outDir, 'static/js'), { recursive: true });
  await writeFile(join(outDir, 'static/js', `${app.name}.${HASH}.js`), `/* ${app.name}@${version} */`);
  const entry = app.kind === 'remote' ? `static/js/${app.name}-entry.${HASH}.js` : '';
  if (entry) await writeFile(join(outDir, entry), `/* ${app.name}@${version} entry */`);
  if (app.kind === 'host')
    await writeFile(join(outDir, 'index.html'), `<!doctype html><html><head><title>host@${version}</title></head><body></body></html>`);
  await writeFile(
    join(outDir, 'mf-manifest.json'),
    JSON.stringify({ name: app.name, metaData: { remoteEntry: { name: entry } }, shared: [], exposes: [] }),
  );
}

interface LoadResult {
  requests: number;
  errors: number;
  timeouts: number;
  non2xx: number;
  mismatches: number;
  p50: number;
  p99: number;
  /** Answers that came after `after.act` had finished (0 without one). */
  answersAfterAct: number;
}

interface Load {
  /** `<module>/<action>` and its body. */
  path: string;
  body: unknown;
  /** Requests a second, over 20 connections. */
  rate: number;
  /** How long the load may last at most: with `after`, it stops once AFTER_ACT_ANSWERS answers came after `act`. */
  seconds: number;
  /** Runs `act` once this many answers have come. */
  after?: { answers: number; act: () => Promise<void> };
}

/**
 * Answers the load waits for once `act` has finished, then it stops: counted, not timed, so a loaded machine on which
 * the act takes longer still sees the fleet answer that many after it.
 */
const AFTER_ACT_ANSWERS = 150;

/** Calls through nginx at a steady rate with autocannon, each answer checked to be a success. */
async function drive(url: string, token: string, load: Load): Promise<LoadResult> {
  let answers = 0;
  let answersAtActEnd: number | null = null;
  let acted: Promise<void> | null = null;
  const run = autocannon({
    url: `${url}/api/${load.path}`,
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(load.body),
    connections: 20,
    overallRate: load.rate,
    duration: load.seconds,
    timeout: 10,
    verifyBody: (body) => String(body ?? '').startsWith('{"success":true,'),
    // Without a callback it is an event emitter that is also a promise of the result.
  }) as unknown as EventEmitter & PromiseLike<autocannon.Result>;
  run.on('response', () => {
    answers += 1;
    if (answersAtActEnd !== null && answers - answersAtActEnd === AFTER_ACT_ANSWERS) (run as unknown as autocannon.Instance).stop();
    if (answers === load.after?.answers) {
      acted = load.after.act().then(
        () => {
          answersAtActEnd = answers;
        },
        (error: unknown) => {
          (run as unknown as autocannon.Instance).stop();
          throw error;
        },
      );
      // Awaited once the load has ended; until then a failed act only stops the load.
      acted.catch(() => {});
    }
  });
  const result = await run;
  if (load.after && !acted) throw new Error(`the load ended after ${answers} answers, before ${load.after.answers}`);
  await acted;
  return {
    requests: result.requests.total,
    errors: result.errors,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
    mismatches: result.mismatches,
    p50: result.latency.p50,
    p99: result.latency.p99,
    answersAfterAct: answersAtActEnd === null ? 0 : answers - answersAtActEnd,
  };
}

const NO_FAILURE = { errors: 0, timeouts: 0, non2xx: 0, mismatches: 0 };
const failuresOf = (load: LoadResult) => ({
  errors: load.errors,
  timeouts: load.timeouts,
  non2xx: load.non2xx,
  mismatches: load.mismatches,
});

/** What nginx logged of the calls to `path` that were not answered 200, and its error log: why a request failed. */
async function proxyLogs(runDir: string, path: string): Promise<string> {
  const access = (await readFile(join(runDir, 'access.log'), 'utf8'))
    .split('\n')
    .filter((line) => line.includes(path) && !/" 200 /.test(line));
  const errors = await readFile(join(runDir, 'error.log'), 'utf8');
  const ids = access.flatMap((line) => (/ 502 /.test(line) ? [/id=(\w+)/.exec(line)?.[1] ?? ''] : []));
  const instanceLogs = (await Promise.all([1, 2, 3].map((n) => readFile(join(runDir, `instance-${n}.log`), 'utf8').catch(() => '')))).join(
    '\n',
  );
  const seen = ids.map(
    (id) =>
      `${id}: ${
        instanceLogs
          .split('\n')
          .filter((line) => line.includes(id))
          .join(' | ') || 'never reached an instance'
      }`,
  );
  return `nginx access.log (not 200):\n${access.join('\n')}\nnginx error.log:\n${errors}\nthe failed requests in the instances' logs:\n${seen.join('\n')}`;
}

/** How many connections to 127.0.0.1:`port` hold bytes its process has not read (the kernel's receive queues). */
async function unreadConnections(port: number): Promise<number> {
  let count = 0;
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    const text = await readFile(table, 'utf8').catch(() => '');
    for (const line of text.split('\n').slice(1)) {
      const [, local, , state, queues] = line.trim().split(/\s+/);
      const received = Number.parseInt(queues?.split(':')[1] ?? '0', 16);
      if (state === '01' && Number.parseInt(local?.split(':')[1] ?? '', 16) === port && received > 0) count += 1;
    }
  }
  return count;
}

/** The ticket version `base` serves: in `/remotes.json` and in the host page's live-remotes block. */
async function liveTicket(base: string): Promise<{ json: string | undefined; page: string | undefined }> {
  const json = (await (await fetch(`${base}/remotes.json?t=${Date.now()}`)).json()) as Record<string, { version: string }>;
  const html = await (await fetch(`${base}/`)).text();
  const block = new RegExp(`<script type="application/json" id="${LIVE_REMOTES_BLOCK_ID}">(.*?)</script>`).exec(html)?.[1];
  const page = block ? (JSON.parse(block) as Record<string, { version: string }>).ticket?.version : undefined;
  return { json: json.ticket?.version, page };
}

/** Whether `base` serves `version` both ways. */
const servesTicket = (base: string, version: string) => async () => {
  const live = await liveTicket(base);
  return live.json === version && live.page === version;
};

describeUnless(MISSING, 'the fleet (postgres behind nginx)', () => {
  const cleanups: (() => Promise<unknown>)[] = [];
  let fleet: Fleet;
  let databaseUrl: string;
  let storeDir: string;
  let inspect: pg.Pool;
  let token: string;
  let userId: string;
  /** The SMS login task of the SIGTERM test, polled by the load of both tests. */
  let taskId: string;
  const taskRow = async () =>
    (
      await inspect.query<{ status: number; locked_by: string | null; locked_until: Date | null }>(
        'select status, locked_by, locked_until from tasks where id = $1',
        [taskId],
      )
    ).rows[0];
  const alive = () => fleet.instances.filter((instance) => instance.alive());

  beforeAll(async () => {
    const database = await createPostgresDatabase();
    cleanups.push(() => database.drop());
    databaseUrl = database.url;
    const work = await mkdtemp(join(tmpdir(), 'fleet-test-'));
    cleanups.push(() => rm(work, { recursive: true, force: true }));
    storeDir = join(work, 'releases');
    // Released before the fleet starts, through the database's registry as `npm run release` does with DATABASE_URL.
    await release('host', { storeDir, build: fakeBuild, version: '1.0.0', databaseUrl });
    await release('ticket', { storeDir, build: fakeBuild, version: '1.0.0', databaseUrl });
    fleet = await startFleet({
      instances: 3,
      port: await freePort(),
      host: '127.0.0.1',
      databaseUrl,
      storeDir,
      runDir: join(work, 'run'),
      // A step at the simulated bureau takes 3 s (the window for SIGTERM); a lease (30 s) would hold the task far
      // longer than the test waits if it were not handed back.
      env: {
        DATA_DIR: join(work, 'data'),
        SECRET_KEY: randomBytes(32).toString('hex'),
        ETAX_SIM_DELAY_MS: '3000',
        ETAX_SIM_CONTROLS: '1',
        TASK_LEASE_MS: '30000',
        TASK_STEP_TIMEOUT_MS: '10000',
        TASK_POLL_MS: '100',
        DEMO_HISTORY: 'false',
        SIGN_IN_PER_MINUTE: '1000',
        REQUEST_TIMEOUT_MS: String(REQUEST_TIMEOUT_MS),
        REDIS_URL: undefined,
        LOG_LEVEL: 'info',
      },
    });
    cleanups.push(() => fleet.stop());
    inspect = new pg.Pool({ connectionString: databaseUrl, max: 2 });
    inspect.on('error', () => {});
    cleanups.push(() => inspect.end());
    // Signed in through nginx, as a phone would be.
    ({ token, userId } = await demoSignIn(fleet.url, '企业管理员'));
  }, 240_000);

  afterAll(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  }, 120_000);

  test('a release and a rollback reach every instance and nginx by the next revision check after the command returned', async () => {
    const targets = [...fleet.instances.map((instance) => instance.url), fleet.url];
    for (const target of targets) expect(await liveTicket(target)).toEqual({ json: '1.0.0', page: '1.0.0' });

    // Each instance, and nginx in front of all three, serves each change by the instances' next revision check.
    const pickedUp = (version: string, committedAt: number) =>
      Promise.all(
        targets.map((target) =>
          expectPickedUpByNextCheck(committedAt, servesTicket(target, version), target === fleet.url ? fleet.instances.length : 1),
        ),
      );
    await release('ticket', { storeDir, build: fakeBuild, version: '1.1.0', databaseUrl });
    const afterRelease = await pickedUp('1.1.0', Date.now());

    await rollback('ticket', { storeDir, databaseUrl });
    const afterRollback = await pickedUp('1.0.0', Date.now());
    console.log(`release seen after (ms, instances then nginx): ${afterRelease.join(', ')}; rollback: ${afterRollback.join(', ')}`);
    // Through nginx every instance answers the rolled-back version: none is left behind.
    for (let i = 0; i < 6; i++) expect(await liveTicket(fleet.url)).toEqual({ json: '1.0.0', page: '1.0.0' });
  });

  test('nginx serves hashed release files itself, immutable, remote entries too; manifests come from the instances, no-cache', async () => {
    const hashed = await fetch(`${fleet.url}/remotes/host/1.0.0/static/js/host.${HASH}.js`);
    expect(hashed.status).toBe(200);
    expect(await hashed.text()).toBe('/* host@1.0.0 */');
    expect(hashed.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    // An instance would have answered with the request's id.
    expect(hashed.headers.get('server')).toBe('nginx');
    expect(hashed.headers.get('x-request-id')).toBeNull();

    // The manifests (which name the live version's entry) are the instances', revalidated.
    for (const file of ['1.0.0/mf-manifest.json', '1.1.0/mf-manifest.json']) {
      const answer = await fetch(`${fleet.url}/remotes/ticket/${file}`);
      expect(answer.status).toBe(200);
      expect(answer.headers.get('cache-control')).toBe('no-cache');
      expect(answer.headers.get('x-request-id')).toMatch(/^[0-9a-f]{32}$/);
    }
    // The remote entries of 1.0.0 (released before the fleet started) and of 1.1.0 (released while it ran) are nginx's:
    // hashed names in folders written once.
    for (const version of ['1.0.0', '1.1.0']) {
      const answer = await fetch(`${fleet.url}/remotes/ticket/${version}/static/js/ticket-entry.${HASH}.js`);
      expect(await answer.text()).toBe(`/* ticket@${version} entry */`);
      expect(answer.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(answer.headers.get('x-request-id')).toBeNull();
    }
    // A chunk of the release made while the fleet ran is nginx's.
    expect((await fetch(`${fleet.url}/remotes/ticket/1.1.0/static/js/ticket.${HASH}.js`)).headers.get('cache-control')).toBe(
      'public, max-age=31536000, immutable',
    );
    const missing = await fetch(`${fleet.url}/remotes/host/1.0.0/static/js/gone.${HASH}.js`);
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ message: '文件不存在' });
    // The metrics are answered on each instance's metrics port (loopback) only: not through nginx, not on its public port.
    const metrics = await fetch(`${fleet.url}/metrics`);
    expect(metrics.status).toBe(404);
    expect(await metrics.json()).toEqual({ message: '不存在' });
    for (const instance of fleet.instances) {
      expect((await fetch(`${instance.url}/metrics`)).status).toBe(404);
      expect(await (await fetch(`${instance.metricsUrl}/metrics`)).text()).toContain('# TYPE ledger_transactions_total gauge');
    }
  });

  test('a stalled request body is cut at REQUEST_TIMEOUT_MS behind nginx too: 408 or closed, not held', async () => {
    const { port } = new URL(fleet.url);
    const started = Date.now();
    // Declares 100 bytes and sends 2, then nothing.
    const { closedAfter, answer } = await new Promise<{ closedAfter: number; answer: string }>((resolve, reject) => {
      let answer = '';
      const socket = connect(Number(port), '127.0.0.1', () =>
        socket.write('POST /api/sysConfig/get HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"'),
      );
      socket.on('data', (chunk) => (answer += chunk.toString()));
      socket.on('close', () => resolve({ closedAfter: Date.now() - started, answer }));
      socket.on('error', reject);
    });
    console.log(`stalled body behind nginx: closed after ${closedAfter} ms, answered ${JSON.stringify(answer.split('\r\n')[0] ?? '')}`);
    expect(answer === '' || /^HTTP\/1\.1 408 /.test(answer)).toBe(true);
    expect(closedAfter).toBeGreaterThanOrEqual(REQUEST_TIMEOUT_MS - 500);
    expect(closedAfter).toBeLessThan(REQUEST_TIMEOUT_MS + 5000);
  });

  test('over https nginx and the instances ask for https only (HSTS, once in every answer); over http nobody does', async () => {
    // The fleet's nginx configuration with a TLS listener (a self-signed certificate), in front of the same instances.
    const tlsDir = join(fleet.runDir, 'tls');
    await mkdir(tlsDir, { recursive: true });
    const made = spawnSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-days',
        '1',
        '-subj',
        '/CN=127.0.0.1',
        '-keyout',
        join(tlsDir, 'key.pem'),
        '-out',
        join(tlsDir, 'cert.pem'),
      ],
      { encoding: 'utf8' },
    );
    expect(made.status).toBe(0);
    const tlsPort = await freePort();
    const proxy = await startProxy(NGINX, {
      listen: `127.0.0.1:${tlsPort}`,
      runDir: join(tlsDir, 'run'),
      storeDir,
      instancePorts: fleet.instances.filter((instance) => instance.alive()).map((instance) => instance.port),
      readOnlyCalls: [],
      user: process.getuid?.() === 0 ? userInfo().username : null,
      requestTimeoutMs: REQUEST_TIMEOUT_MS,
      tls: { certificate: join(tlsDir, 'cert.pem'), key: join(tlsDir, 'key.pem') },
    });
    try {
      const httpsHeaders = (path: string) =>
        eventually(
          () =>
            new Promise<IncomingHttpHeaders | null>((resolve) => {
              const request = httpsGet({ host: '127.0.0.1', port: tlsPort, path, rejectUnauthorized: false }, (response) => {
                response.resume();
                resolve(response.statusCode === 200 ? response.headers : null);
              });
              request.on('error', () => resolve(null));
            }),
          20_000,
        );
      // A hashed file is nginx's own answer; the page and a call are the instances'.
      for (const path of [`/remotes/host/1.0.0/static/js/host.${HASH}.js`, '/invoice/list', '/healthz']) {
        expect([path, (await httpsHeaders(path))['strict-transport-security']]).toEqual([path, 'max-age=31536000']);
        expect([path, (await fetch(`${fleet.url}${path}`)).headers.get('strict-transport-security')]).toEqual([path, null]);
      }
    } finally {
      await proxy.stop();
    }
  });

  test('SIGTERM under 200 requests/s of a call that writes: no request fails, the step in flight is finished and its lease handed back before exit; the living instances finish the task', async () => {
    let claimed = '';
    let exitedAt = 0;
    let atSignal: Awaited<ReturnType<typeof taskRow>>;
    let atExit: Awaited<ReturnType<typeof taskRow>>;
    let holder: Fleet['instances'][number] | undefined;
    // The load is a call that writes (accepting the agreement again, which keeps one acceptance): nginx never sends it
    // again once it reached an instance, so none failing shows that the stopping instance answered all it was sent.
    const agreement = await callApi<{ id: number }>(fleet.url, 'taxAccount/getAgreement', {}, token);
    const load = await drive(fleet.url, token, {
      path: 'taxAccount/agreedAgreement',
      body: { id: agreement.body.result.id, privacyPolicyVersion: PRIVACY_POLICY_VERSION },
      rate: 200,
      seconds: 60,
      after: {
        answers: 100,
        // Under the load already running, a task's first step (sending the SMS, 3 s at the bureau) is claimed, and the
        // signal goes to the instance holding it as soon as the claim is seen: however busy the machine, the step is
        // then in flight.
        act: async () => {
          const created = await callApi<{ taskId: string }>(
            fleet.url,
            'task/createLoginTask',
            { nsrsbh: DEMO_TAX_NUMBERS.trading, userId, loginMethod: '2' },
            token,
          );
          expect(created.body.success).toBe(true);
          taskId = created.body.result.taskId;
          claimed = await eventually(async () => {
            const row = await taskRow();
            return row?.status === TaskStatus.Processing && row.locked_by ? row.locked_by : null;
          });
          holder = fleet.instances.find((instance) => claimed.startsWith(`${hostname()}:${instance.pid}:`));
          if (!holder) throw new Error(`no instance of the fleet holds the task: ${claimed}`);
          atSignal = await taskRow();
          holder.child.kill('SIGTERM');
          await holder.exited;
          exitedAt = Date.now();
          atExit = await taskRow();
        },
      },
    });
    console.log(`SIGTERM under load: ${JSON.stringify(load)}`);
    if (load.non2xx > 0 || load.errors > 0) console.log(await proxyLogs(fleet.runDir, 'agreedAgreement'));
    expect(holder?.child.exitCode).toBe(0);
    // The load went on through the stop: the living instances answered after the stopped one had exited.
    expect(load.answersAfterAct).toBeGreaterThan(100);
    expect(failuresOf(load)).toEqual(NO_FAILURE);
    // The signal came while the step was in flight; before the process exited the step was finished (the bureau sent the SMS) and nobody holds the task.
    expect(atSignal).toMatchObject({ status: TaskStatus.Processing, locked_by: claimed });
    expect(atExit).toMatchObject({ status: TaskStatus.AwaitingSmsCode, locked_by: null, locked_until: null });

    const sms = (await (await fetch(`${fleet.url}/etax-sim/api/latest-sms?phone=${TRADING_PHONE}`)).json()) as { code: string };
    const submitted = await callApi(fleet.url, 'task/submitLoginTaskSmsCode', { id: taskId, smsCode: sms.code }, token);
    expect(submitted.body.success).toBe(true);
    // The next step is claimed at once by a living instance (not after the 30 s lease) and the task finishes.
    const finished = await eventually(async () => {
      const row = await taskRow();
      return row?.status === TaskStatus.Succeeded ? row : null;
    }, 25_000);
    expect(finished.locked_by).toBeNull();
    expect(Date.now() - exitedAt).toBeLessThan(30_000);
    const progress = await callApi<{ taskStatus: number }>(fleet.url, 'task/getTaskProcess', { id: taskId }, token);
    expect(progress.body.result.taskStatus).toBe(TaskStatus.Succeeded);
    expect(alive()).toHaveLength(2);
  }, 120_000);

  test('SIGKILL of one of the two instances left, under 200 requests/s through nginx: zero errors, zero non-2xx', async () => {
    const [victim, survivor] = alive();
    if (!victim || !survivor) throw new Error('two living instances expected');
    const accessLog = join(fleet.runDir, 'access.log');
    const logBefore = (await readFile(accessLog, 'utf8')).length;
    // The victim is frozen first (SIGSTOP) until nginx has written requests into its connections that it never read:
    // they are certainly in flight when it dies, and only a retry of the read-only call can save them.
    let inFlight = 0;
    const load = await drive(fleet.url, token, {
      path: 'task/getTaskProcess',
      body: { id: taskId },
      rate: 200,
      seconds: 60,
      after: {
        answers: 400,
        act: async () => {
          victim.child.kill('SIGSTOP');
          inFlight = await eventually(async () => (await unreadConnections(victim.port)) >= 3 && unreadConnections(victim.port), 10_000);
          await victim.kill();
        },
      },
    });
    console.log(`SIGKILL under load (${inFlight} connections with a request in flight on the victim): ${JSON.stringify(load)}`);
    expect(victim.child.signalCode).toBe('SIGKILL');
    expect(load.answersAfterAct).toBeGreaterThan(100);
    expect(failuresOf(load)).toEqual(NO_FAILURE);
    // Both instances had answered before the kill; after it, only the survivor did, and nginx sent some requests again.
    const lines = (await readFile(accessLog, 'utf8'))
      .slice(logBefore)
      .split('\n')
      .filter((line) => line.includes('getTaskProcess'));
    const upstreams = lines.map((line) => /upstream=(\S.*?) upstream_status=/.exec(line)?.[1] ?? '');
    expect(upstreams.some((upstream) => upstream === `127.0.0.1:${victim.port}`)).toBe(true);
    // Answered by the survivor: nginx may still try the dead one first once its fail_timeout has passed ("dead, survivor").
    expect(upstreams.at(-1)?.split(', ').at(-1)).toBe(`127.0.0.1:${survivor.port}`);
    const retried = upstreams.filter((upstream) => upstream.includes(',')).length;
    console.log(`nginx: ${lines.length} requests logged, ${retried} sent to a second instance`);
    // What nginx answered: 200, or 499 for the requests the load generator left unanswered when it stopped.
    expect(lines.filter((line) => !/" (200|499) /.test(line))).toEqual([]);
  }, 120_000);
});
