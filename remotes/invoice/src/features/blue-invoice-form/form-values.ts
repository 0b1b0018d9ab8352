/**
 * What the blue-invoice form holds (Selectors keep their choice in an array) and the request it becomes. The form is
 * judged field by field by @app/domain/invoice-buyer, line-draft and @app/domain/invoice-delivery; this only reshapes.
 */
import { buyerOfTitle, type TitleBuyer } from '@app/domain/invoice-buyer';
import { INVOICE_TYPES, type InvoiceType } from '@app/domain/invoice-document';
import { TITLE_KINDS, titleOf, type Title, type TitleKind } from '@app/domain/invoice-title';
import type { CallBody } from '@app/contract/api';
import { vatRateOf } from '@app/domain/tax-maths';
import { discountOfLine, EMPTY_LINE, grossFenOf, type LineValues } from './line-draft';

/** The buyer as the form holds it: the Selector keeps its choice in an array. */
export type BuyerShape = Omit<TitleBuyer, 'kind'> & { kind: TitleKind[] };

export interface BlueInvoiceFormValues {
  type: InvoiceType[];
  buyer: BuyerShape;
  lines: LineValues[];
  remarks: string;
  deliverPhone: string;
  deliverEmail: string;
}

export const TYPE_OPTIONS = INVOICE_TYPES.map((type) => ({ label: type, value: type }));

export const KIND_OPTIONS = TITLE_KINDS.map((kind) => ({ label: kind, value: kind }));

/** A title's fields as the buyer's (a buyer has no e-mail). */
function buyerShapeOf(title: Pick<Title, 'kind'> & Partial<Title>): BuyerShape {
  const { kind, email: _email, ...fields } = titleOf(title);
  return { ...fields, kind: [kind] };
}

export function emptyFormValues(): BlueInvoiceFormValues {
  return {
    type: ['数电普票'],
    buyer: buyerShapeOf({ kind: '企业' }),
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

export function buyerOf(values: Partial<BlueInvoiceFormValues>): TitleBuyer {
  const buyer = completeValues(values).buyer;
  return { ...buyer, kind: buyer.kind[0] ?? '企业' };
}

/** A saved title → the buyer fields it fills. */
export function buyerFromTitle(title: Title): BuyerShape {
  return buyerShapeOf(title);
}

/** The request of a (validated) form. */
export function toRequest(raw: Partial<BlueInvoiceFormValues>, requestSerial: string): CallBody<'task/createBlueInvoiceTask'> {
  const values = completeValues(raw);
  return {
    requestSerial,
    type: invoiceTypeOf(values),
    buyer: buyerOfTitle(buyerOf(values)),
    lines: values.lines.map((line) => {
      const rate = typeof line.rate === 'number' ? vatRateOf(line.rate) : line.rate;
      if (!line.goods || rate === null) throw new Error('未校验的商品行');
      const discount = discountOfLine(line);
      return {
        goodsId: line.goods.id,
        quantity: line.quantity.trim() || null,
        grossFen: grossFenOf(line) ?? 0,
        rate,
        ...(discount ? { discount } : {}),
      };
    }),
    remarks: values.remarks.trim(),
    deliverPhone: values.deliverPhone.trim(),
    deliverEmail: values.deliverEmail.trim(),
  };
}
