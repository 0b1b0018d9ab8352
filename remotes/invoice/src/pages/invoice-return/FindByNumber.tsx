/**
 * 按号码查找: the 20-digit number of a digital blue invoice (checked with the domain's rule) and its issue date, then
 * `invoice/findBlue`. "Not found" shows under the number.
 */
import type { InvoiceDocument } from '@app/domain/invoice-document';
import { invoiceNumberProblem, INVOICE_NUMBER_MESSAGES } from '@app/domain/invoice-number';
import { ApiError } from '@app/host-sdk/api-client';
import { Form } from '@app/ui/form';
import { Input } from '@app/ui/input';
import { ChinaDatePicker } from '@app/widgets/china-date-picker';
import { PageForm } from '@app/widgets/form-page';
import { findBlueInvoice } from '../../features/invoices/invoice-api';

interface FindShape {
  number: string;
  /** A China day, `YYYY-MM-DD`. */
  issueDate: string | null;
}

/** The bureau issues digital invoices since 2021. */
const EARLIEST_DAY = '2021-01-01';

const digitsOnly = (value: unknown) => (typeof value === 'string' ? value.replace(/\D/g, '') : value);

export function FindByNumber({ onFound }: { onFound(invoice: InvoiceDocument): void }) {
  const [form] = Form.useForm<FindShape>();

  async function find({ number, issueDate }: FindShape) {
    if (!issueDate) return;
    try {
      onFound(await findBlueInvoice(number, issueDate));
    } catch (error) {
      // Not found: said under the number.
      if (error instanceof ApiError && error.errorCode === 4004) form.setFields([{ name: 'number', errors: [error.message] }]);
      else throw error;
    }
  }

  return (
    <PageForm
      form={form}
      className="find-by-number"
      initialValues={{ number: '', issueDate: null }}
      onSubmit={find}
      submitText="查找发票"
      submittingText="查找中"
    >
      <Form.Header>按发票号码查找蓝字发票</Form.Header>
      <Form.Item
        name="number"
        label="发票号码"
        required
        normalize={digitsOnly}
        validateTrigger={['onChange', 'onBlur']}
        rules={[
          {
            // While typing, a short number is not wrong yet: only a complete one is checked.
            validateTrigger: 'onChange',
            validator: async (_, value: string | undefined) => {
              const number = value ?? '';
              const problem = number.length === 20 ? invoiceNumberProblem(number) : null;
              if (problem) throw new Error(INVOICE_NUMBER_MESSAGES[problem]);
            },
          },
          {
            // On leaving the field and on submit: the whole rule.
            validateTrigger: 'onBlur',
            validator: async (_, value: string | undefined) => {
              const number = value ?? '';
              if (!number) throw new Error('请填写发票号码');
              const problem = invoiceNumberProblem(number);
              if (problem) throw new Error(INVOICE_NUMBER_MESSAGES[problem]);
            },
          },
        ]}
      >
        <Input inputMode="numeric" placeholder="20 位数电发票号码" maxLength={20} clearable />
      </Form.Item>
      <Form.Item
        name="issueDate"
        label="开票日期"
        required
        trigger="onConfirm"
        rules={[{ required: true, message: '请选择开票日期' }]}
        onClick={(_, picker) => picker.current?.open()}
      >
        <ChinaDatePicker title="选择开票日期" min={EARLIEST_DAY}>
          {(value) => value ?? <span className="find-by-number__placeholder">请选择</span>}
        </ChinaDatePicker>
      </Form.Item>
    </PageForm>
  );
}
