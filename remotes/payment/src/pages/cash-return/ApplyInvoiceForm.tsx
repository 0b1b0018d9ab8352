/**
 * 申请开票 for a paid order: one of the customer's own titles (`title/list`), or a buyer typed here (企业 with its tax
 * number, or 个人), and where the issued invoice should reach them (optional phone and e-mail). The buyer is judged by
 * `@app/domain/invoice-buyer`, the phone and e-mail by `@app/domain/invoice-delivery`, as the server judges them.
 * `cash/applyInvoice` puts it in the merchant's applying list.
 */
import { lazy, useState } from 'react';
import { deliverEmailProblem, deliverPhoneProblem } from '@app/domain/invoice-delivery';
import { remarksProblem } from '@app/domain/invoice-buyer';
import type { Title, TitleKind } from '@app/domain/invoice-title';
import { Form, useFieldValue, type Rule } from '@app/ui/form';
import { Input } from '@app/ui/input';
import { showToast } from '@app/ui/feedback';
import { buyerItems } from '../../features/buyer/BuyerItems';
import {
  emptyBuyer,
  formFieldOf,
  fromTitle,
  kindOf,
  NO_DETAILS,
  toParty,
  type BuyerDetails,
  type BuyerFormValues,
} from '../../features/buyer/buyer-values';
import { applyInvoice } from '../../features/cash/cash-api';
import { PageForm } from '@app/widgets/form-page';
import { WhenOpened } from '@app/widgets/when-opened';

const TitlePicker = lazy(() => import('@app/widgets/title-picker').then((module) => ({ default: module.TitlePicker })));

interface ApplyValues {
  buyer: BuyerFormValues;
  deliverPhone: string;
  deliverEmail: string;
  remarks: string;
}

function ruleOf(problem: (values: Partial<ApplyValues>) => string | null): Rule {
  return (form) => ({
    validator: async () => {
      const found = problem(form.getFieldsValue(true) as Partial<ApplyValues>);
      if (found) throw new Error(found);
    },
  });
}

const phoneRule = ruleOf((values) => deliverPhoneProblem(values.deliverPhone ?? ''));
const emailRule = ruleOf((values) => deliverEmailProblem(values.deliverEmail ?? ''));
const remarksRule = ruleOf((values) => remarksProblem(values.remarks ?? ''));

/** What the form starts with: a personal buyer, nothing else filled in. */
const INITIAL_VALUES: ApplyValues = { buyer: emptyBuyer(), deliverPhone: '', deliverEmail: '', remarks: '' };

export function ApplyInvoiceForm({ orderNo, onApplied }: { orderNo: string; onApplied: () => void }) {
  const [form] = Form.useForm<ApplyValues>();
  const kind = kindOf({ kind: useFieldValue<TitleKind[] | undefined>(form, ['buyer', 'kind'], INITIAL_VALUES.buyer.kind) });
  const [picking, setPicking] = useState(false);
  /** The picked title's name and its details (address, bank), until the buyer is typed over. */
  const [picked, setPicked] = useState<{ name: string; details: BuyerDetails } | null>(null);

  const pick = (title: Title) => {
    const { values, details } = fromTitle(title);
    form.setFieldsValue({ buyer: values });
    setPicked({ name: title.name, details });
    setPicking(false);
    void form
      .validateFields([
        ['buyer', 'kind'],
        ['buyer', 'name'],
        ['buyer', 'taxNumber'],
      ])
      .catch(() => undefined);
  };

  const submit = async (values: ApplyValues) => {
    const all = { ...values, ...(form.getFieldsValue(true) as ApplyValues) };
    const deliverPhone = all.deliverPhone?.trim() ?? '';
    const deliverEmail = all.deliverEmail?.trim() ?? '';
    const remarks = all.remarks?.trim() ?? '';
    await applyInvoice({
      orderNo,
      buyer: toParty(all.buyer, picked?.details ?? NO_DETAILS),
      ...(remarks && { remarks }),
      ...(deliverPhone && { deliverPhone }),
      ...(deliverEmail && { deliverEmail }),
    });
    showToast({ icon: 'success', content: '已提交开票申请' });
    onApplied();
  };

  return (
    <>
      <PageForm
        form={form}
        className="apply-form"
        initialValues={INITIAL_VALUES}
        onValuesChange={(changed: Partial<ApplyValues>) => {
          // Typed over: the buyer is no longer the title that was picked.
          if (
            changed.buyer &&
            (changed.buyer.name !== undefined || changed.buyer.taxNumber !== undefined || changed.buyer.kind !== undefined)
          )
            setPicked(null);
        }}
        onSubmit={submit}
        nameOf={formFieldOf}
        submitText="提交申请"
      >
        <Form.Header>发票抬头</Form.Header>
        <Form.Item label="我的抬头" onClick={() => setPicking(true)} arrowIcon>
          <span className={picked ? 'apply-form__picked' : 'apply-form__pick'}>{picked ? picked.name : '从已保存的抬头中选择'}</span>
        </Form.Item>
        {buyerItems(kind)}
        <Form.Header>接收方式（选填）</Form.Header>
        <Form.Item name="deliverPhone" label="手机号" rules={[phoneRule]}>
          <Input type="tel" placeholder="开具后短信通知" maxLength={11} clearable />
        </Form.Item>
        <Form.Item name="deliverEmail" label="邮箱" rules={[emailRule]}>
          <Input type="email" placeholder="开具后发送至邮箱" maxLength={100} clearable />
        </Form.Item>
        <Form.Item name="remarks" label="备注" rules={[remarksRule]}>
          <Input placeholder="选填，给商户的说明" maxLength={200} clearable />
        </Form.Item>
      </PageForm>
      <WhenOpened visible={picking}>
        <TitlePicker visible={picking} onClose={() => setPicking(false)} onPick={pick} />
      </WhenOpened>
    </>
  );
}
