/**
 * Reading invoices: a row with its lines → the `InvoiceDocument` every screen and the PDF show, and what is left of a
 * blue invoice to reverse (its amounts plus those of its red invoices that did not fail, line by line).
 */
import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import { printedItemName, type InvoiceDocument, type InvoiceDocumentLine, type InvoiceSummary } from '@app/domain/invoice-document';
import type { Database } from '../db/database';
import { invoiceLines, invoices } from '../db/schema/invoices';
import { ApiFailure, ErrorCode } from '../http/api-failure';

export type InvoiceRow = typeof invoices.$inferSelect;
export type InvoiceLineRow = typeof invoiceLines.$inferSelect;

/** What is left of one line of a blue invoice, in each amount. */
export interface LineLeft {
  netFen: number;
  taxFen: number;
  grossFen: number;
}

/** An invoice of the caller's company: 4004 when there is none, 1004 when another company's. */
export async function loadCompanyInvoice(db: Database, id: string, companyId: string): Promise<InvoiceRow> {
  const [invoice] = await db.select().from(invoices).where(eq(invoices.id, id.toLowerCase()));
  if (!invoice) throw new ApiFailure(ErrorCode.NotFound, '发票不存在');
  if (invoice.companyId !== companyId) throw new ApiFailure(ErrorCode.NoAccess, '无权查看该企业的发票');
  return invoice;
}

export async function linesOf(db: Database, invoiceIds: readonly string[]): Promise<Map<string, InvoiceLineRow[]>> {
  const byInvoice = new Map<string, InvoiceLineRow[]>();
  if (invoiceIds.length === 0) return byInvoice;
  const rows = await db
    .select()
    .from(invoiceLines)
    .where(inArray(invoiceLines.invoiceId, [...invoiceIds]))
    .orderBy(asc(invoiceLines.invoiceId), asc(invoiceLines.lineNo));
  for (const row of rows) {
    const list = byInvoice.get(row.invoiceId) ?? [];
    list.push(row);
    byInvoice.set(row.invoiceId, list);
  }
  return byInvoice;
}

/** What is left to reverse of a blue invoice, per line number; red invoices that failed do not count. */
export async function leftOfBlue(db: Database, blue: InvoiceRow, blueLines: readonly InvoiceLineRow[]): Promise<Map<number, LineLeft>> {
  const left = new Map<number, LineLeft>(
    blueLines.map((line) => [line.lineNo, { netFen: line.netFen, taxFen: line.taxFen, grossFen: line.grossFen }]),
  );
  const reds = await db
    .select({ id: invoices.id })
    .from(invoices)
    .where(and(eq(invoices.originalId, blue.id), ne(invoices.status, '开具失败')));
  const redLines = await linesOf(
    db,
    reds.map((red) => red.id),
  );
  for (const lines of redLines.values()) {
    for (const line of lines) {
      const entry = left.get(line.lineNo);
      if (!entry) continue;
      entry.netFen += line.netFen;
      entry.taxFen += line.taxFen;
      entry.grossFen += line.grossFen;
    }
  }
  return left;
}

export function documentLine(line: InvoiceLineRow): InvoiceDocumentLine {
  return {
    lineNo: line.lineNo,
    itemName: printedItemName(line.taxShortName, line.goodsName),
    taxCode: line.taxCode,
    model: line.model,
    unit: line.unit,
    quantity: line.quantity,
    unitPrice: line.unitPrice,
    netFen: line.netFen,
    ratePermille: line.ratePermille,
    taxFree: line.taxFree,
    taxFen: line.taxFen,
    grossFen: line.grossFen,
    discountOf: line.discountOf,
  };
}

export async function invoiceDocument(db: Database, invoice: InvoiceRow): Promise<InvoiceDocument> {
  const lines = (await linesOf(db, [invoice.id])).get(invoice.id) ?? [];
  let leftFen = 0;
  const leftByLine: Record<number, number> = {};
  if (invoice.kind === 'blue' && invoice.status !== '开具失败') {
    for (const [lineNo, left] of await leftOfBlue(db, invoice, lines)) {
      leftByLine[lineNo] = left.grossFen;
      leftFen += left.grossFen;
    }
  }
  let original: InvoiceDocument['original'] = null;
  if (invoice.originalId) {
    const [blue] = await db
      .select({ id: invoices.id, number: invoices.number, issuedAt: invoices.issuedAt })
      .from(invoices)
      .where(eq(invoices.id, invoice.originalId));
    if (blue) original = { id: blue.id, number: blue.number, issuedAt: blue.issuedAt?.toISOString() ?? null };
  }
  return {
    id: invoice.id,
    kind: invoice.kind,
    type: invoice.type,
    status: invoice.status,
    number: invoice.number,
    issuedAt: invoice.issuedAt?.toISOString() ?? null,
    buyer: invoice.buyer,
    seller: invoice.seller,
    lines: lines.map(documentLine),
    netFen: invoice.netFen,
    taxFen: invoice.taxFen,
    grossFen: invoice.grossFen,
    remarks: invoice.remarks,
    issuer: invoice.issuer,
    deliverPhone: invoice.deliverPhone,
    deliverEmail: invoice.deliverEmail,
    failReason: invoice.failReason,
    taskId: invoice.taskId,
    createdAt: invoice.createdAt.toISOString(),
    leftFen,
    leftByLine,
    original,
    redConfirmation: invoice.redConfirmation,
  };
}

/** A list row; `leftFen` of a blue invoice comes from the stored status (已红冲 → 0) and the red totals. */
export function invoiceSummary(invoice: InvoiceRow, reversedFen: number): InvoiceSummary {
  return {
    id: invoice.id,
    kind: invoice.kind,
    type: invoice.type,
    status: invoice.status,
    number: invoice.number,
    issuedAt: invoice.issuedAt?.toISOString() ?? null,
    netFen: invoice.netFen,
    taxFen: invoice.taxFen,
    grossFen: invoice.grossFen,
    leftFen: invoice.kind === 'blue' && invoice.status !== '开具失败' ? invoice.grossFen + reversedFen : 0,
    failReason: invoice.failReason,
    taskId: invoice.taskId,
    createdAt: invoice.createdAt.toISOString(),
    buyerName: invoice.buyer.name,
    buyerTaxNumber: invoice.buyer.taxNumber,
  };
}
