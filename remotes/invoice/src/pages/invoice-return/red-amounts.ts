/**
 * The sums of a red invoice as the form builds it, with the domain's money and tax maths: what is left of each blue
 * line, the amount typed to reverse (incl. tax, checked against what is left), the negative net and tax it becomes,
 * and the totals. The server computes the same way (server/src/invoices/create-invoices.ts `redLines`): reversing all
 * that is left of an untouched line gives back its own net and tax exactly; any other amount is split by its rate.
 */
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
  if (grossFen === leftFen && leftFen === line.grossFen) return { netFen: 0 - line.netFen, taxFen: 0 - line.taxFen, grossFen: 0 - line.grossFen };
  return splitGross(-grossFen, line.taxFree ?? line.ratePermille ?? 0);
}

export interface RedLinePlan {
  lineNo: number;
  /** Positive: the amount to reverse, as the request carries it. */
  grossFen: number;
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

/** 全额: everything left, line by line. */
export function fullPlan(invoice: InvoiceDocument): RedPlan {
  const lines = invoice.lines
    .map((line) => ({ line, left: leftOfLine(invoice, line.lineNo) }))
    .filter(({ left }) => left > 0)
    .map(({ line, left }) => ({ lineNo: line.lineNo, grossFen: left, red: redAmounts(line, left, left) }));
  return planOf(lines, {});
}

/** 部分: the amounts typed per line number (an empty field leaves its line out). */
export function partialPlan(invoice: InvoiceDocument, typed: Record<number, string>): RedPlan {
  const lines: RedLinePlan[] = [];
  const problems: Record<number, string> = {};
  for (const line of invoice.lines) {
    const left = leftOfLine(invoice, line.lineNo);
    const check = checkAmount(typed[line.lineNo] ?? '', left);
    if (check.kind === 'problem') problems[line.lineNo] = check.message;
    if (check.kind === 'amount') lines.push({ lineNo: line.lineNo, grossFen: check.grossFen, red: redAmounts(line, left, check.grossFen) });
  }
  return planOf(lines, problems);
}

/** 01 开票有误 reverses the whole invoice, so only one that was never partly reversed. */
export function canReverseAsMistake(invoice: InvoiceDocument): boolean {
  return invoice.leftFen === invoice.grossFen;
}

/** The `task/createRedInvoiceTask` body: no lines for 全额 (everything left), the typed lines for 部分. */
export function redRequest(invoice: InvoiceDocument, reason: RedReason, mode: ReversalMode, plan: RedPlan, requestSerial: string): RedInvoiceRequest {
  return {
    requestSerial,
    blueInvoiceId: invoice.id,
    reason,
    ...(mode === 'partial' ? { lines: plan.lines.map(({ lineNo, grossFen }) => ({ lineNo, grossFen })) } : {}),
  };
}
