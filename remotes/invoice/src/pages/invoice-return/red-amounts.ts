/**
 * The sums of a red invoice as the form builds it, with the domain's money and tax maths: what is left of each blue
 * line, the amount typed to reverse (incl. tax, checked against what is left), the negative net and tax it becomes,
 * and the totals. The server computes the same way (server/src/invoices/create-invoices.ts `redLines`): reversing all
 * that is left of an untouched line gives back its own net and tax exactly; any other amount is split by its rate.
 * A discounted line and its discount line (折扣行) are one pair, reversed together and whole (`reversibleLines`).
 */
import { reversibleLines } from '@app/domain/discount-line';
import type { InvoiceDocument, InvoiceDocumentLine, RedReason } from '@app/domain/invoice-document';
import { formatYuan, parseYuan } from '@app/domain/money';
import { invoiceTotals, splitGross, type LineAmounts } from '@app/domain/tax-maths';
import type { RedInvoiceRequest } from '@app/domain/invoice-requests';

export type ReversalMode = 'full' | 'partial';

/** What one typed amount means: nothing typed, a problem to show under the field, or the fen to reverse. */
export type AmountCheck = { kind: 'empty' } | { kind: 'problem'; message: string } | { kind: 'amount'; grossFen: number };

export const AMOUNT_MESSAGES = {
  format: '请输入正确的金额，最多两位小数',
  positive: '红冲金额应大于 0',
  noneChosen: '请至少填写一行的红冲金额',
} as const;

export function leftOfLine(invoice: InvoiceDocument, lineNo: number): number {
  return invoice.leftByLine[lineNo] ?? 0;
}

/** A blue line as a red invoice reverses it: alone, or with its discount line. */
export interface RedUnit {
  line: InvoiceDocumentLine;
  /** Its discount line: the pair is reversed whole, never in part. */
  discount: InvoiceDocumentLine | null;
  /** What is left to reverse, incl. tax: the pair's when discounted. */
  leftFen: number;
}

/** The lines a red invoice may reverse, in order; a discount line is never one on its own. */
export function redUnits(invoice: InvoiceDocument): RedUnit[] {
  const byNo = new Map(invoice.lines.map((line) => [line.lineNo, line]));
  return reversibleLines(invoice.lines, invoice.leftByLine).flatMap(({ lineNo, discountLineNo, leftFen }) => {
    const line = byNo.get(lineNo);
    if (!line) return [];
    return [{ line, discount: discountLineNo === null ? null : (byNo.get(discountLineNo) ?? null), leftFen }];
  });
}

/** The message of a discounted line asked for in part. */
export const wholePairMessage = (leftFen: number) => `含折扣，须整行红冲 ${formatYuan(leftFen)}`;

export function checkAmount(typed: string, leftFen: number): AmountCheck {
  if (typed.trim() === '') return { kind: 'empty' };
  const fen = parseYuan(typed);
  if (fen === null) return { kind: 'problem', message: AMOUNT_MESSAGES.format };
  if (fen <= 0) return { kind: 'problem', message: AMOUNT_MESSAGES.positive };
  if (fen > leftFen) return { kind: 'problem', message: `超出可红冲金额，最多 ${formatYuan(leftFen)}` };
  return { kind: 'amount', grossFen: fen };
}

/** The red (negative) amounts of reversing `grossFen` (positive, incl. tax) of a blue line. */
export function redAmounts(line: InvoiceDocumentLine, leftFen: number, grossFen: number): LineAmounts {
  // 0 - x rather than -x: a tax-free line's tax stays 0, never -0.
  if (grossFen === leftFen && leftFen === line.grossFen)
    return { netFen: 0 - line.netFen, taxFen: 0 - line.taxFen, grossFen: 0 - line.grossFen };
  return splitGross(-grossFen, line.taxFree ?? line.ratePermille ?? 0);
}

/** The red amounts of reversing `grossFen` of a unit: a pair is reversed whole, each of its lines all that is left. */
function unitRedAmounts(invoice: InvoiceDocument, unit: RedUnit, grossFen: number): LineAmounts {
  if (!unit.discount) return redAmounts(unit.line, leftOfLine(invoice, unit.line.lineNo), grossFen);
  const reversed = [unit.line, unit.discount].map((line) => {
    const left = leftOfLine(invoice, line.lineNo);
    return redAmounts(line, left, left);
  });
  return invoiceTotals(reversed);
}

export interface RedLinePlan {
  /** The line's number (a discounted line's: the request names the pair by it). */
  lineNo: number;
  /** Positive: the amount to reverse, as the request carries it (a pair's: its whole left). */
  grossFen: number;
  /** The red amounts: a pair's, both lines together. */
  red: LineAmounts;
}

export interface RedPlan {
  lines: RedLinePlan[];
  /** Problems by line number, shown under each field as the user types. */
  problems: Record<number, string>;
  /** Negative totals of the red invoice. */
  totals: LineAmounts;
}

function planOf(lines: RedLinePlan[], problems: Record<number, string>): RedPlan {
  return { lines, problems, totals: invoiceTotals(lines.map((line) => line.red)) };
}

/** 全额: everything left, line by line (a pair with its discount). */
export function fullPlan(invoice: InvoiceDocument): RedPlan {
  const lines = redUnits(invoice)
    .filter((unit) => unit.leftFen > 0)
    .map((unit) => ({ lineNo: unit.line.lineNo, grossFen: unit.leftFen, red: unitRedAmounts(invoice, unit, unit.leftFen) }));
  return planOf(lines, {});
}

/** 部分: the amounts typed per line number (an empty field leaves its line out; a pair takes its whole left only). */
export function partialPlan(invoice: InvoiceDocument, typed: Record<number, string>): RedPlan {
  const lines: RedLinePlan[] = [];
  const problems: Record<number, string> = {};
  for (const unit of redUnits(invoice)) {
    const { lineNo } = unit.line;
    const check = checkAmount(typed[lineNo] ?? '', unit.leftFen);
    if (check.kind === 'problem') problems[lineNo] = check.message;
    else if (check.kind === 'amount' && unit.discount && check.grossFen !== unit.leftFen) problems[lineNo] = wholePairMessage(unit.leftFen);
    else if (check.kind === 'amount') lines.push({ lineNo, grossFen: check.grossFen, red: unitRedAmounts(invoice, unit, check.grossFen) });
  }
  return planOf(lines, problems);
}

/** 01 开票有误 reverses the whole invoice, so only one that was never partly reversed. */
export function canReverseAsMistake(invoice: InvoiceDocument): boolean {
  return invoice.leftFen === invoice.grossFen;
}

/** The `task/createRedInvoiceTask` body: no lines for 全额 (everything left), the typed lines for 部分. */
export function redRequest(
  invoice: InvoiceDocument,
  reason: RedReason,
  mode: ReversalMode,
  plan: RedPlan,
  requestSerial: string,
): RedInvoiceRequest {
  return {
    requestSerial,
    blueInvoiceId: invoice.id,
    reason,
    ...(mode === 'partial' ? { lines: plan.lines.map(({ lineNo, grossFen }) => ({ lineNo, grossFen })) } : {}),
  };
}
