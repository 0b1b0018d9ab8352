/**
 * The invoice list's export: the invoices `invoice/list` selects (invoices/invoice-list-query.ts, and its keyword
 * search), newest first, in batches by the list's index — an `.xlsx` row each, or (export-zip.ts) their PDFs.
 */
import { and, count, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Static } from 'typebox';
import type { InvoiceExportFilters } from '@app/contract/export';
import { LIST_LIMIT } from '@app/contract/limits';
import { printedRate, RED_REASONS } from '@app/domain/invoice-document';
import { invoices } from '../db/schema/invoices';
import { INVOICE_LIST_ORDER, searchInvoices } from '../invoices/invoice-search';
import { invoiceListConditions, reversedOfBlue } from '../invoices/invoice-list-query';
import { linesOf, type InvoiceRow } from '../invoices/invoice-records';
import { BATCH_ROWS, col, type ExportScope, type ExportSheet, type SheetRow } from './export-sheet';

type Filters = Static<typeof InvoiceExportFilters>;

/** The invoices of the export, in the list's order: a keyword's matches (at most the list's limit), or all of them. */
export function invoiceSelection(scope: ExportScope, filters: Filters) {
  const { db, companyId, range } = scope;
  const conditions = invoiceListConditions(db, companyId, filters, range);
  const where = and(eq(invoices.companyId, companyId), conditions) as SQL;
  const keyword = filters.keyword?.trim();
  const matched = keyword ? searchInvoices(db, companyId, keyword, conditions, { limit: LIST_LIMIT, offset: 0 }) : null;
  return {
    async count(): Promise<number> {
      if (matched) return (await matched).ids.length;
      const [row] = await db.select({ value: count() }).from(invoices).where(where);
      return Number(row?.value ?? 0);
    },
    async *batches(): AsyncGenerator<InvoiceRow[]> {
      if (matched) {
        const { ids } = await matched;
        for (let at = 0; at < ids.length; at += BATCH_ROWS) {
          const page = ids.slice(at, at + BATCH_ROWS);
          const byId = new Map((await db.select().from(invoices).where(inArray(invoices.id, page))).map((row) => [row.id, row]));
          yield page.flatMap((id) => byId.get(id) ?? []);
        }
        return;
      }
      let after: InvoiceRow | undefined;
      for (;;) {
        // Keyset paging on the list's index: (listed_at, id) below the last row's.
        const below = after
          ? sql`(${invoices.listedAt}, ${invoices.id}) < (${after.listedAt.toISOString()}::timestamptz, ${after.id}::uuid)`
          : undefined;
        const rows = await db
          .select()
          .from(invoices)
          .where(and(where, below))
          .orderBy(...INVOICE_LIST_ORDER)
          .limit(BATCH_ROWS);
        if (rows.length) yield rows;
        if (rows.length < BATCH_ROWS) return;
        after = rows[rows.length - 1];
      }
    },
  };
}

const COLUMNS = [
  col('number', '发票号码', 24),
  col('type', '发票类型', 12),
  col('kind', '蓝字/红字', 10),
  col('status', '状态', 10),
  col('issuedAt', '开票日期', 12, 'day'),
  col('buyerName', '购买方名称', 30),
  col('buyerTaxNumber', '购买方纳税人识别号', 22),
  col('sellerName', '销售方名称', 30),
  col('sellerTaxNumber', '销售方纳税人识别号', 22),
  col('netFen', '金额', 14, 'yuan'),
  col('taxFen', '税额', 12, 'yuan'),
  col('grossFen', '价税合计', 14, 'yuan'),
  col('rates', '税率', 10),
  col('reversedFen', '已红冲金额', 14, 'yuan'),
  col('original', '原蓝字发票号码', 24),
  col('redReason', '红冲原因', 12),
  col('issuer', '开票人', 10),
  col('remarks', '备注', 30),
  col('createdAt', '创建时间', 20, 'time'),
];

/** Issued invoices count into the totals (a red one negative); those being issued or failed have no amounts yet. */
const COUNTED = new Set(['已开具', '已红冲', '部分红冲']);

export function invoiceSheet(scope: ExportScope, filters: Filters): ExportSheet {
  const selection = invoiceSelection(scope, filters);
  const sums = { count: 0, netFen: 0, taxFen: 0, grossFen: 0 };
  return {
    name: '发票',
    columns: COLUMNS,
    count: selection.count,
    async *batches() {
      for await (const rows of selection.batches()) {
        const ids = rows.map((row) => row.id);
        const originalIds = rows.flatMap((row) => (row.originalId ? [row.originalId] : []));
        const [reversed, lines, originals] = await Promise.all([
          reversedOfBlue(
            scope.db,
            rows.filter((row) => row.kind === 'blue').map((row) => row.id),
          ),
          linesOf(scope.db, ids),
          originalIds.length
            ? scope.db.select({ id: invoices.id, number: invoices.number }).from(invoices).where(inArray(invoices.id, originalIds))
            : Promise.resolve([]),
        ]);
        const originalNumber = new Map(originals.map((row) => [row.id, row.number]));
        yield rows.map((row): SheetRow => {
          if (COUNTED.has(row.status)) {
            sums.count++;
            sums.netFen += row.netFen;
            sums.taxFen += row.taxFen;
            sums.grossFen += row.grossFen;
          }
          const rates = [...new Set((lines.get(row.id) ?? []).filter((line) => line.discountOf === null).map(printedRate))];
          return {
            number: row.number,
            type: row.type,
            kind: row.kind === 'red' ? '红字' : '蓝字',
            status: row.status,
            issuedAt: row.issuedAt,
            buyerName: row.buyer.name,
            buyerTaxNumber: row.buyer.taxNumber,
            sellerName: row.seller.name,
            sellerTaxNumber: row.seller.taxNumber,
            netFen: row.netFen,
            taxFen: row.taxFen,
            grossFen: row.grossFen,
            rates: rates.join('、'),
            reversedFen: row.kind === 'blue' ? -(reversed.get(row.id) ?? 0) : null,
            original: row.originalId ? (originalNumber.get(row.originalId) ?? '') : null,
            redReason: row.redReason ? RED_REASONS[row.redReason] : null,
            issuer: row.issuer,
            remarks: row.remarks,
            createdAt: row.createdAt,
          };
        });
      }
    },
    totals: () => ({
      number: `合计（已开具 ${sums.count} 张，红字为负）`,
      netFen: sums.netFen,
      taxFen: sums.taxFen,
      grossFen: sums.grossFen,
    }),
  };
}
