/**
 * One invoice in the list: buyer and 价税合计 (red invoices in red), the colour and type, the date (and what is left
 * to reverse of a 部分红冲), the number and the status (开具失败 with why), and 发送失败 when its latest delivery on
 * some channel failed. Tapping it opens the detail sheet.
 */
import { chinaDate } from '@app/domain/china-time';
import type { InvoiceSummary } from '@app/domain/invoice-document';
import { formatYuan } from '@app/domain/money';
import { Tag } from '@app/ui/tag';
import { Amount } from '@app/widgets/amount';
import { Digits } from '@app/widgets/digits';
import { ListRow, ListRowLine } from '@app/widgets/list-row';
import { INVOICE_STATUS_COLORS } from '../../features/invoice-document/invoice-status';
import { kindLabel } from './list-filters';

export interface InvoiceRowProps {
  invoice: InvoiceSummary;
  onOpen(invoice: InvoiceSummary): void;
}

export function InvoiceRow({ invoice, onOpen }: InvoiceRowProps) {
  const red = invoice.kind === 'red';
  const status = (
    <Tag color={INVOICE_STATUS_COLORS[invoice.status]} fill={invoice.status === '开具失败' ? 'solid' : 'outline'}>
      {invoice.status}
    </Tag>
  );
  // What is left to reverse goes on the line above, so that the 20-digit number beside the status is never cut short.
  const left = invoice.status === '部分红冲' ? <span className="invoice-row__left">剩余 {formatYuan(invoice.leftFen)}</span> : null;
  const notSent = invoice.deliveryFailed ? <span className="invoice-row__not-sent">发送失败</span> : null;
  return (
    <ListRow
      title={invoice.buyerName}
      aria-label={`${invoice.buyerName} ${formatYuan(invoice.grossFen)}`}
      extra={<Amount fen={invoice.grossFen} tone={red ? 'red' : 'plain'} size="medium" />}
      onClick={() => onOpen(invoice)}
    >
      <ListRowLine
        extra={
          left || notSent ? (
            <span className="invoice-row__flags">
              {left}
              {notSent}
            </span>
          ) : undefined
        }
      >
        <span className="invoice-row__meta">
          <Tag color={red ? 'danger' : 'primary'} fill="outline">
            {kindLabel(invoice.kind)}
          </Tag>
          <span>{invoice.type}</span>
          <span className="invoice-row__dot" aria-hidden="true">
            ·
          </span>
          <span>{chinaDate(invoice.issuedAt ?? invoice.createdAt)}</span>
        </span>
      </ListRowLine>
      <ListRowLine divided truncate extra={status}>
        <span className="invoice-row__number">{invoice.number ? <Digits>No. {invoice.number}</Digits> : '发票号码开具后生成'}</span>
      </ListRowLine>
      {invoice.status === '开具失败' && invoice.failReason ? (
        <ListRowLine>
          <span className="invoice-row__reason">{invoice.failReason}</span>
        </ListRowLine>
      ) : null}
    </ListRow>
  );
}
