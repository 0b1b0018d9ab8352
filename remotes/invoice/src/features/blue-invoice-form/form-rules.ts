/**
 * The form's rules: each asks buyer-rules / line-draft / @app/domain/invoice-delivery about the whole form, so a field that depends
 * on another (the tax number on the invoice type, the amount on the quantity and rate) is judged with both.
 */
import type { Rule } from '@app/ui/form';
import { buyerProblems, type BuyerField } from './buyer-rules';
import { deliverEmailProblem, deliverPhoneProblem } from '@app/domain/invoice-delivery';
import { remarksProblem } from '@app/domain/invoice-buyer';
import { buyerOf, completeValues, invoiceTypeOf, type BlueInvoiceFormValues } from './form-values';
import { EMPTY_LINE, lineFieldProblem, type LineField } from './line-draft';

type Values = Partial<BlueInvoiceFormValues>;

function ruleOf(problem: (values: Values) => string | null | undefined): Rule {
  return (form) => ({
    validator: async () => {
      const found = problem(form.getFieldsValue(true) as Values);
      if (found) throw new Error(found);
    },
  });
}

export function buyerRule(field: BuyerField): Rule {
  return ruleOf((values) => buyerProblems(buyerOf(values), invoiceTypeOf(values))[field]);
}

export function lineRule(index: number, field: LineField): Rule {
  return ruleOf((values) => lineFieldProblem(completeValues(values).lines[index] ?? EMPTY_LINE, field));
}

export const remarksRule: Rule = ruleOf((values) => remarksProblem(values.remarks ?? ''));
export const deliverPhoneRule: Rule = ruleOf((values) => deliverPhoneProblem(values.deliverPhone ?? ''));
export const deliverEmailRule: Rule = ruleOf((values) => deliverEmailProblem(values.deliverEmail ?? ''));
