/**
 * The buyer (购买方) of a blue invoice: what is wrong with each field, judged as the server judges it
 * (server/src/invoices/invoice-input.ts): a name; a tax number that passes the domain's check, required for a company
 * buyer and for every 专票; a person cannot be the buyer of a 专票; the address, phone and bank fields by the title
 * rules of `@app/domain/invoice-title`.
 */
import type { InvoiceParty, InvoiceType } from '@app/domain/invoice-document';
import { normalizeTitle, titleProblems, TITLE_LIMITS, type TitleKind } from '@app/domain/invoice-title';
import { TAX_NUMBER_MESSAGES, taxNumberProblem } from '@app/domain/tax-number';

export interface BuyerValues {
  kind: TitleKind;
  name: string;
  taxNumber: string;
  address: string;
  phone: string;
  bankName: string;
  bankAccount: string;
}

export type BuyerField = keyof BuyerValues;
export type BuyerProblems = Partial<Record<BuyerField, string>>;

export const BUYER_MESSAGES = {
  nameEmpty: '请填写购买方名称',
  nameTooLong: `购买方名称不能超过 ${TITLE_LIMITS.name} 个字`,
  taxNumberForSpecial: '开具专票须填写购买方纳税人识别号',
  personForSpecial: '自然人不能作为专票的购买方，请选择企业',
} as const;

/** Trimmed; the tax number without spaces and in upper case (as it is printed). */
export function normalizeBuyer(buyer: BuyerValues): BuyerValues {
  const { email: _email, ...fields } = normalizeTitle({ ...buyer, email: '' });
  return fields;
}

export function buyerProblems(raw: BuyerValues, type: InvoiceType): BuyerProblems {
  const buyer = normalizeBuyer(raw);
  const problems: BuyerProblems = {};
  if (!buyer.name) problems.name = BUYER_MESSAGES.nameEmpty;
  else if (Array.from(buyer.name).length > TITLE_LIMITS.name) problems.name = BUYER_MESSAGES.nameTooLong;

  if (buyer.taxNumber) {
    const problem = taxNumberProblem(buyer.taxNumber);
    if (problem) problems.taxNumber = TAX_NUMBER_MESSAGES[problem];
  } else if (type === '数电专票') {
    problems.taxNumber = BUYER_MESSAGES.taxNumberForSpecial;
  } else if (buyer.kind === '企业') {
    problems.taxNumber = TAX_NUMBER_MESSAGES.empty;
  }
  if (type === '数电专票' && buyer.kind === '个人') problems.kind = BUYER_MESSAGES.personForSpecial;

  const { address, phone, bankName, bankAccount } = titleProblems({ ...buyer, email: '' });
  return { ...problems, ...(address && { address }), ...(phone && { phone }), ...(bankName && { bankName }), ...(bankAccount && { bankAccount }) };
}

/** The buyer as the server takes it. */
export function toParty(raw: BuyerValues): InvoiceParty {
  const { kind, ...fields } = normalizeBuyer(raw);
  return { ...fields, naturalPerson: kind === '个人' };
}
