/** The blue invoice being reversed, at the top of the form: buyer, number, date, 价税合计 and what is left. */
import type { InvoiceDocument } from '@app/domain/invoice-document';
import { formatYuan } from '@app/domain/money';
import { List } from '@app/ui/list';
import { Tag } from '@app/ui/tag';
import { INVOICE_STATUS_COLORS } from '../../features/invoice-document/invoice-status';
import { chinaDate } from '@app/domain/china-time';

export interface ChosenInvoiceProps {
  invoice: InvoiceDocument;
  /** 更换: back to choosing another one. */
  onChange(): void;
}

export function ChosenInvoice({ invoice, onChange }: ChosenInvoiceProps) {
  return (
    <List
      mode="card"
      className="chosen-invoice"
      aria-label="原蓝字发票"
      header={
        <div className="chosen-invoice__header">
          <span>原蓝字发票</span>
          <button type="button" className="chosen-invoice__change" onClick={onChange}>
            更换
          </button>
        </div>
      }
    >
      <List.Item
        extra={
          <Tag color={INVOICE_STATUS_COLORS[invoice.status]} fill="outline">
            {invoice.status}
          </Tag>
        }
      >
        <span className="chosen-invoice__buyer">{invoice.buyer.name}</span>
      </List.Item>
      <List.Item extra={<span className="chosen-invoice__number">{invoice.number}</span>}>发票号码</List.Item>
      <List.Item extra={invoice.issuedAt ? chinaDate(invoice.issuedAt) : '—'}>开票日期</List.Item>
      <List.Item extra={formatYuan(invoice.grossFen)}>价税合计</List.Item>
      <List.Item extra={<strong className="chosen-invoice__left">{formatYuan(invoice.leftFen)}</strong>}>剩余可红冲</List.Item>
    </List>
  );
}
