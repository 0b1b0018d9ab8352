/**
 * 重新发送: a small form over the detail sheet, a mobile number and/or an e-mail address (the ones the invoice was sent
 * to filled in), then `invoice/resend`, 正在发送至 … and the new deliveries handed to the sheet. Sent too often (5 an hour
 * per invoice, 4029) the server's words stay above the button until the form is sent again.
 */
import { useState } from 'react';
import type { InvoiceDelivery } from '@app/contract/invoice';
import { ApiError } from '@app/host-sdk/api-client';
import { deliverEmailProblem, deliverPhoneProblem } from '@app/domain/invoice-delivery';
import { Button } from '@app/ui/button';
import { Form } from '@app/ui/form';
import { Input } from '@app/ui/input';
import { Popup } from '@app/ui/popup';
import { Toast } from '@app/ui/toast';
import { RESEND_LIMITED, resendInvoice } from '../../features/invoices/invoice-api';

interface ResendShape {
  phone: string;
  email: string;
}

export interface ResendPopupProps {
  invoiceId: string;
  visible: boolean;
  initialPhone: string;
  initialEmail: string;
  onClose(): void;
  /** Sent: the new deliveries (待发送), or undefined from a server that does not answer them. */
  onSent(deliveries: InvoiceDelivery[] | undefined): void;
}

export function ResendPopup({ invoiceId, visible, initialPhone, initialEmail, onClose, onSent }: ResendPopupProps) {
  const [form] = Form.useForm<ResendShape>();
  const [sending, setSending] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);

  async function send({ phone, email }: ResendShape) {
    setSending(true);
    setRefusal(null);
    try {
      const { sentTo, deliveries } = await resendInvoice(invoiceId, {
        ...(phone.trim() ? { phone: phone.trim() } : {}),
        ...(email.trim() ? { email: email.trim() } : {}),
      });
      Toast.show({ icon: 'success', content: `正在发送至 ${sentTo}` });
      onSent(deliveries);
      onClose();
    } catch (error) {
      // Too often: said here, where the user is; anything else the API client has shown. The form stays as it is.
      if (error instanceof ApiError && error.errorCode === RESEND_LIMITED) setRefusal(error.message);
    } finally {
      setSending(false);
    }
  }

  return (
    <Popup visible={visible} onMaskClick={onClose} onClose={onClose} destroyOnClose bodyClassName="resend-popup" showCloseButton>
      <h3 className="resend-popup__title">重新发送发票</h3>
      <p className="resend-popup__hint">填写手机号或邮箱（至少一项），发票 PDF 将发送至此。</p>
      <Form
        form={form}
        layout="horizontal"
        initialValues={{ phone: initialPhone, email: initialEmail }}
        onFinish={(values: ResendShape) => void send(values)}
        footer={
          <>
            {refusal ? (
              <p className="resend-popup__refusal" role="alert">
                {refusal}
              </p>
            ) : null}
            <Button block type="submit" color="primary" size="large" loading={sending} loadingText="发送中" disabled={sending}>
              发送
            </Button>
          </>
        }
      >
        <Form.Item
          name="phone"
          label="手机号"
          dependencies={['email']}
          rules={[
            {
              validator: async (_, value: string | undefined) => {
                const phone = (value ?? '').trim();
                if (deliverPhoneProblem(phone)) throw new Error('请填写 11 位手机号码');
                if (!phone && !(form.getFieldValue('email') as string | undefined)?.trim()) throw new Error('请填写手机号或邮箱');
              },
            },
          ]}
        >
          <Input type="tel" inputMode="numeric" placeholder="接收短信的手机号" maxLength={11} clearable />
        </Form.Item>
        <Form.Item
          name="email"
          label="邮箱"
          rules={[
            {
              validator: async (_, value: string | undefined) => {
                const email = (value ?? '').trim();
                if (deliverEmailProblem(email)) throw new Error('邮箱格式不正确');
              },
            },
          ]}
        >
          <Input type="email" placeholder="接收发票的邮箱" maxLength={100} clearable />
        </Form.Item>
      </Form>
    </Popup>
  );
}
