/** One line of 收支: its title and invoice state, the counterparty and time, the signed amount (income green). */
import { chinaDateTime } from '@app/domain/china-time';
import { Tag } from '@app/ui/tag';
import { Amount, amountText } from '@app/widgets/amount';
import { ListRow, ListRowLine } from '@app/widgets/list-row';
import type { PaymentRecord } from '../../features/payments/payments-api';
import { CHANNEL_LABELS, INVOICE_STATE_COLORS } from '../../features/payments/labels';

export function PaymentRow({ record, onOpen }: { record: PaymentRecord; onOpen(record: PaymentRecord): void }) {
  const income = record.type === 'income';
  return (
    <ListRow
      title={record.title}
      aria-label={`${record.title} ${amountText(record.amountFen, true)}`}
      leading={
        <div className={`payment-row__icon payment-row__icon--${record.channel}`} aria-hidden="true">
          {CHANNEL_LABELS[record.channel].slice(0, 1)}
        </div>
      }
      extra={<Amount fen={record.amountFen} signed tone={income ? 'in' : 'plain'} size="medium" />}
      onClick={() => onOpen(record)}
    >
      <ListRowLine
        truncate
        extra={
          income && record.invoiceState ? (
            <Tag color={INVOICE_STATE_COLORS[record.invoiceState]} fill="outline">
              {record.invoiceState}
            </Tag>
          ) : null
        }
      >
        <span className="payment-row__meta">
          {record.counterparty} · {chinaDateTime(record.at)}
        </span>
      </ListRowLine>
    </ListRow>
  );
}
