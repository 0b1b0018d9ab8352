/**
 * Creating blue and red invoices: each writes the invoice (开具中) with its lines and the task that issues it, in one
 * transaction, once per request serial — a retried or double-submitted create answers the same task and never
 * issues twice, and a serial belongs to one request: reusing it for another kind of request (or a red invoice of
 * another blue one) is refused. A red invoice never reverses more than is left of its blue invoice: the blue row is
 * locked while the reds are counted. The caller wakes the queue once its transaction committed.
 */
import { recordAudit } from '../audit/audit-trail';
import { randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import type { InvoiceParty } from '@app/domain/invoice-document';
import type { BlueInvoiceLineRequest, BlueInvoiceRequest, CreatedInvoice, RedInvoiceRequest } from '@app/domain/invoice-requests';
import { discountAmounts, discountFen, discountProblem, DISCOUNT_MESSAGES, reversibleLines } from '@app/domain/discount-line';
import { lineIssue, priceLine, type LinePart } from '@app/domain/invoice-line';
import { formatYuan } from '@app/domain/money';
import { splitGross, invoiceTotals } from '@app/domain/tax-maths';
import type { CallerCompany } from '../auth/caller';
import type { Database } from '../db/database';
import { companies, goods } from '../db/schema/companies';
import { invoiceLines, invoices } from '../db/schema/invoices';
import { tasks } from '../db/schema/tasks';
import { ApiFailure, ErrorCode, invalidField, invalidInput } from '../http/api-failure';
import type { TaskQueue } from '../tasks/task-queue';
import { checkedBuyer, checkedDelivery, checkedRemarks, MAX_LINES } from './invoice-input';
import { leftOfBlue, linesOf, type InvoiceLineRow, type InvoiceRow, type LineLeft } from './invoice-records';

/** A blue invoice as the screens ask for it; set when it answers a customer's application. */
export interface BlueInvoiceCreation extends BlueInvoiceRequest {
  applicationId?: string;
}

export type NewLine = Omit<typeof invoiceLines.$inferInsert, 'invoiceId'>;

function invalid(message: string, field?: string): never {
  throw field ? invalidField(field, message) : invalidInput(message);
}

const LINE_FIELDS: Record<LinePart, string> = { goods: 'goodsId', quantity: 'quantity', rate: 'rate', amount: 'grossFen' };

export const SERIAL_REUSED = '请求流水号已用于其他开票请求，请刷新页面后重新提交';

/** The task an earlier request with this serial made: it must be the same kind of request. */
function sameRequest(task: { type: string }, type: 'blue_invoice' | 'red_invoice'): void {
  if (task.type !== type) invalid(SERIAL_REUSED);
}

export async function sellerOf(db: Database, companyId: string): Promise<InvoiceParty> {
  const [company] = await db.select().from(companies).where(eq(companies.id, companyId));
  if (!company) throw new ApiFailure(ErrorCode.NotFound, '企业不存在');
  return {
    name: company.name,
    taxNumber: company.xsfNsrsbh,
    address: company.address,
    phone: company.phone,
    bankName: company.bankName,
    bankAccount: company.bankAccount,
    naturalPerson: false,
  };
}

/**
 * The goods lines as printed, checked by the domain's line rules; a discounted line is followed by its discount line
 * (折扣行: same goods, code and rate, the discount as a negative amount with its own tax), numbered in printed order.
 */
async function blueLines(db: Database, companyId: string, requested: readonly BlueInvoiceLineRequest[]): Promise<NewLine[]> {
  if (requested.length === 0) invalid('请至少添加一行商品', 'lines');
  if (requested.length > MAX_LINES) invalid(`一张发票最多 ${MAX_LINES} 行商品`, 'lines');
  const ids = [...new Set(requested.map((line) => line.goodsId.toLowerCase()))];
  const found = await db.select().from(goods).where(inArray(goods.id, ids));
  const byId = new Map(found.map((item) => [item.id, item]));
  const printed: NewLine[] = [];
  for (const [index, line] of requested.entries()) {
    const item = byId.get(line.goodsId.toLowerCase());
    if (!item) throw new ApiFailure(ErrorCode.NotFound, `第 ${index + 1} 行的商品不存在`);
    if (item.companyId !== companyId) throw new ApiFailure(ErrorCode.NoAccess, `第 ${index + 1} 行的商品不属于当前企业`);
    if (item.archivedAt) invalid(`第 ${index + 1} 行的商品已删除，请重新选择`, `lines.${index}.goodsId`);
    if (line.grossFen <= 0) invalid(`第 ${index + 1} 行的金额应大于 0`, `lines.${index}.grossFen`);
    const priced = priceLine({ grossFen: line.grossFen, rate: line.rate, quantity: line.quantity });
    const goodsLine = {
      goodsName: item.name,
      taxShortName: item.taxShortName,
      taxCode: item.taxCode,
      model: item.model,
      unit: item.unit,
      ...priced,
    };
    const issue = lineIssue({ ...goodsLine, itemName: `*${item.taxShortName}*${item.name}` });
    if (issue) throw invalidInput(`第 ${index + 1} 行：${issue.message}`, { [`lines.${index}.${LINE_FIELDS[issue.part]}`]: issue.message });
    const lineNo = printed.length + 1;
    printed.push({ lineNo, goodsId: item.id, ...goodsLine, discountOf: null });
    if (line.discount) {
      const fen = discountFen(line.grossFen, line.discount);
      const problem = discountProblem(line.grossFen, fen);
      if (problem || fen === null) {
        const message = DISCOUNT_MESSAGES[problem ?? 'shape'];
        throw invalidInput(`第 ${index + 1} 行：${message}`, { [`lines.${index}.discount`]: message });
      }
      printed.push({
        lineNo: lineNo + 1,
        goodsId: item.id,
        goodsName: item.name,
        taxShortName: item.taxShortName,
        taxCode: item.taxCode,
        model: '',
        unit: '',
        quantity: null,
        unitPrice: null,
        ...discountAmounts(fen, line.rate),
        ratePermille: goodsLine.ratePermille,
        taxFree: goodsLine.taxFree,
        discountOf: lineNo,
      });
    }
  }
  return printed;
}

/** A row's creation time when it is not now (the demo history's past times). */
function stamped(at: Date | undefined) {
  return at ? { createdAt: at, updatedAt: at } : {};
}

async function insertInvoice(
  tx: Database,
  invoice: typeof invoices.$inferInsert & { id: string },
  lines: readonly NewLine[],
): Promise<void> {
  await tx.insert(invoices).values(invoice);
  await tx.insert(invoiceLines).values(lines.map((line) => ({ ...line, invoiceId: invoice.id })));
}

/** `at`: when it was asked for (now; the demo history's are past times, db/demo-history.ts). */
export async function createBlueInvoice(
  db: Database,
  queue: TaskQueue,
  userId: string,
  company: CallerCompany,
  request: BlueInvoiceCreation,
  at?: Date,
  alsoWrite?: (tx: Database, created: CreatedInvoice) => Promise<void>,
): Promise<CreatedInvoice> {
  const buyer = checkedBuyer(request.buyer, request.type);
  const remarks = checkedRemarks(request.remarks);
  const delivery = checkedDelivery(request.deliverPhone, request.deliverEmail);
  const lines = await blueLines(db, company.id, request.lines);
  return insertBlueInvoice(
    db,
    queue,
    userId,
    company,
    {
      requestSerial: request.requestSerial,
      type: request.type,
      buyer,
      remarks,
      delivery,
      lines,
      applicationId: request.applicationId ?? null,
    },
    at,
    alsoWrite,
  );
}

/** A blue invoice whose buyer, remarks, delivery and lines are checked and printed (createBlueInvoice, taxi invoices). */
export interface CheckedBlueInvoice {
  requestSerial: string;
  type: BlueInvoiceRequest['type'];
  buyer: InvoiceParty;
  remarks: string;
  delivery: { deliverPhone: string; deliverEmail: string };
  lines: readonly NewLine[];
  applicationId: string | null;
}

/**
 * Writes the invoice (开具中), its lines and the task that issues it in one transaction, once per request serial (a
 * repeat answers the earlier task). `alsoWrite` runs in that transaction when this request made the invoice: what
 * else the invoice claims (a taxi invoice's trips), and a refusal there undoes it all.
 */
export async function insertBlueInvoice(
  db: Database,
  queue: TaskQueue,
  userId: string,
  company: CallerCompany,
  invoice: CheckedBlueInvoice,
  at?: Date,
  alsoWrite?: (tx: Database, created: CreatedInvoice) => Promise<void>,
): Promise<CreatedInvoice> {
  const totals = invoiceTotals(invoice.lines);
  const seller = await sellerOf(db, company.id);
  const invoiceId = randomUUID();
  const created = await db.transaction(async (tx) => {
    const { task, created } = await queue.createOnce(
      tx,
      {
        companyId: company.id,
        userId,
        type: 'blue_invoice',
        payload: { invoiceId },
        requestSerial: invoice.requestSerial,
      },
      at,
    );
    if (!created) {
      sameRequest(task, 'blue_invoice');
      return { taskId: task.id, invoiceId: String(task.payload.invoiceId) };
    }
    await insertInvoice(
      tx,
      {
        id: invoiceId,
        companyId: company.id,
        createdBy: userId,
        kind: 'blue',
        type: invoice.type,
        buyer: invoice.buyer,
        seller,
        remarks: invoice.remarks,
        ...invoice.delivery,
        ...totals,
        taskId: task.id,
        applicationId: invoice.applicationId,
        ...stamped(at),
      },
      invoice.lines,
    );
    await alsoWrite?.(tx, { taskId: task.id, invoiceId });
    return { taskId: task.id, invoiceId };
  });
  return created;
}

/** The red line reversing `grossFen` (positive) of what is left of a blue line; reversing all that is left is exact. */
function reversal(blue: InvoiceLineRow, lineLeft: LineLeft, grossFen: number): NewLine {
  const whole = grossFen === lineLeft.grossFen;
  const amounts = whole
    ? { netFen: -lineLeft.netFen, taxFen: -lineLeft.taxFen, grossFen: -lineLeft.grossFen }
    : splitGross(-grossFen, blue.taxFree ?? blue.ratePermille ?? 0);
  const fullLine = whole && lineLeft.grossFen === blue.grossFen && blue.quantity !== null;
  return {
    lineNo: blue.lineNo,
    goodsId: blue.goodsId ?? null,
    goodsName: blue.goodsName,
    taxShortName: blue.taxShortName,
    taxCode: blue.taxCode,
    model: blue.model ?? '',
    unit: blue.unit ?? '',
    quantity: fullLine ? `-${blue.quantity}` : null,
    unitPrice: fullLine ? (blue.unitPrice ?? null) : null,
    ...amounts,
    ratePermille: blue.ratePermille ?? null,
    taxFree: blue.taxFree ?? null,
    discountOf: blue.discountOf ?? null,
  };
}

/**
 * The red lines: each reversing (part of) what is left of a blue line. A discounted line is reversed with its
 * discount line, whole (the pair's amount: what is left of the line less its discount); a discount line is never
 * asked for on its own.
 */
function redLines(blueLines: readonly InvoiceLineRow[], left: Map<number, LineLeft>, request: RedInvoiceRequest): NewLine[] {
  const byNo = new Map(blueLines.map((line) => [line.lineNo, line]));
  const units = new Map(
    reversibleLines(blueLines, Object.fromEntries([...left].map(([lineNo, amounts]) => [lineNo, amounts.grossFen]))).map((unit) => [
      unit.lineNo,
      unit,
    ]),
  );
  const wanted =
    request.lines ??
    [...units.values()].filter((unit) => unit.leftFen > 0).map((unit) => ({ lineNo: unit.lineNo, grossFen: unit.leftFen }));
  const seen = new Set<number>();
  return wanted.flatMap(({ lineNo, grossFen }, index) => {
    const blue = byNo.get(lineNo);
    const lineLeft = left.get(lineNo);
    if (!blue || !lineLeft) invalid(`原发票没有第 ${lineNo} 行`, `lines.${index}.lineNo`);
    const unit = units.get(lineNo);
    if (!unit) invalid(`第 ${lineNo} 行是折扣行，随第 ${blue.discountOf} 行一并红冲`, `lines.${index}.lineNo`);
    if (seen.has(lineNo)) invalid(`第 ${lineNo} 行重复`, `lines.${index}.lineNo`);
    seen.add(lineNo);
    if (!Number.isSafeInteger(grossFen) || grossFen <= 0) invalid(`第 ${lineNo} 行的红冲金额应大于 0`, `lines.${index}.grossFen`);
    if (grossFen > unit.leftFen) invalid(`第 ${lineNo} 行最多可红冲 ${formatYuan(unit.leftFen)}`, `lines.${index}.grossFen`);
    const discount = unit.discountLineNo === null ? undefined : byNo.get(unit.discountLineNo);
    const discountLeft = unit.discountLineNo === null ? undefined : left.get(unit.discountLineNo);
    if (!discount || !discountLeft) return [reversal(blue, lineLeft, grossFen)];
    if (grossFen !== unit.leftFen)
      invalid(`第 ${lineNo} 行有折扣，须连同折扣行整行红冲 ${formatYuan(unit.leftFen)}`, `lines.${index}.grossFen`);
    return [reversal(blue, lineLeft, lineLeft.grossFen), reversal(discount, discountLeft, discountLeft.grossFen)];
  });
}

export async function createRedInvoice(
  db: Database,
  queue: TaskQueue,
  userId: string,
  company: CallerCompany,
  request: RedInvoiceRequest,
  at?: Date,
): Promise<CreatedInvoice> {
  const invoiceId = randomUUID();
  const created = await db.transaction(async (tx) => {
    const [repeat] = await tx
      .select({ id: tasks.id, type: tasks.type, payload: tasks.payload, originalId: invoices.originalId })
      .from(tasks)
      .leftJoin(invoices, eq(invoices.taskId, tasks.id))
      .where(and(eq(tasks.companyId, company.id), eq(tasks.requestSerial, request.requestSerial)));
    if (repeat) {
      sameRequest(repeat, 'red_invoice');
      if (repeat.originalId !== request.blueInvoiceId.toLowerCase()) invalid(SERIAL_REUSED);
      return { taskId: repeat.id, invoiceId: String(repeat.payload.invoiceId) };
    }
    // Locked: reds of this blue invoice are created one at a time, each counting the ones before it.
    const [blue] = await tx.select().from(invoices).where(eq(invoices.id, request.blueInvoiceId.toLowerCase())).for('update');
    if (!blue) throw new ApiFailure(ErrorCode.NotFound, '原蓝字发票不存在');
    if (blue.companyId !== company.id) throw new ApiFailure(ErrorCode.NoAccess, '无权红冲该企业的发票');
    checkReversible(blue);
    const lines = (await linesOf(tx, [blue.id])).get(blue.id) ?? [];
    const left = await leftOfBlue(tx, blue, lines);
    const leftFen = [...left.values()].reduce((sum, line) => sum + line.grossFen, 0);
    if (leftFen <= 0) throw new ApiFailure(ErrorCode.TaskStateConflict, '该发票已全部红冲（或有红冲正在开具）');
    if (request.reason === '01' && (request.lines !== undefined || leftFen !== blue.grossFen)) {
      invalid('红冲原因为“开票有误”时只能全额红冲，且原发票未曾部分红冲', 'reason');
    }
    const red = redLines(lines, left, request);
    if (red.length === 0) invalid('请至少选择一行红冲', 'lines');
    const totals = invoiceTotals(red);
    const { task, created } = await queue.createOnce(
      tx,
      {
        companyId: company.id,
        userId,
        type: 'red_invoice',
        payload: { invoiceId },
        requestSerial: request.requestSerial,
      },
      at,
    );
    if (!created) {
      // Another create with this serial committed meanwhile: the same request only.
      sameRequest(task, 'red_invoice');
      return { taskId: task.id, invoiceId: String(task.payload.invoiceId) };
    }
    await insertInvoice(
      tx,
      {
        id: invoiceId,
        companyId: company.id,
        createdBy: userId,
        kind: 'red',
        type: blue.type,
        buyer: blue.buyer,
        seller: blue.seller,
        remarks: `被红冲蓝字数电发票号码：${blue.number ?? ''}`,
        deliverPhone: blue.deliverPhone,
        deliverEmail: blue.deliverEmail,
        ...totals,
        taskId: task.id,
        originalId: blue.id,
        redReason: request.reason,
        ...stamped(at),
      },
      red,
    );
    const summary = `发票 ${blue.number ?? ''}，红字金额 ${formatYuan(totals.grossFen)}`;
    await recordAudit(tx, { type: 'invoice', id: blue.id, summary });
    return { taskId: task.id, invoiceId };
  });
  return created;
}

export function checkReversible(blue: InvoiceRow): void {
  if (blue.kind !== 'blue') throw new ApiFailure(ErrorCode.TaskStateConflict, '只能红冲蓝字发票');
  if (blue.status === '已红冲') throw new ApiFailure(ErrorCode.TaskStateConflict, '该发票已全部红冲');
  if (blue.status !== '已开具' && blue.status !== '部分红冲')
    throw new ApiFailure(ErrorCode.TaskStateConflict, `该发票${blue.status}，不能红冲`);
}
