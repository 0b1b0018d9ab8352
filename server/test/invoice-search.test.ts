/**
 * The keyword of `invoice/list` (server/src/invoices/invoice-search.ts): buyer names that contain it and, for four
 * digits or more, numbers that end with it. Whatever way a keyword is answered (one buyer, several, a broad keyword
 * walking the list, the end of a number, with the list's filters), its pages and total are those of the list
 * filtered by hand, in the list's order; another company's invoices never appear; and a buyer recorded by any insert
 * (the server's issuing, or SQL like the seed's) is found.
 */
import { afterAll, beforeAll, expect, test } from '@rstest/core';
import { eq } from 'drizzle-orm';
import { LIST_LIMIT } from '@app/contract/limits';
import { memberships } from '../src/db/schema/companies';
import { MAX_NAMES } from '../src/invoices/invoice-search';
import { buyerName, seedCompanyRows } from './support/scale-seed';
import { createTestServer, type TestServer } from './support/test-server';
import { describeEachDatabase } from './support/database-suites';

const ROWS = LIST_LIMIT + 100;

interface Listed {
  total: number;
  list: { id: string; buyerName: string; number: string | null; kind: string; status: string }[];
}

interface Stored {
  id: string;
  buyer_name: string;
  number: string | null;
  kind: string;
  status: string;
}

describeEachDatabase('invoice keyword search (%s)', (kind) => {
  let server: TestServer;
  let token: string;
  let companyId: string;
  const list = async (body: Record<string, unknown>) => (await server.call<Listed>('invoice/list', body, token)).body.result;

  /** The company's invoices in the list's order, filtered by hand as the keyword's rule says. */
  async function byHand(keyword: string, filter: Partial<Pick<Stored, 'kind' | 'status'>> = {}): Promise<string[]> {
    const rows = (await server.database.raw(
      `select id, buyer_name, number, kind, status from invoices where company_id = $1 order by listed_at desc, id desc`,
      [companyId],
    )) as unknown as Stored[];
    const digits = /^\d{4,20}$/.test(keyword);
    return rows
      .filter((row) => row.buyer_name.includes(keyword) || (digits && (row.number ?? '').endsWith(keyword)))
      .filter((row) => (filter.kind ? row.kind === filter.kind : true) && (filter.status ? row.status === filter.status : true))
      .map((row) => row.id);
  }

  beforeAll(async () => {
    server = await createTestServer(kind, { worker: { enabled: false, pollMs: 20, stepTimeoutMs: 2000, leaseMs: 4000, batch: 8 } });
    token = await server.tokenFor('企业管理员');
    const companyOf = async (label: string) => {
      const userId = await server.userIdOf(label);
      const [membership] = await server.database.db.select().from(memberships).where(eq(memberships.userId, userId));
      return { userId, companyId: membership?.companyId ?? '' };
    };
    const own = await companyOf('企业管理员');
    companyId = own.companyId;
    await seedCompanyRows(server.database.raw, { ...own, invoices: ROWS, tasks: 0, applications: 0, goods: 0, numberPrefix: 1 });
    // Another company whose buyers have the same names and whose numbers end the same way.
    await seedCompanyRows(server.database.raw, {
      ...(await companyOf('出租车管理员')),
      invoices: 50,
      tasks: 0,
      applications: 0,
      goods: 0,
      numberPrefix: 2,
    });
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

  test.each([
    ['one buyer', buyerName(5), {}],
    ['several buyers (买方12, 买方120–129)', '买方12', {}],
    ['several buyers, red only', '买方12', { kind: 'red' }],
    ['a broad keyword, red only', '买方1', { kind: 'red' }],
    ['a broad keyword, failed only', '商贸', { status: '开具失败' }],
    ['the end of a number', '0000000000777', {}],
    ['the last four digits, and buyer names with them', '0123', {}],
    ['a whole number', '00000010000000000999', {}],
  ] as const)('%s (%s): pages and total are the list filtered by hand', async (_label, keyword, filter) => {
    const expected = await byHand(keyword, filter);
    const found: string[] = [];
    for (let page = 1; found.length < Math.min(expected.length, LIST_LIMIT); page++) {
      const answer = await list({ keyword, ...filter, page, pageSize: 50 });
      expect(answer.total).toBe(Math.min(expected.length, LIST_LIMIT));
      expect(answer.list.length).toBeGreaterThan(0);
      found.push(...answer.list.map((invoice) => invoice.id));
    }
    expect(found).toEqual(expected.slice(0, LIST_LIMIT));
  });

  test('the keyword is the end of a number, not any part of it; fewer than four digits search buyer names only', async () => {
    expect((await list({ keyword: '0000000000777' })).list.map((invoice) => invoice.number)).toEqual(['00000010000000000777']);
    expect((await list({ keyword: '000000100000' })).total).toBe(0);
    expect((await list({ keyword: '999' })).total).toBe(0);
  });

  test(`a keyword in more than ${MAX_NAMES} buyer names (a broad one) finds the same as the buyers one by one`, async () => {
    // 买方1 is in 买方1, 买方10–19, 买方100–199: 111 names.
    const broad = await list({ keyword: '买方1', pageSize: 100 });
    expect(broad.total).toBe((await byHand('买方1')).length);
    expect(broad.list.every((invoice) => invoice.buyerName.includes('买方1'))).toBe(true);
  });

  test('a buyer written by SQL of its own (an import) is found: every insert records its buyer', async () => {
    await server.database.raw(
      `insert into invoices (company_id, created_by, kind, type, status, buyer, seller, net_fen, tax_fen, gross_fen)
       select $1::uuid, created_by, 'blue', type, '开具中', buyer || '{"name": "导入的买方有限公司"}', seller, 100, 0, 100 from invoices where company_id = $1::uuid limit 2`,
      [companyId],
    );
    expect((await list({ keyword: '导入的买方' })).total).toBe(2);
  });

  test('a keyword nothing matches: nothing, total 0', async () => {
    expect(await list({ keyword: '不存在的买方名称' })).toEqual({ total: 0, list: [] });
    expect(await list({ keyword: '%' })).toEqual({ total: 0, list: [] });
  });
});
