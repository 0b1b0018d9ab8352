/**
 * `/ticket/import/input` (手动录入): an invoice typed by hand: its number (20 digits for a 数电发票, or the 10/12-digit
 * code and the 8-digit number of an older one), the issue date, the amount before tax and, where the invoice has one,
 * the last six characters of its check code. Each field is judged under itself by the domain's rules; the server's
 * refusal of a field goes under it too, and a ticket already in the folder is said in a toast. Added, the ticket's
 * detail opens with its verification under way.
 */
import { useState } from 'react';
import { useRouteMeta } from '@app/host-sdk/router';
import { Form } from '@app/ui/form';
import { Input } from '@app/ui/input';
import { Page } from '@app/ui/page';
import { ChinaDatePicker } from '@app/widgets/china-date-picker';
import { PageForm } from '@app/widgets/form-page';
import { Note } from '@app/widgets/note';
import { useImportTicket } from '../../features/ticket-import/use-import';
import {
  amountShape,
  dateRequired,
  EMPTY_VALUES,
  fieldRule,
  formFieldOf,
  numberRequired,
  toImportBody,
  type InputFormValues,
} from './input-form-rules';
import './ticket-import-input.css';

/** Digital invoices exist since 2021; older paper ones can no longer be claimed. */
const EARLIEST_DAY = '2017-01-01';

export default function TicketImportInputPage() {
  const title = useRouteMeta()?.title ?? '手动录入';
  const importTicket = useImportTicket();
  const [form] = Form.useForm<InputFormValues>();
  const [initialValues] = useState(EMPTY_VALUES);

  return (
    <Page title={title}>
      <PageForm
        form={form}
        className="ticket-input__form"
        initialValues={initialValues}
        onSubmit={(values) => importTicket(toImportBody(values))}
        nameOf={formFieldOf}
        submitText="加入票夹"
        submittingText="导入中"
        footerExtra={
          <Note small className="ticket-input__note">
            加入票夹后将自动向税务局查验发票真伪。
          </Note>
        }
      >
        <Form.Header>发票信息</Form.Header>
        <Form.Item
          name="number"
          label="发票号码"
          rules={[fieldRule(form, 'number', numberRequired)]}
          dependencies={['invoiceCode', 'issueDate']}
          description="数电发票 20 位，其他发票 8 位"
        >
          <Input inputMode="numeric" placeholder="20 位或 8 位数字" maxLength={20} clearable />
        </Form.Item>
        <Form.Item name="invoiceCode" label="发票代码" rules={[fieldRule(form, 'invoiceCode')]} help="数电发票无需填写">
          <Input inputMode="numeric" placeholder="10 位或 12 位数字" maxLength={12} clearable />
        </Form.Item>
        <Form.Item
          name="issueDate"
          label="开票日期"
          trigger="onConfirm"
          rules={[fieldRule(form, 'issueDate', dateRequired)]}
          onClick={(_, picker) => picker.current?.open()}
        >
          <ChinaDatePicker title="选择开票日期" min={EARLIEST_DAY}>
            {(value) => value ?? <span className="ticket-input__placeholder">请选择</span>}
          </ChinaDatePicker>
        </Form.Item>
        <Form.Item
          name="amount"
          label="不含税金额"
          rules={[fieldRule(form, 'netFen', amountShape)]}
          extra={<span className="ticket-input__unit">元</span>}
        >
          <Input inputMode="decimal" placeholder="发票上的金额" maxLength={16} clearable />
        </Form.Item>
        <Form.Item
          name="checkCodeLast6"
          label="校验码后6位"
          rules={[fieldRule(form, 'checkCodeLast6')]}
          dependencies={['invoiceCode']}
          help="增值税普通发票必填"
        >
          <Input placeholder="6 位数字或字母" maxLength={6} clearable />
        </Form.Item>
      </PageForm>
    </Page>
  );
}
