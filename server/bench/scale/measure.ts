/** One call measured with autocannon against the server process: at 1 connection (p50, p99) and at 50 (throughput). */
import autocannon from 'autocannon';
import { callApi, demoSignIn, type ServerProcess } from '../../test/support/server-process';
import { CALLS, type Caller, type Known } from './calls';
import { SECONDS } from './settings';

export interface Measured {
  p50: number;
  p99: number;
  rps1: number;
  rps50: number;
  errors: number;
}

/**
 * Waits until the server has worked off what a run at 50 connections left queued (autocannon stops waiting, the
 * server does not; on PGlite, which runs one query at a time, the next call would wait behind it): a light call
 * answers within 100 ms again.
 */
async function drained(server: ServerProcess, token: string): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    const started = Date.now();
    await callApi(server.url, 'invoice/homeSummary', {}, token);
    if (Date.now() - started < 100) return;
  }
}

async function measure(
  server: ServerProcess,
  tokens: Record<Caller, string>,
  known: Known,
  call: (typeof CALLS)[number],
): Promise<Measured> {
  const token = tokens[call.as ?? '企业管理员'];
  const body = typeof call.body === 'function' ? call.body(known) : call.body;
  const request = {
    url: `${server.url}/api/${call.path}`,
    method: 'POST' as const,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  };
  const answer = await callApi(server.url, call.path, body, token);
  if (!answer.body.success) throw new Error(`${call.name}: ${answer.body.message}`);
  const one = await autocannon({ ...request, connections: 1, duration: SECONDS });
  const fifty = await autocannon({ ...request, connections: 50, duration: SECONDS });
  await drained(server, tokens.企业管理员);
  return {
    p50: one.latency.p50,
    p99: one.latency.p99,
    rps1: one.requests.average,
    rps50: fifty.requests.average,
    errors: one.non2xx + fifty.non2xx + one.errors + fifty.errors,
  };
}

/** The demo company's employee, and the entry that ends its audit trail's 50th page (20 a page). */
async function auditKnown(url: string, token: string): Promise<Pick<Known, 'employeeId' | 'deepAuditId'>> {
  const actors = await callApi(url, 'audit/actors', {}, token);
  const employee = (actors.body.result as { list: { userId: string; roleName: string }[] }).list.find((actor) => actor.roleName === '员工');
  let after: string | undefined;
  for (let page = 0; page < 10; page++) {
    const answer = await callApi(url, 'audit/list', { pageSize: 100, ...(after && { after }) }, token);
    after = (answer.body.result as { list: { id: string }[] }).list.at(-1)?.id ?? after;
  }
  if (!employee || !after) throw new Error('the demo company has no employee or no audit trail');
  return { employeeId: employee.userId, deepAuditId: after };
}

export async function measureAll(server: ServerProcess, label: string): Promise<Measured[]> {
  const tokens: Record<Caller, string> = {
    企业管理员: (await demoSignIn(server.url, '企业管理员')).token,
    出租车管理员: (await demoSignIn(server.url, '出租车管理员')).token,
    普通用户: (await demoSignIn(server.url, '普通用户')).token,
  };
  const cars = await callApi(server.url, 'taxiCar/getMyCars', {}, tokens.出租车管理员);
  const [car] = (cars.body.result ?? []) as { id: string }[];
  if (!car) throw new Error('the taxi company has no car');
  const known: Known = { carId: car.id, ...(await auditKnown(server.url, tokens.企业管理员)) };
  const results: Measured[] = [];
  for (const call of CALLS) {
    const measured = await measure(server, tokens, known, call);
    results.push(measured);
    console.log(`  [${label}] ${call.name}: p50 ${measured.p50} ms, p99 ${measured.p99} ms, ${measured.rps50.toFixed(0)} req/s at 50`);
  }
  return results;
}
