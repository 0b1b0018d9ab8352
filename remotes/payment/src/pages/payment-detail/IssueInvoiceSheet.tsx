/**
 * 开票 for an income not yet invoiced: the merchant types the buyer (企业 with its tax number, or 个人; the rules of
 * `@app/domain/invoice-buyer`), the tax bureau is made ready (the host's login and face dialogs), then
 * `payment/issueInvoice` starts the blue-invoice task and the task detail page follows it. The request serial belongs
 * to the fill: a submit again after a failure sends the same one, so a call that did reach the server issues nothing twice.
 */
import { useRef, useState } from 'react';
import type { TitleKind } from '@app/domain/invoice-title';
import { formatYuan } from '@app/domain/money';
import { ensureTaxReady } from '@app/host-sdk/dialogs';
import { appHref } from '@app/host-sdk/paths';
import { useNavigate } from '@app/host-sdk/router';
import { Button } from '@app/ui/button';
import { showToast } from '@app/ui/feedback';
import { applyServerErrors, Form } from '@app/ui/form';
import { Popup } from '@app/ui/popup';
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

export function IssueInvoiceSheet({ record, visible, onClose }: IssueInvoiceSheetProps) {
  const navigate = useNavigate();
  const [form] = Form.useForm();
  const kind = kindOf({ kind: Form.useWatch(['buyer', 'kind'], form) as TitleKind[] | undefined });
  const serial = useRef<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const submit = async () => {
    if (submitting) return;
    setSubmitting(true);
    try {
      if (!(await ensureTaxReady())) return;
      serial.current ??= newRequestSerial();
      const values = form.getFieldsValue(true) as IssueValues;
      const { taskId } = await issueInvoice({ id: record.id, requestSerial: serial.current, buyer: toParty(values.buyer) });
      serial.current = null;
      showToast({ icon: 'success', content: '已提交开票' });
      onClose();
      navigate(appHref('invoiceTaskDetail', {}, { id: taskId }));
    } catch (error) {
      // The API client has said what went wrong; the fields the server refused say it under them too.
      applyServerErrors(form, error, formFieldOf);
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <Popup visible={visible} onMaskClick={onClose} onClose={onClose} position="bottom" bodyClassName="issue-sheet">
      <div className="issue-sheet__frame" role="dialog" aria-label="开具发票">
        <div className="issue-sheet__bar">
          <span className="issue-sheet__title">开具发票</span>
          <a className="issue-sheet__close" role="button" onClick={onClose}>
            取消
          </a>
        </div>
        <p className="issue-sheet__summary">
          为这笔收入开具数电普票 <strong>{formatYuan(record.amountFen)}</strong>
        </p>
        <Form
          form={form}
          layout="horizontal"
          mode="card"
          initialValues={{ buyer: emptyBuyer('企业') }}
          onFinish={() => void submit()}
          footer={
            <Button block type="submit" color="primary" size="large" loading={submitting} disabled={submitting}>
              确认开票
            </Button>
          }
        >
          <Form.Header>购买方</Form.Header>
          {buyerItems(kind)}
        </Form>
      </div>
    </Popup>
  );
}
