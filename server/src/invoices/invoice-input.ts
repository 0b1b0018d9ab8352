/**
 * Checks of what a user asks to be printed on an invoice, with Chinese messages that name the field: the buyer
 * (专票 needs a tax number), remarks, the goods lines. Field rules come from `@app/domain`.
 */
import { buyerProblems, INVOICE_LIMITS, normalizeBuyer, remarksProblem } from '@app/domain/invoice-buyer';
import type { InvoiceParty, InvoiceType } from '@app/domain/invoice-document';
import { deliverEmailProblem, deliverPhoneProblem } from '@app/domain/invoice-delivery';
import { ApiFailure, ErrorCode } from '../http/api-failure';

export const MAX_LINES = INVOICE_LIMITS.lines;

function invalid(message: string): never {
  throw new ApiFailure(ErrorCode.InvalidInput, message);
}

/** The buyer as it will be printed (trimmed, the tax number upper-case); refused with the first problem the form shows. */
export function checkedBuyer(buyer: InvoiceParty, type: InvoiceType): InvoiceParty {
  const clean = normalizeBuyer(buyer);
  const problem = Object.values(buyerProblems(clean, type))[0];
  if (problem) invalid(problem);
  return clean;
}

export function checkedRemarks(remarks: string): string {
  const problem = remarksProblem(remarks);
  if (problem) invalid(problem);
  return remarks.trim();
}

/** Where an issued invoice is sent: a mobile number and/or an e-mail address, each optional. */
export function checkedDelivery(phone: string, email: string): { deliverPhone: string; deliverEmail: string } {
  const deliverPhone = phone.trim();
  const deliverEmail = email.trim();
  const problem = deliverPhoneProblem(deliverPhone) ?? deliverEmailProblem(deliverEmail);
  if (problem) invalid(problem);
  return { deliverPhone, deliverEmail };
}
