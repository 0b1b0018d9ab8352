/**
 * The form's rules: each asks @app/domain/invoice-buyer, line-draft or @app/domain/invoice-delivery about the whole form, so a
 * field that depends on another (the tax number on the invoice type, the amount on the quantity and rate) is judged
 * with both.
 */
import type { Rule } from '@app/ui/form';
import { remarksProblem, titleBuyerProblems, type TitleBuyerField } from '@app/domain/invoice-buyer';
import { deliverEmailProblem, deliverPhoneProblem } from '@app/domain/invoice-delivery';
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

export function buyerRule(field: TitleBuyerField): Rule {
  return ruleOf((values) => titleBuyerProblems(buyerOf(values), invoiceTypeOf(values))[field]);
}

export function lineRule(index: number, field: LineField): Rule {
  return ruleOf((values) => lineFieldProblem(completeValues(values).lines[index] ?? EMPTY_LINE, field));
}

export const remarksRule: Rule = ruleOf((values) => remarksProblem(values.remarks ?? ''));
export const deliverPhoneRule: Rule = ruleOf((values) => deliverPhoneProblem(values.deliverPhone ?? ''));
export const deliverEmailRule: Rule = ruleOf((values) => deliverEmailProblem(values.deliverEmail ?? ''));
