/**
 * The buyer taken from one of the user's titles: the picker open or not, and the title whose details the buyer fields
 * hold (none once the user types over them). The full form also takes the title's e-mail to send the invoice to.
 */
import { useState } from 'react';
import type { TitleBuyerField } from '@app/domain/invoice-buyer';
import type { Title } from '@app/domain/invoice-title';
import type { FormInstance } from '@app/ui/form';
import { fill, type FieldName } from './form-fill';
import { buyerFromTitle } from './form-values';

/** Every buyer field: a picked title sets each (an empty one to empty), so any showing a problem is judged again. */
const BUYER_FIELDS: readonly TitleBuyerField[] = ['kind', 'name', 'taxNumber', 'address', 'phone', 'bankName', 'bankAccount'];

export function useTitlePick(form: FormInstance, compact: boolean) {
  const [picking, setPicking] = useState(false);
  const [titleName, setTitleName] = useState<string | null>(null);

  function pick(title: Title) {
    setPicking(false);
    setTitleName(title.name);
    const fields: { name: FieldName; value: unknown }[] = Object.entries(buyerFromTitle(title)).map(([field, value]) => ({
      name: ['buyer', field],
      value,
    }));
    if (!compact && title.email && !form.getFieldValue('deliverEmail')) fields.push({ name: ['deliverEmail'], value: title.email });
    fill(
      form,
      fields,
      BUYER_FIELDS.map((field) => ['buyer', field]),
    );
  }

  return {
    picking,
    open: () => setPicking(true),
    close: () => setPicking(false),
    /** The picked title's name, or null: none picked, or typed over. */
    titleName,
    forget: () => setTitleName(null),
    pick,
  };
}
