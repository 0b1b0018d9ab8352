/**
 * The manual import form's fields and their rules: the domain's (`ticketImportProblems` of `@app/domain/ticket`), run
 * over the whole form, so each field says what the server would say of it. Yuan are typed and sent as fen.
 */
import { chinaDate } from '@app/domain/china-time';
import { parseYuan } from '@app/domain/money';
import { ticketImportProblems, type TicketImportField } from '@app/domain/ticket';
import type { FormInstance, Rule } from '@app/ui/form';
import type { TicketImportBody } from '../../features/tickets/tickets-api';

export interface InputFormValues {
  number: string;
  invoiceCode: string;
  /** A China day, `YYYY-MM-DD`. */
  issueDate: string | null;
  amount: string;
  checkCodeLast6: string;
}

export const EMPTY_VALUES: InputFormValues = { number: '', invoiceCode: '', issueDate: null, amount: '', checkCodeLast6: '' };

export const AMOUNT_SHAPE_MESSAGE = '金额应为数字，最多两位小数';

/** The body of `ticket/import` for the form's values (empty optional fields left out). */
export function toImportBody(values: InputFormValues): TicketImportBody {
  const code = values.invoiceCode.trim();
  const check = values.checkCodeLast6.trim();
  return {
    source: '手动输入',
    number: values.number.trim(),
    issueDate: values.issueDate ?? '',
    netFen: parseYuan(values.amount) ?? 0,
    ...(code && { invoiceCode: code }),
    ...(check && { checkCodeLast6: check }),
  };
}

/** The domain's problem with `field`, judged with the whole form as it is now. */
function problemOf(form: FormInstance<InputFormValues>, field: TicketImportField, now = new Date()): string | undefined {
  return ticketImportProblems(toImportBody({ ...EMPTY_VALUES, ...form.getFieldsValue() }), chinaDate(now))[field];
}

/** A field's rule: what it requires itself, then the domain's judgement of it within the form. */
export function fieldRule(form: FormInstance<InputFormValues>, field: TicketImportField, own?: (value: unknown) => string | null): Rule {
  return {
    validator: async (_, value: unknown) => {
      const message = own?.(value) ?? problemOf(form, field);
      if (message) throw new Error(message);
    },
  };
}

export const numberRequired = (value: unknown) => (typeof value === 'string' && value.trim() ? null : '请填写发票号码');
export const dateRequired = (value: unknown) => (value ? null : '请选择开票日期');
export function amountShape(value: unknown): string | null {
  if (typeof value !== 'string' || !value.trim()) return '请填写不含税金额';
  return parseYuan(value) === null ? AMOUNT_SHAPE_MESSAGE : null;
}

/** A refused field of the request → the form's field. */
export function formFieldOf(path: string): string | null {
  const fields: Record<string, string> = {
    number: 'number',
    invoiceCode: 'invoiceCode',
    issueDate: 'issueDate',
    netFen: 'amount',
    checkCodeLast6: 'checkCodeLast6',
    type: 'invoiceCode',
  };
  return fields[path] ?? null;
}
