/**
 * The ticket folder's export: the tickets `ticket/list` selects (tickets/ticket-search.ts: its conditions, and its
 * keyword search), newest issue date first, a row each with its 查验 and 报销 (who and when), and the totals row the
 * list's totals are: the amounts of the tickets whose 查验 state counts, net of red reversals
 * (`ticketCountedAmounts`, the domain's rule).
 */
import { and, count, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Static } from 'typebox';
import type { TicketExportFilters } from '@app/contract/export';
import { LIST_LIMIT } from '@app/contract/limits';
import { ticketCountedAmounts, ticketCountsInTotals } from '@app/domain/ticket';
import { tickets } from '../db/schema/tickets';
import { users } from '../db/schema/users';
import type { TicketRow } from '../tickets/ticket-records';
import { searchTickets, ticketConditions, TICKET_LIST_ORDER } from '../tickets/ticket-search';
import { BATCH_ROWS, col, type ExportScope, type ExportSheet, type SheetRow } from './export-sheet';

type Filters = Static<typeof TicketExportFilters>;
type Row = { ticket: TicketRow; reimburser: string | null };

function ticketSelection(scope: ExportScope, filters: Filters) {
  const { db, companyId, range } = scope;
  const conditions = ticketConditions(
    { type: filters.type, verifyState: filters.verifyState, reimbursed: filters.reimbursed },
    { firstDay: range.firstDay, lastDay: range.lastDay },
  );
  const where = and(eq(tickets.companyId, companyId), ...conditions) as SQL;
  const keyword = filters.keyword?.trim();
  const matched = keyword ? searchTickets(db, companyId, keyword, and(...conditions), { limit: LIST_LIMIT, offset: 0 }) : null;
  const rows = (condition: SQL | undefined) =>
    db
      .select({ ticket: tickets, reimburser: users.nickname })
      .from(tickets)
      .leftJoin(users, eq(users.id, tickets.reimbursedBy))
      .where(and(where, condition))
      .orderBy(...TICKET_LIST_ORDER);
  return {
    async count(): Promise<number> {
      if (matched) return (await matched).ids.length;
      const [row] = await db.select({ value: count() }).from(tickets).where(where);
      return Number(row?.value ?? 0);
    },
    async *batches(): AsyncGenerator<Row[]> {
      if (matched) {
        const { ids } = await matched;
        for (let at = 0; at < ids.length; at += BATCH_ROWS) yield await rows(inArray(tickets.id, ids.slice(at, at + BATCH_ROWS)));
        return;
      }
      let after: TicketRow | undefined;
      for (;;) {
        const below = after ? sql`(${tickets.issueDate}, ${tickets.id}) < (${after.issueDate}::date, ${after.id}::uuid)` : undefined;
        const batch = await rows(below).limit(BATCH_ROWS);
        if (batch.length) yield batch;
        if (batch.length < BATCH_ROWS) return;
        after = batch[batch.length - 1]?.ticket;
      }
    },
  };
}

const COLUMNS = [
  col('type', '发票类型', 14),
  col('invoiceCode', '发票代码', 14),
  col('number', '发票号码', 24),
  col('issueDate', '开票日期', 12, 'day'),
  col('sellerName', '销售方名称', 30),
  col('sellerTaxNumber', '销售方纳税人识别号', 22),
  col('buyerName', '购买方名称', 30),
  col('buyerTaxNumber', '购买方纳税人识别号', 22),
  col('netFen', '金额', 14, 'yuan'),
  col('taxFen', '税额', 12, 'yuan'),
  col('grossFen', '价税合计', 14, 'yuan'),
  col('redGrossFen', '已红冲价税合计', 14, 'yuan'),
  col('verifyState', '查验状态', 10),
  col('verifiedAt', '查验时间', 20, 'time'),
  col('verifyMessage', '查验结果', 24),
  col('reimbursed', '报销状态', 10),
  col('reimbursedBy', '报销人', 12),
  col('reimbursedAt', '报销时间', 20, 'time'),
  col('source', '来源', 10),
  col('createdAt', '录入时间', 20, 'time'),
];

export function ticketSheet(scope: ExportScope, filters: Filters): ExportSheet {
  const selection = ticketSelection(scope, filters);
  const sums = { count: 0, counted: 0, netFen: 0, taxFen: 0, grossFen: 0 };
  return {
    name: '票夹',
    columns: COLUMNS,
    count: selection.count,
    async *batches() {
      for await (const rows of selection.batches()) {
        yield rows.map(({ ticket, reimburser }): SheetRow => {
          const counted = ticketCountedAmounts(ticket);
          sums.count++;
          if (ticketCountsInTotals(ticket.verifyState)) sums.counted++;
          sums.netFen += counted.netFen;
          sums.taxFen += counted.taxFen;
          sums.grossFen += counted.grossFen;
          return {
            type: ticket.type,
            invoiceCode: ticket.invoiceCode,
            number: ticket.number,
            issueDate: ticket.issueDate,
            sellerName: ticket.sellerName,
            sellerTaxNumber: ticket.sellerTaxNumber,
            buyerName: ticket.buyerName,
            buyerTaxNumber: ticket.buyerTaxNumber,
            netFen: ticket.netFen,
            taxFen: ticket.taxFen,
            grossFen: ticket.grossFen,
            redGrossFen: ticket.redGrossFen || null,
            verifyState: ticket.verifyState,
            verifiedAt: ticket.verifiedAt,
            verifyMessage: ticket.verifyMessage,
            reimbursed: ticket.reimbursed ? '已报销' : '未报销',
            reimbursedBy: ticket.reimbursed ? reimburser : null,
            reimbursedAt: ticket.reimbursed ? ticket.reimbursedAt : null,
            source: ticket.source,
            createdAt: ticket.createdAt,
          };
        });
      }
    },
    totals: () => ({
      type: `合计（${sums.count} 张，计入金额 ${sums.counted} 张：查验通过，扣除红冲）`,
      netFen: sums.netFen,
      taxFen: sums.taxFen,
      grossFen: sums.grossFen,
    }),
  };
}
