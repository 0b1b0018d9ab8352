/**
 * Checks of what a user asks to be printed on an invoice, with Chinese messages that name the field: the buyer
 * (专票 needs a tax number), remarks, the goods lines. Field rules come from `@app/domain`.
 */
import { buyerProblems, INVOICE_LIMITS, normalizeBuyer, remarksProblem } from '@app/domain/invoice-buyer';
import type { InvoiceParty, InvoiceType } from '@app/domain/invoice-document';
import { deliverEmailProblem, deliverPhoneProblem } from '@app/domain/invoice-delivery';
import { invalidField, invalidInput } from '../http/api-failure';

export const MAX_LINES = INVOICE_LIMITS.lines;

/**
 * The buyer as it will be printed (trimmed, the tax number upper-case); refused with every problem the form shows,
 * each under its field (`buyer.<field>`, or `<path>.<field>` where the body keeps the buyer elsewhere).
 */
export function checkedBuyer(buyer: InvoiceParty, type: InvoiceType, path = 'buyer'): InvoiceParty {
  const clean = normalizeBuyer(buyer);
  const problems = Object.entries(buyerProblems(clean, type));
  if (problems.length)
    throw invalidInput(problems[0]![1], Object.fromEntries(problems.map(([field, message]) => [`${path}.${field}`, message])));
  return clean;
}

export function checkedRemarks(remarks: string): string {
  const problem = remarksProblem(remarks);
  if (problem) throw invalidField('remarks', problem);
  return remarks.trim();
}

/** Where an issued invoice is sent: a mobile number and/or an e-mail address, each optional (fields named as in the body). */
export function checkedDelivery(
  phone: string,
  email: string,
  fields = { phone: 'deliverPhone', email: 'deliverEmail' },
): { deliverPhone: string; deliverEmail: string } {
  const deliverPhone = phone.trim();
  const deliverEmail = email.trim();
  const phoneProblem = deliverPhoneProblem(deliverPhone);
  const emailProblem = deliverEmailProblem(deliverEmail);
  if (phoneProblem || emailProblem) {
    throw invalidInput((phoneProblem ?? emailProblem) as string, {
      ...(phoneProblem && { [fields.phone]: phoneProblem }),
      ...(emailProblem && { [fields.email]: emailProblem }),
    });
  }
  return { deliverPhone, deliverEmail };
}
