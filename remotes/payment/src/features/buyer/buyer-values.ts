/**
 * The buyer (购买方) a customer or a merchant types or picks for an invoice: 企业 or 个人, the name, and the tax number
 * (required for a company). Judged by `@app/domain/invoice-buyer` exactly as the server judges it; a picked title also
 * brings its address, phone and bank details, which the form does not show but the invoice carries.
 */
import type { InvoiceParty } from '@app/domain/invoice-document';
import { buyerOfTitle, titleBuyerProblems, type TitleBuyer } from '@app/domain/invoice-buyer';
import type { Title, TitleKind } from '@app/domain/invoice-title';
import type { NamePath } from '@app/ui/form';

/** What the form holds of the buyer (a Selector keeps its choice in an array). */
export interface BuyerFormValues {
  kind: TitleKind[];
  name: string;
  taxNumber: string;
}

export type BuyerFormField = keyof BuyerFormValues;

/** A title's details beyond the name and the tax number. */
export type BuyerDetails = Pick<InvoiceParty, 'address' | 'phone' | 'bankName' | 'bankAccount'>;

export const NO_DETAILS: BuyerDetails = { address: '', phone: '', bankName: '', bankAccount: '' };

export const KIND_OPTIONS: { label: string; value: TitleKind }[] = [
  { label: '个人', value: '个人' },
  { label: '企业', value: '企业' },
];

export function emptyBuyer(kind: TitleKind = '个人'): BuyerFormValues {
  return { kind: [kind], name: '', taxNumber: '' };
}

export function kindOf(values: Partial<BuyerFormValues> | undefined): TitleKind {
  return values?.kind?.[0] ?? '个人';
}

/** The buyer as the form holds it, with the details a picked title brought. */
function titleBuyerOf(values: Partial<BuyerFormValues> | undefined, details: BuyerDetails = NO_DETAILS): TitleBuyer {
  return { ...details, kind: kindOf(values), name: values?.name ?? '', taxNumber: values?.taxNumber ?? '' };
}

/** The buyer as the server takes it: trimmed, the tax number in upper case, 个人 as a natural person. */
export function toParty(values: Partial<BuyerFormValues> | undefined, details: BuyerDetails = NO_DETAILS): InvoiceParty {
  return buyerOfTitle(titleBuyerOf(values, details));
}

/** What is wrong with one field of the buyer, for an ordinary invoice (数电普票), in the domain's words. */
export function buyerFieldProblem(values: Partial<BuyerFormValues> | undefined, field: BuyerFormField): string | undefined {
  return titleBuyerProblems(titleBuyerOf(values), '数电普票')[field];
}

/** A saved title → the fields it fills, and the details it brings along. */
export function fromTitle(title: Title): { values: BuyerFormValues; details: BuyerDetails } {
  return {
    values: { kind: [title.kind], name: title.name, taxNumber: title.taxNumber },
    details: { address: title.address, phone: title.phone, bankName: title.bankName, bankAccount: title.bankAccount },
  };
}

/** Where a field the server refused (`buyer.name`, `deliverPhone`…, paths of the request body) is in the form. */
export function formFieldOf(path: string): NamePath | null {
  const [head, field] = path.split('.');
  if (head === 'buyer') {
    if (field === 'naturalPerson') return ['buyer', 'kind'];
    return field === 'name' || field === 'taxNumber' ? ['buyer', field] : null;
  }
  if (head === 'remarks' || head === 'deliverPhone' || head === 'deliverEmail') return [head];
  return null;
}
