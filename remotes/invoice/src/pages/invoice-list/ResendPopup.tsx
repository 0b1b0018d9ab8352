/**
 * 重新发送: a small form over the detail sheet, a mobile number and/or an e-mail address (the ones the invoice was sent
 * to filled in), then `invoice/resend` and 已发送至 ….
 */
import { useState } from 'react';
import { deliverEmailProblem, deliverPhoneProblem } from '@app/domain/invoice-delivery';
import { Button } from '@app/ui/button';
import { Form } from '@app/ui/form';
import { Input } from '@app/ui/input';
import { Popup } from '@app/ui/popup';
import { Toast } from '@app/ui/toast';
import { resendInvoice } from '../../features/invoices/invoice-api';

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
}

export function ResendPopup({ invoiceId, visible, initialPhone, initialEmail, onClose }: ResendPopupProps) {
  const [form] = Form.useForm<ResendShape>();
  const [sending, setSending] = useState(false);

  async function send({ phone, email }: ResendShape) {
    setSending(true);
    try {
      const sentTo = await resendInvoice(invoiceId, {
        ...(phone.trim() ? { phone: phone.trim() } : {}),
        ...(email.trim() ? { email: email.trim() } : {}),
      });
      Toast.show({ icon: 'success', content: `已发送至 ${sentTo}` });
      onClose();
    } catch {
      // The API client has shown why; the form stays as it is.
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
          <Button block type="submit" color="primary" size="large" loading={sending} loadingText="发送中" disabled={sending}>
            发送
          </Button>
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
