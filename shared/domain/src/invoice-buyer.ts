/**
 * 购买方 and the free text of a blue invoice. The server refuses what these rules refuse, with the same words, and the
 * invoice form shows them under the field as the user types. Address, phone and bank fields follow the title rules
 * (`./invoice-title`), since a buyer is usually filled from a saved title.
 */
import type { InvoiceParty, InvoiceType } from './invoice-document';
import { normalizeTitle, titleProblems, TITLE_LIMITS, type TitleFields } from './invoice-title';
import { TAX_NUMBER_MESSAGES, taxNumberProblem } from './tax-number';

export const INVOICE_LIMITS = {
  remarks: 200,
  lines: 100,
} as const;

export const BUYER_MESSAGES = {
  nameEmpty: '请填写购买方名称',
  nameTooLong: `购买方名称不能超过 ${TITLE_LIMITS.name} 个字`,
  taxNumberForSpecial: '开具专票须填写购买方纳税人识别号',
  personForSpecial: '自然人不能作为专票的购买方，请选择企业',
  remarksTooLong: `备注不能超过 ${INVOICE_LIMITS.remarks} 个字`,
} as const;

export type BuyerField = keyof InvoiceParty;
export type BuyerProblems = Partial<Record<BuyerField, string>>;

/** Trimmed; the tax number and bank account without spaces, the tax number in upper case (as they are printed). */
export function normalizeBuyer(buyer: InvoiceParty): InvoiceParty {
  const { kind: _kind, email: _email, ...fields } = normalizeTitle({ ...buyer, kind: buyer.naturalPerson ? '个人' : '企业', email: '' });
  return { ...fields, naturalPerson: buyer.naturalPerson };
}

/** What is wrong with each field of a (normalised) buyer on an invoice of this type; empty when it may be issued. */
export function buyerProblems(buyer: InvoiceParty, type: InvoiceType): BuyerProblems {
  const problems: BuyerProblems = {};
  if (!buyer.name) problems.name = BUYER_MESSAGES.nameEmpty;
  else if (Array.from(buyer.name).length > TITLE_LIMITS.name) problems.name = BUYER_MESSAGES.nameTooLong;

  if (buyer.taxNumber) {
    const problem = taxNumberProblem(buyer.taxNumber);
    if (problem) problems.taxNumber = TAX_NUMBER_MESSAGES[problem];
  } else if (type === '数电专票') {
    problems.taxNumber = BUYER_MESSAGES.taxNumberForSpecial;
  } else if (!buyer.naturalPerson) {
    problems.taxNumber = TAX_NUMBER_MESSAGES.empty;
  }
  if (type === '数电专票' && buyer.naturalPerson) problems.naturalPerson = BUYER_MESSAGES.personForSpecial;

  const { address, phone, bankName, bankAccount } = titleProblems({ ...buyer, kind: buyer.naturalPerson ? '个人' : '企业', email: '' });
  return {
    ...problems,
    ...(address && { address }),
    ...(phone && { phone }),
    ...(bankName && { bankName }),
    ...(bankAccount && { bankAccount }),
  };
}

export function remarksProblem(remarks: string): string | null {
  return Array.from(remarks.trim()).length > INVOICE_LIMITS.remarks ? BUYER_MESSAGES.remarksTooLong : null;
}

/**
 * A buyer as a title holds it: 企业 or 个人 where the invoice has its 自然人 flag, and no e-mail. A form that fills the
 * buyer from a saved title holds it this way.
 */
export type TitleBuyer = Omit<TitleFields, 'email'>;
export type TitleBuyerField = keyof TitleBuyer;
export type TitleBuyerProblems = Partial<Record<TitleBuyerField, string>>;

/** The invoice's buyer of a buyer held as a title: normalised, 个人 as a natural person. */
export function buyerOfTitle({ kind, ...fields }: TitleBuyer): InvoiceParty {
  return normalizeBuyer({ ...fields, naturalPerson: kind === '个人' });
}

/** `buyerProblems` of a buyer held as a title: what is wrong with the 自然人 flag is said of the kind. */
export function titleBuyerProblems(buyer: TitleBuyer, type: InvoiceType): TitleBuyerProblems {
  const { naturalPerson, ...problems } = buyerProblems(buyerOfTitle(buyer), type);
  return { ...problems, ...(naturalPerson && { kind: naturalPerson }) };
}
