/**
 * 开票统计 (`statistics/invoice`): totals, series and rates of the company's issued invoices over a range of
 * China days, on PGlite and PostgreSQL. Invoices issued through the API and the simulator are counted as issued (red
 * ones negative); rows written straight into the tables place invoices at chosen instants around China midnight.
 */
import { afterAll, beforeAll, expect, test } from '@rstest/core';
import { eq } from 'drizzle-orm';
import type { InvoiceStatistics } from '@app/contract/statistics';
import { chinaDate } from '@app/domain/china-time';
import { goods, memberships } from '../src/db/schema/companies';
import { taxAccounts } from '../src/db/schema/tax-accounts';
import { addIssuedInvoiceToTotals } from '../src/statistics/invoice-totals';
import { PLAIN_BUYER } from './support/invoice-fixtures';
import { createTestServer, eventually, type TestServer } from './support/test-server';
import { describeEachDatabase } from './support/database-suites';

const BUYER = PLAIN_BUYER;

let serial = 0;
const nextSerial = () => `stats-serial-${Date.now()}-${++serial}`;

describeEachDatabase('statistics/invoice (%s)', (kind) => {
  let server: TestServer;
  let token: string;
  let taxiToken: string;
  let companyId: string;
  let userId: string;
  let taxiCompanyId: string;
  let taxiUserId: string;

  const companyOf = async (label: string) => {
    const id = await server.userIdOf(label);
    const [membership] = await server.database.db.select().from(memberships).where(eq(memberships.userId, id));
    return { userId: id, companyId: membership?.companyId ?? '' };
  };
  const stats = async (body: Record<string, unknown>, as = token) => server.call<InvoiceStatistics>('statistics/invoice', body, as);
  const statsOk = async (body: Record<string, unknown>, as = token) => {
    const answer = await stats(body, as);
    if (!answer.body.success) throw new Error(JSON.stringify(answer.body));
    return answer.body.result;
  };

  let number = 0;
  /** An invoice (with one line per amount) written as the server writes an issued one (and its totals), or a failed one (`issuedAt` null). */
  const insertInvoice = async (
    owner: { companyId: string; userId: string },
    invoiceKind: 'blue' | 'red',
    issuedAt: string | null,
    lines: { grossFen: number; netFen: number; taxFen: number; rate: number | null; taxFree?: string }[],
    createdAt = issuedAt,
  ) => {
    const gross = lines.reduce((sum, line) => sum + line.grossFen, 0);
    const net = lines.reduce((sum, line) => sum + line.netFen, 0);
    const tax = lines.reduce((sum, line) => sum + line.taxFen, 0);
    const party = JSON.stringify(BUYER);
    const [row] = await server.database.raw(
      `insert into invoices (company_id, created_by, kind, type, status, number, issued_at, buyer, seller, net_fen, tax_fen, gross_fen, created_at, updated_at)
       values ($1::uuid, $2::uuid, $3, '数电普票', $4, $5, $6::timestamptz, $7::jsonb, $7::jsonb, $8, $9, $10, $11::timestamptz, $11::timestamptz) returning id`,
      [
        owner.companyId,
        owner.userId,
        invoiceKind,
        issuedAt ? '已开具' : '开具失败',
        issuedAt ? `9${String(++number).padStart(19, '0')}` : null,
        issuedAt,
        party,
        net,
        tax,
        gross,
        createdAt,
      ],
    );
    const id = (row as { id: string }).id;
    for (const [index, line] of lines.entries()) {
      await server.database.raw(
        `insert into invoice_lines (invoice_id, line_no, goods_name, tax_short_name, tax_code, net_fen, tax_fen, gross_fen, rate_permille, tax_free)
         values ($1::uuid, $2, '咨询服务', '现代服务', '3040000000000000000', $3, $4, $5, $6, $7)`,
        [id, index + 1, line.netFen, line.taxFen, line.grossFen, line.rate, line.taxFree ?? null],
      );
    }
    // Recorded as issued: added to the totals the way the issuing step adds it.
    if (issuedAt)
      await server.database.db.transaction((tx) =>
        addIssuedInvoiceToTotals(tx, { id, companyId: owner.companyId, kind: invoiceKind, grossFen: gross }, new Date(issuedAt)),
      );
    return id;
  };

  beforeAll(async () => {
    server = await createTestServer(kind);
    token = await server.tokenFor('企业员工');
    taxiToken = await server.tokenFor('出租车管理员');
    ({ companyId, userId } = await companyOf('企业员工'));
    ({ companyId: taxiCompanyId, userId: taxiUserId } = await companyOf('出租车管理员'));
    const mine = { companyId, userId };
    // Around the China midnight of 2026-06-01 (16:00Z): 16:30Z is already June in Beijing, 15:59Z still May.
    await insertInvoice(mine, 'blue', '2026-05-31T16:30:00Z', [{ grossFen: 10_600, netFen: 10_000, taxFen: 600, rate: 60 }]);
    await insertInvoice(mine, 'blue', '2026-05-31T15:59:00Z', [
      { grossFen: 11_300, netFen: 10_000, taxFen: 1_300, rate: 130 },
      { grossFen: 500, netFen: 500, taxFen: 0, rate: null, taxFree: '免税' },
    ]);
    await insertInvoice(mine, 'red', '2026-06-02T02:00:00Z', [{ grossFen: -5_300, netFen: -5_000, taxFen: -300, rate: 60 }]);
    await insertInvoice(mine, 'blue', '2026-06-03T12:00:00Z', [{ grossFen: 1_030, netFen: 1_000, taxFen: 30, rate: 30 }]);
    // Not issued (开具失败): never counted, though created inside the range.
    await insertInvoice(mine, 'blue', null, [{ grossFen: 99_999, netFen: 99_999, taxFen: 0, rate: 0 }], '2026-06-02T03:00:00Z');
    // Another company's, on the same days: never counted.
    await insertInvoice({ companyId: taxiCompanyId, userId: taxiUserId }, 'blue', '2026-06-02T04:00:00Z', [
      { grossFen: 77_700, netFen: 75_437, taxFen: 2_263, rate: 30 },
    ]);
  });
  afterAll(async () => server.close());

  test('by day: China days (16:30Z of May 31 counts on June 1), zeros filled, red negative, totals and rates', async () => {
    const result = await statsOk({ from: '2026-05-30', to: '2026-06-04', by: 'day' });
    expect(result.series).toEqual([
      { key: '2026-05-30', blueCount: 0, blueFen: 0, redCount: 0, redFen: 0 },
      { key: '2026-05-31', blueCount: 1, blueFen: 11_800, redCount: 0, redFen: 0 },
      { key: '2026-06-01', blueCount: 1, blueFen: 10_600, redCount: 0, redFen: 0 },
      { key: '2026-06-02', blueCount: 0, blueFen: 0, redCount: 1, redFen: -5_300 },
      { key: '2026-06-03', blueCount: 1, blueFen: 1_030, redCount: 0, redFen: 0 },
      { key: '2026-06-04', blueCount: 0, blueFen: 0, redCount: 0, redFen: 0 },
    ]);
    expect(result.totals).toEqual({ blueCount: 3, blueFen: 23_430, redCount: 1, redFen: -5_300, netFen: 18_130 });
    expect(result.byRate).toEqual([
      { ratePermille: 130, taxFree: null, netFen: 10_000, taxFen: 1_300, grossFen: 11_300 },
      { ratePermille: 60, taxFree: null, netFen: 5_000, taxFen: 300, grossFen: 5_300 },
      { ratePermille: 30, taxFree: null, netFen: 1_000, taxFen: 30, grossFen: 1_030 },
      { ratePermille: null, taxFree: '免税', netFen: 500, taxFen: 0, grossFen: 500 },
    ]);
  });

  test('the range is China days: June 1 alone has the 16:30Z invoice, not the 15:59Z one', async () => {
    const result = await statsOk({ from: '2026-06-01', to: '2026-06-01', by: 'day' });
    expect(result.series).toEqual([{ key: '2026-06-01', blueCount: 1, blueFen: 10_600, redCount: 0, redFen: 0 }]);
    expect(result.byRate).toEqual([{ ratePermille: 60, taxFree: null, netFen: 10_000, taxFen: 600, grossFen: 10_600 }]);
  });

  test('by month: China months, every month of the range with zeros; an empty range is all zeros', async () => {
    const result = await statsOk({ from: '2026-04-01', to: '2026-07-31', by: 'month' });
    expect(result.series).toEqual([
      { key: '2026-04', blueCount: 0, blueFen: 0, redCount: 0, redFen: 0 },
      { key: '2026-05', blueCount: 1, blueFen: 11_800, redCount: 0, redFen: 0 },
      { key: '2026-06', blueCount: 2, blueFen: 11_630, redCount: 1, redFen: -5_300 },
      { key: '2026-07', blueCount: 0, blueFen: 0, redCount: 0, redFen: 0 },
    ]);
    expect(result.totals).toEqual({ blueCount: 3, blueFen: 23_430, redCount: 1, redFen: -5_300, netFen: 18_130 });
    // A month range counts only its days: from June 2 on, neither May's nor June 1's invoice.
    expect((await statsOk({ from: '2026-06-02', to: '2026-06-30', by: 'month' })).totals).toEqual({
      blueCount: 1,
      blueFen: 1_030,
      redCount: 1,
      redFen: -5_300,
      netFen: -4_270,
    });
    const empty = await statsOk({ from: '2025-01-01', to: '2025-03-15', by: 'month' });
    expect(empty).toEqual({
      totals: { blueCount: 0, blueFen: 0, redCount: 0, redFen: 0, netFen: 0 },
      series: ['2025-01', '2025-02', '2025-03'].map((key) => ({ key, blueCount: 0, blueFen: 0, redCount: 0, redFen: 0 })),
      byRate: [],
    });
  });

  test('another company sees only its own invoices', async () => {
    const taxi = await statsOk({ from: '2026-06-01', to: '2026-06-30', by: 'month' }, taxiToken);
    expect(taxi.totals).toEqual({ blueCount: 1, blueFen: 77_700, redCount: 0, redFen: 0, netFen: 77_700 });
    expect(taxi.byRate).toEqual([{ ratePermille: 30, taxFree: null, netFen: 75_437, taxFen: 2_263, grossFen: 77_700 }]);
  });

  test('range refusals: backwards, more than 31 days by day, more than 24 months by month, a day that does not exist', async () => {
    const refused = async (body: Record<string, unknown>, field: string, message: string) => {
      const answer = await stats(body);
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({ success: false, errorCode: 4000, message, result: { fields: { [field]: message } } });
    };
    await refused({ from: '2026-06-02', to: '2026-06-01', by: 'day' }, 'to', '结束日期不能早于开始日期');
    await refused({ from: '2026-05-01', to: '2026-06-01', by: 'day' }, 'to', '按日统计最多 31 天');
    await refused({ from: '2024-06-01', to: '2026-06-01', by: 'month' }, 'to', '按月统计最多 24 个月');
    await refused({ from: '2026-02-30', to: '2026-03-01', by: 'day' }, 'from', '开始日期不是有效日期');
    await refused({ from: '2026-02-01', to: '2026-02-29', by: 'day' }, 'to', '结束日期不是有效日期');
    // The longest ranges allowed.
    expect((await statsOk({ from: '2026-05-01', to: '2026-05-31', by: 'day' })).series).toHaveLength(31);
    expect((await statsOk({ from: '2024-07-01', to: '2026-06-30', by: 'month' })).series).toHaveLength(24);
    // A schema refusal names the field too.
    expect((await stats({ from: '2026-6-1', to: '2026-06-02', by: 'day' })).body).toMatchObject({ errorCode: 4000 });
    expect((await stats({ from: '2026-06-01', to: '2026-06-02', by: 'week' })).body).toMatchObject({ errorCode: 4000 });
  });

  test('a signed-in user without a company is refused', async () => {
    const answer = await stats({ from: '2026-06-01', to: '2026-06-02', by: 'day' }, await server.tokenFor('普通用户'));
    expect(answer.body.success).toBe(false);
  });

  test('invoices issued through the API and the simulator: blue counted, a partial red negative, by rate', async () => {
    const manager = await server.tokenFor('企业管理员');
    await server.database.db
      .update(taxAccounts)
      .set({ expirationTime: new Date(Date.now() + 3600_000), scanFaceTime: new Date() })
      .where(eq(taxAccounts.companyId, companyId));
    const items = await server.database.db.select().from(goods).where(eq(goods.companyId, companyId));
    const goodsNamed = (name: string) => items.find((item) => item.name === name)?.id as string;
    const finished = (taskId: string) =>
      eventually(async () => {
        const detail = (await server.call<{ taskStatus: number }>('task/getTaskDetail', { id: taskId }, manager)).body.result;
        return detail.taskStatus === 1 || detail.taskStatus === -1 ? detail : null;
      }, 20_000);
    // Issued in a moment: today in China, or (just past midnight) the days around it.
    const from = chinaDate(new Date(Date.now() - 86_400_000));
    const to = chinaDate(new Date(Date.now() + 86_400_000));
    const before = await statsOk({ from, to, by: 'day' });

    const blue = await server.call<{ taskId: string; invoiceId: string }>(
      'task/createBlueInvoiceTask',
      {
        requestSerial: nextSerial(),
        type: '数电普票',
        buyer: BUYER,
        lines: [
          { goodsId: goodsNamed('软件技术服务'), quantity: null, grossFen: 10_600, rate: 60 },
          { goodsId: goodsNamed('办公用品'), quantity: null, grossFen: 11_300, rate: 130 },
        ],
        remarks: '',
        deliverPhone: '',
        deliverEmail: '',
      },
      manager,
    );
    expect(blue.body.success).toBe(true);
    expect((await finished(blue.body.result.taskId)).taskStatus).toBe(1);
    const red = await server.call<{ taskId: string }>(
      'task/createRedInvoiceTask',
      { requestSerial: nextSerial(), blueInvoiceId: blue.body.result.invoiceId, reason: '04', lines: [{ lineNo: 1, grossFen: 5_300 }] },
      manager,
    );
    expect(red.body.success).toBe(true);
    expect((await finished(red.body.result.taskId)).taskStatus).toBe(1);

    const after = await statsOk({ from, to, by: 'day' });
    const earlier = await statsOk({ from, to, by: 'day' }, manager);
    expect(after).toEqual(earlier);
    const added = (field: keyof InvoiceStatistics['totals']) => after.totals[field] - before.totals[field];
    expect([added('blueCount'), added('blueFen'), added('redCount'), added('redFen'), added('netFen')]).toEqual([
      1, 21_900, 1, -5_300, 16_600,
    ]);
    expect(after.byRate).toEqual([
      { ratePermille: 130, taxFree: null, netFen: 10_000, taxFen: 1_300, grossFen: 11_300 },
      { ratePermille: 60, taxFree: null, netFen: 5_000, taxFen: 300, grossFen: 5_300 },
    ]);
  });
});
