/** What the blue-invoice form fills in itself (a picked title, a line's computed amounts), judged again where shown wrong. */
import type { FormInstance } from '@app/ui/form';
import type { LineValues } from './line-draft';

export type FieldName = (string | number)[];

/** Sets fields the form filled in itself; those showing a problem (and `alsoCheck`) are judged again. */
export function fill(form: FormInstance, fields: { name: FieldName; value: unknown }[], alsoCheck: FieldName[] = []): void {
  form.setFields(fields);
  const shown = [...fields.map((field) => field.name), ...alsoCheck].filter((name) => form.getFieldError(name).length > 0);
  if (shown.length) void form.validateFields(shown).catch(() => undefined);
}

/** Sets a goods line's fields; its amount, which depends on all of them, is judged again too. */
export function fillLine(form: FormInstance, index: number, patch: Partial<LineValues>): void {
  const fields = Object.entries(patch).map(([field, value]) => ({ name: ['lines', index, field], value }));
  fill(form, fields, [['lines', index, 'amount']]);
}
