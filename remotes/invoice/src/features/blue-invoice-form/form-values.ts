/**
 * What the blue-invoice form holds (Selectors keep their choice in an array) and the request it becomes. The form is
 * judged field by field by buyer-rules, line-draft and @app/domain/invoice-delivery; this only reshapes.
 */
import type { InvoiceType } from '@app/domain/invoice-document';
import type { Title, TitleKind } from '@app/domain/invoice-title';
import type { CallBody } from '@app/contract/api';
import { vatRateOf } from '@app/domain/tax-maths';
import { toParty, type BuyerValues } from './buyer-rules';
import { EMPTY_LINE, grossFenOf, type LineValues } from './line-draft';

export interface BuyerShape extends Omit<BuyerValues, 'kind'> {
  kind: TitleKind[];
}

export interface BlueInvoiceFormValues {
  type: InvoiceType[];
  buyer: BuyerShape;
  lines: LineValues[];
  remarks: string;
  deliverPhone: string;
  deliverEmail: string;
}

export const TYPE_OPTIONS: { label: string; value: InvoiceType }[] = [
  { label: '数电普票', value: '数电普票' },
  { label: '数电专票', value: '数电专票' },
];

export const KIND_OPTIONS: { label: string; value: TitleKind }[] = [
  { label: '企业', value: '企业' },
  { label: '个人', value: '个人' },
];

export function emptyFormValues(): BlueInvoiceFormValues {
  return {
    type: ['数电普票'],
    buyer: { kind: ['企业'], name: '', taxNumber: '', address: '', phone: '', bankName: '', bankAccount: '' },
    lines: [{ ...EMPTY_LINE }],
    remarks: '',
    deliverPhone: '',
    deliverEmail: '',
  };
}

/** The form's values with anything missing taken as empty (fields a compact form does not show). */
export function completeValues(values: Partial<BlueInvoiceFormValues>): BlueInvoiceFormValues {
  const empty = emptyFormValues();
  return {
    type: values.type?.length ? values.type : empty.type,
    buyer: { ...empty.buyer, ...values.buyer, kind: values.buyer?.kind?.length ? values.buyer.kind : empty.buyer.kind },
    lines: (values.lines ?? empty.lines).map((line) => ({ ...EMPTY_LINE, ...line })),
    remarks: values.remarks ?? '',
    deliverPhone: values.deliverPhone ?? '',
    deliverEmail: values.deliverEmail ?? '',
  };
}

export function invoiceTypeOf(values: Partial<BlueInvoiceFormValues>): InvoiceType {
  return values.type?.[0] ?? '数电普票';
}

export function buyerOf(values: Partial<BlueInvoiceFormValues>): BuyerValues {
  const buyer = completeValues(values).buyer;
  return { ...buyer, kind: buyer.kind[0] ?? '企业' };
}

/** A saved title → the buyer fields it fills. */
export function buyerFromTitle(title: Title): BuyerShape {
  return {
    kind: [title.kind],
    name: title.name,
    taxNumber: title.taxNumber,
    address: title.address,
    phone: title.phone,
    bankName: title.bankName,
    bankAccount: title.bankAccount,
  };
}

/** The request of a (validated) form. */
export function toRequest(raw: Partial<BlueInvoiceFormValues>, requestSerial: string): CallBody<'task/createBlueInvoiceTask'> {
  const values = completeValues(raw);
  return {
    requestSerial,
    type: invoiceTypeOf(values),
    buyer: toParty(buyerOf(values)),
    lines: values.lines.map((line) => {
      const rate = typeof line.rate === 'number' ? vatRateOf(line.rate) : line.rate;
      if (!line.goods || rate === null) throw new Error('未校验的商品行');
      return { goodsId: line.goods.id, quantity: line.quantity.trim() || null, grossFen: grossFenOf(line) ?? 0, rate };
    }),
    remarks: values.remarks.trim(),
    deliverPhone: values.deliverPhone.trim(),
    deliverEmail: values.deliverEmail.trim(),
  };
}
