/**
 * The task worker's claim (server/src/tasks/task-worker.ts) runs every poll on every server instance: it must find the
 * due tasks on an index of the unfinished ones, never by reading the finished tasks, which only grow (a scan every
 * poll would take a core of its own). docs/architecture.md, "Lists that stay flat".
 */
import { afterAll, beforeAll, expect, test } from '@rstest/core';
import { createTestServer, type TestServer } from './support/test-server';
import { describeEachDatabase } from './support/database-suites';

const FINISHED = 20_000;
/** The claim as the worker sends it: an update of the tasks its skip-locked subquery picks. */
const CLAIM = /^update "tasks" set .*for update skip locked/is;

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  Plans?: PlanNode[];
}

function scans(node: PlanNode): PlanNode[] {
  return [...(/Scan$/.test(node['Node Type']) ? [node] : []), ...(node.Plans ?? []).flatMap(scans)];
}

describeEachDatabase('the task claim (%s)', (kind) => {
  let server: TestServer;
  const sent: { query: string; params: unknown[] }[] = [];

  beforeAll(async () => {
    server = await createTestServer(
      kind,
      { worker: { enabled: true, pollMs: 20, stepTimeoutMs: 2000, leaseMs: 4000, batch: 8 } },
      { logQuery: (query, params) => sent.push({ query, params }) },
    );
    const userId = await server.userIdOf('企业管理员');
    await server.database.raw(
      `insert into tasks (company_id, user_id, type, status, attempts, deadline_at, created_at, updated_at, finished_at)
       select m.company_id, $1::uuid, 'blue_invoice', 1, 1, now(), now() - g * interval '1 minute', now(), now() - g * interval '1 minute'
       from (select company_id from memberships where user_id = $1::uuid limit 1) m, generate_series(1, $2::int) g`,
      [userId, FINISHED],
    );
    await server.database.raw('analyze tasks');
  });
  afterAll(async () => server.close());

  test(`finds the due tasks on an index, not by reading ${FINISHED} finished ones`, async () => {
    sent.length = 0;
    await expect.poll(() => sent.some(({ query }) => CLAIM.test(query)), { timeout: 30_000 }).toBe(true);
    const claim = sent.find(({ query }) => CLAIM.test(query))!;
    const [row] = await server.database.raw(`explain (format json) ${claim.query}`, claim.params);
    const plan = row?.['QUERY PLAN'] as [{ Plan: PlanNode }] | string;
    const nodes = scans((typeof plan === 'string' ? (JSON.parse(plan) as [{ Plan: PlanNode }]) : plan)[0].Plan);
    expect(nodes.filter((node) => node['Relation Name'] === 'tasks' && node['Node Type'] === 'Seq Scan')).toEqual([]);
    expect(nodes.map((node) => node['Index Name'])).toContain('tasks_unfinished_due');
  });
});
