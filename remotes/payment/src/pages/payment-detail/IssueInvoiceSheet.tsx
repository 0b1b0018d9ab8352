/**
 * 开票 for an income not yet invoiced: the merchant types the buyer (企业 with its tax number, or 个人; the rules of
 * `@app/domain/invoice-buyer`), the tax bureau is made ready (the host's login and face dialogs), then
 * `payment/issueInvoice` starts the blue-invoice task and the task detail page follows it. The request serial belongs
 * to the fill: a submit again after a failure sends the same one, so a call that did reach the server issues nothing twice.
 */
import { useRef } from 'react';
import type { TitleKind } from '@app/domain/invoice-title';
import { formatYuan } from '@app/domain/money';
import { ensureTaxReady } from '@app/host-sdk/dialogs';
import { appHref } from '@app/host-sdk/paths';
import { useNavigate } from '@app/host-sdk/router';
import { showToast } from '@app/ui/feedback';
import { Form, useFieldValue } from '@app/ui/form';
import { PageForm } from '@app/widgets/form-page';
import { Sheet } from '@app/widgets/sheet';
import { buyerItems } from '../../features/buyer/BuyerItems';
import { emptyBuyer, formFieldOf, kindOf, toParty, type BuyerFormValues } from '../../features/buyer/buyer-values';
import { issueInvoice, type PaymentRecord } from '../../features/payments/payments-api';
import { newRequestSerial } from '@app/domain/request-serial';

interface IssueValues {
  buyer: BuyerFormValues;
}

export interface IssueInvoiceSheetProps {
  record: PaymentRecord;
  visible: boolean;
  onClose(): void;
}

/** What the sheet's form starts with: a company buyer. */
const INITIAL_VALUES = { buyer: emptyBuyer('企业') };

export function IssueInvoiceSheet({ record, visible, onClose }: IssueInvoiceSheetProps) {
  const navigate = useNavigate();
  const [form] = Form.useForm();
  const kind = kindOf({ kind: useFieldValue<TitleKind[] | undefined>(form, ['buyer', 'kind'], INITIAL_VALUES.buyer.kind) });
  const serial = useRef<string | null>(null);

  const submit = async () => {
    if (!(await ensureTaxReady())) return;
    serial.current ??= newRequestSerial();
    const values = form.getFieldsValue(true) as IssueValues;
    const { taskId } = await issueInvoice({ id: record.id, requestSerial: serial.current, buyer: toParty(values.buyer) });
    serial.current = null;
    showToast({ icon: 'success', content: '已提交开票' });
    onClose();
    navigate(appHref('invoiceTaskDetail', {}, { id: taskId }));
  };

  return (
    <Sheet visible={visible} title="开具发票" onClose={onClose} height="fit" destroyOnClose={false}>
      <p className="issue-sheet__summary">
        为这笔收入开具数电普票 <strong>{formatYuan(record.amountFen)}</strong>
      </p>
      <PageForm form={form} initialValues={INITIAL_VALUES} onSubmit={submit} nameOf={formFieldOf} submitText="确认开票">
        <Form.Header>购买方</Form.Header>
        {buyerItems(kind)}
      </PageForm>
    </Sheet>
  );
}
