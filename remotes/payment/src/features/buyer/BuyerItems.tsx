/**
 * The buyer's form items (类型, 名称, 纳税人识别号), for a form whose values hold them under `buyer`. A function rather
 * than a component: the Form groups its direct children (Form.Header starts a card), so it takes the items in place.
 */
import type { ReactNode } from 'react';
import type { TitleKind } from '@app/domain/invoice-title';
import { Form, type Rule } from '@app/ui/form';
import { Input } from '@app/ui/input';
import { Selector } from '@app/ui/selector';
import { buyerFieldProblem, KIND_OPTIONS, type BuyerFormField, type BuyerFormValues } from './buyer-values';
import './buyer.css';

function buyerRule(field: BuyerFormField): Rule {
  return (form) => ({
    validator: async () => {
      const problem = buyerFieldProblem((form.getFieldsValue(true) as { buyer?: Partial<BuyerFormValues> }).buyer, field);
      if (problem) throw new Error(problem);
    },
  });
}

/** A single-choice Selector may be tapped off: keep the last choice. */
function keepChoice(value: TitleKind[] | undefined, previous: TitleKind[] | undefined): TitleKind[] | undefined {
  return value && value.length > 0 ? value : previous;
}

export function buyerItems(kind: TitleKind): ReactNode[] {
  const company = kind === '企业';
  return [
    <Form.Item
      key="kind"
      className="buyer-form__kind"
      name={['buyer', 'kind']}
      label="抬头类型"
      normalize={keepChoice}
      rules={[buyerRule('kind')]}
    >
      <Selector columns={2} options={KIND_OPTIONS} />
    </Form.Item>,
    <Form.Item key="name" name={['buyer', 'name']} label={company ? '单位名称' : '姓名'} required rules={[buyerRule('name')]}>
      <Input placeholder={company ? '购买方单位全称' : '购买方姓名'} maxLength={100} clearable />
    </Form.Item>,
    <Form.Item
      key="taxNumber"
      name={['buyer', 'taxNumber']}
      label="税号"
      required={company}
      dependencies={[['buyer', 'kind']]}
      rules={[buyerRule('taxNumber')]}
    >
      <Input placeholder={company ? '纳税人识别号' : '选填，纳税人识别号'} maxLength={20} clearable />
    </Form.Item>,
  ];
}
