/**
 * 收支's export: the lines `payment/list` shows (cash/payment-list-query.ts: paid orders as income, withdrawals that
 * did not fail as expense), newest first, read a batch at a time from both sides' indexes, and the totals row with
 * the list's 收入 and 支出.
 */
import { inArray, sql, type SQL } from 'drizzle-orm';
import type { Static } from 'typebox';
import type { PaymentExportFilters } from '@app/contract/export';
import type { PaymentRecord } from '@app/contract/payment';
import { expenseRecord, incomeRecord, type IncomeRow } from '../cash/orders';
import { EXPENSE_ORDER, INCOME_ORDER, incomeQuery, paymentSides } from '../cash/payment-list-query';
import { cashOrders } from '../db/schema/cash';
import { withdrawals } from '../db/schema/payouts';
import { BATCH_ROWS, col, type ExportScope, type ExportSheet, type SheetRow } from './export-sheet';

type Filters = Static<typeof PaymentExportFilters>;
type Placed = { side: 'income' | 'expense'; id: string; at: string };

const CHANNEL_NAMES: Record<PaymentRecord['channel'], string> = { wechat: '微信支付', alipay: '支付宝', demo: '演示支付', bank: '银行卡' };

function paymentSelection(scope: ExportScope, filters: Filters) {
  const { db, companyId, range } = scope;
  const { wantIncome, wantExpense, incomeWhere, expenseWhere } = paymentSides(companyId, filters, range.start, range.end);
  const sides = (below: { at: string; id: string } | null, limit: number): SQL[] => {
    const keyset = (at: SQL, id: SQL) => (below ? sql` and (${at}, ${id}) < (${below.at}::timestamptz, ${below.id}::uuid)` : sql``);
    const parts: SQL[] = [];
    if (wantIncome)
      parts.push(
        sql`(select 'income' as side, ${cashOrders.id} as id, ${cashOrders.paidAt} as at from ${cashOrders} where ${incomeWhere}${keyset(sql`${cashOrders.paidAt}`, sql`${cashOrders.id}`)} order by ${sql.join(INCOME_ORDER, sql`, `)} limit ${limit})`,
      );
    if (wantExpense)
      parts.push(
        sql`(select 'expense' as side, ${withdrawals.id} as id, ${withdrawals.createdAt} as at from ${withdrawals} where ${expenseWhere}${keyset(sql`${withdrawals.createdAt}`, sql`${withdrawals.id}`)} order by ${sql.join(EXPENSE_ORDER, sql`, `)} limit ${limit})`,
      );
    return parts;
  };
  return {
    async count(): Promise<number> {
      const parts: SQL[] = [];
      if (wantIncome) parts.push(sql`(select count(*) from ${cashOrders} where ${incomeWhere})`);
      if (wantExpense) parts.push(sql`(select count(*) from ${withdrawals} where ${expenseWhere})`);
      if (!parts.length) return 0;
      const answer = await db.execute(sql`select (${sql.join(parts, sql` + `)})::int as total`);
      return Number((answer as unknown as { rows: { total: number }[] }).rows[0]?.total ?? 0);
    },
    async *batches(): AsyncGenerator<PaymentRecord[]> {
      let below: { at: string; id: string } | null = null;
      for (;;) {
        const parts = sides(below, BATCH_ROWS);
        if (!parts.length) return;
        const answer = await db.execute(
          sql`select side, id::text as id, to_char(at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as at from (${sql.join(parts, sql` union all `)}) as listed order by listed.at desc, listed.id desc limit ${BATCH_ROWS}`,
        );
        const placed = (answer as unknown as { rows: Placed[] }).rows;
        if (!placed.length) return;
        const incomeIds = placed.flatMap((item) => (item.side === 'income' ? [item.id] : []));
        const expenseIds = placed.flatMap((item) => (item.side === 'expense' ? [item.id] : []));
        const [incomeRows, expenseRows] = await Promise.all([
          incomeIds.length ? incomeQuery(db).where(inArray(cashOrders.id, incomeIds)) : Promise.resolve([]),
          expenseIds.length ? db.select().from(withdrawals).where(inArray(withdrawals.id, expenseIds)) : Promise.resolve([]),
        ]);
        const incomeById = new Map(incomeRows.map((row) => [row.order.id, row as IncomeRow]));
        const expenseById = new Map(expenseRows.map((row) => [row.id, row]));
        yield placed.map((item) =>
          item.side === 'income' ? incomeRecord(incomeById.get(item.id)!) : expenseRecord(expenseById.get(item.id)!),
        );
        if (placed.length < BATCH_ROWS) return;
        const last = placed[placed.length - 1]!;
        below = { at: last.at, id: last.id };
      }
    },
  };
}

const COLUMNS = [
  col('at', '时间', 20, 'time'),
  col('type', '收支类型', 10),
  col('channel', '渠道', 10),
  col('title', '摘要', 34),
  col('counterparty', '付款人/收款账户', 20),
  col('orderNo', '订单号', 24),
  col('providerTradeNo', '支付流水号', 30),
  col('incomeFen', '收入', 14, 'yuan'),
  col('expenseFen', '支出', 14, 'yuan'),
  col('invoiceState', '开票状态', 10),
];

export function paymentSheet(scope: ExportScope, filters: Filters): ExportSheet {
  const selection = paymentSelection(scope, filters);
  const sums = { income: 0, expense: 0, count: 0 };
  return {
    name: '收支',
    columns: COLUMNS,
    count: selection.count,
    async *batches() {
      for await (const records of selection.batches()) {
        yield records.map((record): SheetRow => {
          sums.count++;
          if (record.type === 'income') sums.income += record.amountFen;
          else sums.expense += -record.amountFen;
          return {
            at: new Date(record.at),
            type: record.type === 'income' ? '收入' : '支出',
            channel: CHANNEL_NAMES[record.channel],
            title: record.title,
            counterparty: record.counterparty,
            orderNo: record.orderNo,
            providerTradeNo: record.providerTradeNo,
            incomeFen: record.type === 'income' ? record.amountFen : null,
            expenseFen: record.type === 'expense' ? -record.amountFen : null,
            invoiceState: record.invoiceState,
          };
        });
      }
    },
    totals: () => ({ at: null, type: `合计（${sums.count} 笔）`, incomeFen: sums.income, expenseFen: sums.expense }),
  };
}
