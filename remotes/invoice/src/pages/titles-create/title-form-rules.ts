/**
 * The title form's values and its rules. Every rule asks the domain (`titleProblems`) about the whole form, so the
 * messages are the server's, and a field that depends on another (the tax number on 企业/个人, the address on the
 * phone) is judged with both. What the form holds is the domain's title (`titleOf`), as the server reads a request.
 */
import { titleOf, titleProblems, TITLE_KINDS, type TitleField, type TitleFields, type TitleKind } from '@app/domain/invoice-title';
import type { Rule } from '@app/ui/form';

export interface TitleFormValues extends TitleFields {
  isDefault: boolean;
}

/** The form's own shape: the Selector holds its choice in an array. */
export type TitleFormShape = Omit<TitleFormValues, 'kind'> & { kind: TitleKind[] };

export const KIND_OPTIONS = TITLE_KINDS.map((kind) => ({ label: kind, value: kind }));

export const EMPTY_TITLE: TitleFormValues = { ...titleOf({ kind: '企业' }), isDefault: false };

export function toShape(values: TitleFormValues): TitleFormShape {
  return { ...values, kind: [values.kind] };
}

/** The (normalised) title the form holds; missing values count as empty. */
export function fromShape(shape: Partial<TitleFormShape>): TitleFormValues {
  return { ...titleOf({ ...shape, kind: shape.kind?.[0] ?? '企业' }), isDefault: shape.isDefault ?? false };
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
