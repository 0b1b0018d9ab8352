/**
 * The buyer (购买方) fields of the blue-invoice form, judged by `@app/domain/invoice-buyer` as the server judges them.
 * The form picks 企业 or 个人 where the invoice has a 自然人 flag; this module translates between the two.
 */
import type { InvoiceParty, InvoiceType } from '@app/domain/invoice-document';
import { buyerProblems as partyProblems, normalizeBuyer } from '@app/domain/invoice-buyer';
import type { TitleKind } from '@app/domain/invoice-title';

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

/** The buyer as the server takes it: trimmed, the tax number in upper case. */
export function toParty({ kind, ...fields }: BuyerValues): InvoiceParty {
  return normalizeBuyer({ ...fields, naturalPerson: kind === '个人' });
}

export function buyerProblems(values: BuyerValues, type: InvoiceType): BuyerProblems {
  const { naturalPerson, ...problems } = partyProblems(toParty(values), type);
  return { ...problems, ...(naturalPerson && { kind: naturalPerson }) };
}
