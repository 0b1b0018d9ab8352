/**
 * One invoice in the list: buyer and 价税合计 (red invoices in red), the colour and type, the date, the number and the
 * status (部分红冲 with what is left to reverse, 开具失败 with why). Tapping it opens the detail sheet.
 */
import type { InvoiceSummary } from '@app/domain/invoice-document';
import { formatYuan } from '@app/domain/money';
import { Tag } from '@app/ui/tag';
import { INVOICE_STATUS_COLORS } from '../../features/invoice-document/invoice-status';
import { chinaDate } from '@app/domain/china-time';
import { kindLabel } from './list-filters';

export interface InvoiceRowProps {
  invoice: InvoiceSummary;
  onOpen(invoice: InvoiceSummary): void;
}

export function InvoiceRow({ invoice, onOpen }: InvoiceRowProps) {
  const red = invoice.kind === 'red';
  const date = chinaDate(invoice.issuedAt ?? invoice.createdAt);
  return (
    <div
      className="invoice-row"
      role="button"
      tabIndex={0}
      aria-label={`${invoice.buyerName} ${formatYuan(invoice.grossFen)}`}
      onClick={() => onOpen(invoice)}
      onKeyDown={(event) => {
        if (event.key === 'Enter' || event.key === ' ') onOpen(invoice);
      }}
    >
      <div className="invoice-row__head">
        <span className="invoice-row__buyer">{invoice.buyerName}</span>
        <span className={`invoice-row__total${red ? ' invoice-row__total--red' : ''}`}>{formatYuan(invoice.grossFen)}</span>
      </div>
      <div className="invoice-row__meta">
        <Tag className="invoice-row__kind" color={red ? 'danger' : 'primary'} fill="outline">
          {kindLabel(invoice.kind)}
        </Tag>
        <span>{invoice.type}</span>
        <span className="invoice-row__dot" aria-hidden="true">
          ·
        </span>
        <span>{date}</span>
      </div>
      <div className="invoice-row__foot">
        <span className="invoice-row__number">{invoice.number ? `No. ${invoice.number}` : '发票号码开具后生成'}</span>
        <span className="invoice-row__status">
          {invoice.status === '部分红冲' ? <span className="invoice-row__left">剩余 {formatYuan(invoice.leftFen)}</span> : null}
          <Tag color={INVOICE_STATUS_COLORS[invoice.status]} fill={invoice.status === '开具失败' ? 'solid' : 'outline'}>
            {invoice.status}
          </Tag>
        </span>
      </div>
      {invoice.status === '开具失败' && invoice.failReason ? <div className="invoice-row__reason">{invoice.failReason}</div> : null}
    </div>
  );
}
