/**
 * What the blue-invoice form does to a goods line as the user edits it: the amounts that follow a typed field, the
 * goods picked (its name, unit, price and rate), the rate, and a discount line added or taken away.
 */
import type { Goods } from '@app/contract/goods';
import type { LineRate } from '@app/domain/invoice-line';
import type { FormInstance } from '@app/ui/form';
import { fillLine } from './form-fill';
import { completeValues, type BlueInvoiceFormValues } from './form-values';
import { afterPickingGoods, afterTyping } from './line-edits';
import { EMPTY_LINE, type LineField } from './line-draft';

export function useLineEdits(form: FormInstance, compact: boolean) {
  const linesNow = () => completeValues(form.getFieldsValue(true) as Partial<BlueInvoiceFormValues>).lines;
  return {
    /** A field typed in a line: the fields that follow it. */
    linesChanged(changed: NonNullable<Partial<BlueInvoiceFormValues>['lines']>) {
      changed.forEach((line, index) => {
        const field = line && (Object.keys(line)[0] as LineField | undefined);
        const current = linesNow()[index];
        if (!field || !current || Object.keys(line).length !== 1) return;
        const patch = afterTyping(current, field);
        if (Object.keys(patch).length) fillLine(form, index, patch);
      });
    },
    pickGoods(index: number, goods: Goods) {
      fillLine(form, index, afterPickingGoods(linesNow()[index] ?? EMPTY_LINE, goods, compact));
    },
    pickRate(index: number, rate: LineRate) {
      fillLine(form, index, { rate });
    },
    addDiscount: (index: number) => fillLine(form, index, { discountBy: 'amount', discount: '' }),
    removeDiscount: (index: number) => fillLine(form, index, { discountBy: null, discount: '' }),
  };
}

export type LineEdits = ReturnType<typeof useLineEdits>;
