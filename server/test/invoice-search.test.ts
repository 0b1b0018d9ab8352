/**
 * The keyword search of `invoice/list` finds its matches once (the first LIST_LIMIT + 1 in the list's order, see
 * `searchPage` in server/src/http/paging.ts) and pages through them: the same order, pages and capped total as the
 * list without a keyword, and never another company's invoices.
 */
import { afterAll, beforeAll, describe, expect, test } from '@rstest/core';
import { eq } from 'drizzle-orm';
import { LIST_LIMIT } from '@app/contract/limits';
import { memberships } from '../src/db/schema';
import { buyerName, seedCompanyRows } from './support/scale-seed';
import { createTestServer, DATABASES, type TestServer } from './support/test-server';

const ROWS = LIST_LIMIT + 100;

interface Listed {
  total: number;
  list: { id: string; buyerName: string; number: string | null }[];
}

describe.each(DATABASES)('invoice keyword search (%s)', (kind) => {
  let server: TestServer;
  let token: string;
  const list = async (body: Record<string, unknown>) => (await server.call<Listed>('invoice/list', body, token)).body.result;

  beforeAll(async () => {
    server = await createTestServer(kind, { worker: { enabled: false, pollMs: 20, stepTimeoutMs: 2000, leaseMs: 4000, batch: 8 } });
    token = await server.tokenFor('企业管理员');
    const companyOf = async (label: string) => {
      const userId = await server.userIdOf(label);
      const [membership] = await server.database.db.select().from(memberships).where(eq(memberships.userId, userId));
      return { userId, companyId: membership?.companyId ?? '' };
    };
    await seedCompanyRows(server.database.raw, { ...(await companyOf('企业管理员')), invoices: ROWS, tasks: 0, applications: 0, goods: 0, numberPrefix: 1 });
    // Another company whose buyers have the same names.
    await seedCompanyRows(server.database.raw, { ...(await companyOf('出租车管理员')), invoices: 50, tasks: 0, applications: 0, goods: 0, numberPrefix: 2 });
    await server.database.raw('analyze');
  });
  afterAll(async () => server.close());

  test('a keyword every invoice matches pages exactly like the list: the same pages in the same order, the total capped', async () => {
    for (const page of [1, 2, 50]) {
      const searched = await list({ keyword: '商贸', page, pageSize: 20 });
      const listed = await list({ page, pageSize: 20 });
      expect(searched.total).toBe(LIST_LIMIT);
      expect(searched.list.map((invoice) => invoice.id)).toEqual(listed.list.map((invoice) => invoice.id));
      expect(searched.list).toHaveLength(20);
    }
    expect((await list({ keyword: '商贸', page: 51, pageSize: 20 })).list).toEqual([]);
  });

  test('a buyer name finds only its invoices, newest first, none of another company', async () => {
    // Rows 5 and 5 + 997 of this company's seed carry the name (seedCompanyRows numbers them prefix + row); the other
    // company's row 5 carries it too and is not found.
    const found = await list({ keyword: buyerName(5) });
    expect(found).toMatchObject({ total: 2 });
    expect(found.list.map((invoice) => [invoice.number, invoice.buyerName])).toEqual([
      ['00000010000000000005', buyerName(5)],
      ['00000010000000001002', buyerName(5)],
    ]);
    expect((await list({ keyword: '00000020000000000005' })).total).toBe(0);
  });

  test('a keyword nothing matches: nothing, total 0', async () => {
    expect(await list({ keyword: '不存在的买方名称' })).toEqual({ total: 0, list: [] });
  });
});
