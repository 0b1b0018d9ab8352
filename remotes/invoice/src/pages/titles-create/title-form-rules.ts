/**
 * The title form's values and its rules. Every rule asks the domain (`titleProblems`) about the whole form, so the
 * messages are the server's, and a field that depends on another (the tax number on 企业/个人, the address on the
 * phone) is judged with both.
 */
import { normalizeTitle, titleProblems, type TitleField, type TitleFields, type TitleKind } from '@app/domain/invoice-title';
import type { Rule } from '@app/ui/form';

/** The form's own shape: the Selector holds its choice in an array. */
export interface TitleFormShape {
  kind: TitleKind[];
  name: string;
  taxNumber: string;
  address: string;
  phone: string;
  bankName: string;
  bankAccount: string;
  email: string;
  isDefault: boolean;
}

export interface TitleFormValues extends TitleFields {
  isDefault: boolean;
}

export const KIND_OPTIONS: { label: string; value: TitleKind }[] = [
  { label: '企业', value: '企业' },
  { label: '个人', value: '个人' },
];

export const EMPTY_TITLE: TitleFormValues = { kind: '企业', name: '', taxNumber: '', address: '', phone: '', bankName: '', bankAccount: '', email: '', isDefault: false };

export function toShape(values: TitleFormValues): TitleFormShape {
  return { ...values, kind: [values.kind] };
}

/** The (normalised) title the form holds; missing values count as empty. */
export function fromShape(shape: Partial<TitleFormShape>): TitleFormValues {
  return {
    ...normalizeTitle({
      kind: shape.kind?.[0] ?? '企业',
      name: shape.name ?? '',
      taxNumber: shape.taxNumber ?? '',
      address: shape.address ?? '',
      phone: shape.phone ?? '',
      bankName: shape.bankName ?? '',
      bankAccount: shape.bankAccount ?? '',
      email: shape.email ?? '',
    }),
    isDefault: shape.isDefault ?? false,
  };
}

/** The rule of one field: the domain's problem with it, given the whole form. */
export function titleRule(field: TitleField): Rule {
  return (form) => ({
    validator: async () => {
      const problem = titleProblems(fromShape(form.getFieldsValue(true) as Partial<TitleFormShape>))[field];
      if (problem) throw new Error(problem);
    },
  });
}
