/**
 * An invoice as the phone shows it, laid out like the digital e-invoice (数电发票) it is: title, number and date,
 * buyer and seller, the goods lines, 合计 and 价税合计 in capitals and figures, remarks and issuer. The same
 * `InvoiceDocument` the PDF prints. Lines stack one card each on a phone and become a table on a wide screen; a
 * discount line (折扣行) follows the line it discounts, marked 折扣, with its negative amount and tax.
 */
import { amountInCapitals } from '@app/domain/capital-numerals';
import type { ReactNode } from 'react';
import {
  printedHeading,
  printedRate,
  RED_REASONS,
  type InvoiceDocument,
  type InvoiceDocumentLine,
  type InvoiceParty,
} from '@app/domain/invoice-document';
import { formatYuan } from '@app/domain/money';
import { Tag } from '@app/ui/tag';
import { chinaDate } from '@app/domain/china-time';
import { INVOICE_STATUS_COLORS } from './invoice-status';
import './invoice-document-view.css';

export interface InvoiceDocumentViewProps {
  invoice: InvoiceDocument;
}

/** Line amounts as the invoice prints them: without the currency sign, which the totals carry. */
function plainAmount(fen: number): string {
  return formatYuan(fen).replace('¥', '');
}

function StatusBar({ invoice }: InvoiceDocumentViewProps) {
  return (
    <div className="invoice-doc__status">
      <Tag color={INVOICE_STATUS_COLORS[invoice.status]} fill={invoice.status === '开具失败' ? 'solid' : 'outline'}>
        {invoice.status}
      </Tag>
      {invoice.status === '部分红冲' && <span className="invoice-doc__status-note">剩余可红冲 {formatYuan(invoice.leftFen)}</span>}
      {invoice.status === '开具中' && <span className="invoice-doc__status-note">正在向电子税务局开具，完成后生成发票号码</span>}
      {invoice.status === '开具失败' && invoice.failReason && (
        <span className="invoice-doc__status-note invoice-doc__status-note--danger" role="alert">
          {invoice.failReason}
        </span>
      )}
    </div>
  );
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="invoice-doc__field">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** Pieces that each keep to one line where they fit (an address, then a phone number), empty ones left out. */
function Pieces({ parts }: { parts: string[] }) {
  return (
    <>
      {parts
        .filter((part) => part.trim())
        .map((part) => (
          <span key={part} className="invoice-doc__piece">
            {part}
          </span>
        ))}
    </>
  );
}

function hasAny(...parts: string[]): boolean {
  return parts.some((part) => part.trim());
}

function Party({ caption, party }: { caption: string; party: InvoiceParty }) {
  return (
    <section className="invoice-doc__party" aria-label={caption}>
      <h3 className="invoice-doc__caption">{caption}</h3>
      <dl className="invoice-doc__fields">
        <Field label="名称">
          {party.name}
          {party.naturalPerson && <span className="invoice-doc__muted">（个人）</span>}
        </Field>
        <Field label="统一社会信用代码/纳税人识别号">{party.taxNumber || <span className="invoice-doc__muted">无</span>}</Field>
        {hasAny(party.address, party.phone) && (
          <Field label="地址、电话">
            <Pieces parts={[party.address, party.phone]} />
          </Field>
        )}
        {hasAny(party.bankName, party.bankAccount) && (
          <Field label="开户行及账号">
            <Pieces parts={[party.bankName, party.bankAccount]} />
          </Field>
        )}
      </dl>
    </section>
  );
}

const LINE_COLUMNS = ['项目名称', '规格型号', '单位', '数量', '单价', '金额', '税率/征收率', '税额'] as const;

function Line({ line }: { line: InvoiceDocumentLine }) {
  // One cell per column; on a phone the CSS turns the row into a card (name and amount on top, the rest labelled
  // below, empty cells hidden), on a wide screen into a table row.
  const discount = line.discountOf !== null;
  return (
    <tr className={`invoice-doc__line${discount ? ' invoice-doc__line--discount' : ''}`}>
      <td className="invoice-doc__cell invoice-doc__cell--name">
        {discount && (
          <Tag className="invoice-doc__discount-tag" color="warning" fill="outline">
            折扣
          </Tag>
        )}
        {line.itemName}
      </td>
      <td className="invoice-doc__cell" data-label="规格型号">
        {line.model}
      </td>
      <td className="invoice-doc__cell invoice-doc__cell--unit" data-label="单位">
        {line.unit}
      </td>
      <td className="invoice-doc__cell invoice-doc__cell--number" data-label="数量">
        {line.quantity ?? ''}
      </td>
      <td className="invoice-doc__cell invoice-doc__cell--number" data-label="单价">
        {line.unitPrice ?? ''}
      </td>
      <td className="invoice-doc__cell invoice-doc__cell--number invoice-doc__cell--amount" data-label="金额">
        {plainAmount(line.netFen)}
      </td>
      <td className="invoice-doc__cell invoice-doc__cell--rate" data-label="税率">
        {printedRate(line)}
      </td>
      <td className="invoice-doc__cell invoice-doc__cell--number" data-label="税额">
        {/* Tax-free lines print *** for the tax, as the tax bureau does. */}
        {line.taxFree ? '***' : plainAmount(line.taxFen)}
      </td>
    </tr>
  );
}

function Lines({ invoice }: InvoiceDocumentViewProps) {
  return (
    <section className="invoice-doc__lines" aria-label="项目明细">
      <table className="invoice-doc__table" aria-label="项目明细">
        <thead>
          <tr className="invoice-doc__line invoice-doc__line--head">
            {LINE_COLUMNS.map((column) => (
              <th key={column} className="invoice-doc__cell" scope="col">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {invoice.lines.map((line) => (
            <Line key={line.lineNo} line={line} />
          ))}
        </tbody>
      </table>
      <output className="invoice-doc__sum" aria-label="合计">
        <span className="invoice-doc__sum-caption">合计</span>
        <span>
          金额 <strong>{formatYuan(invoice.netFen)}</strong>
        </span>
        <span>
          税额 <strong>{formatYuan(invoice.taxFen)}</strong>
        </span>
      </output>
    </section>
  );
}

function Total({ invoice }: InvoiceDocumentViewProps) {
  return (
    <section className="invoice-doc__total" aria-label="价税合计">
      <div className="invoice-doc__total-row">
        <span className="invoice-doc__caption">价税合计（大写）</span>
        <span className="invoice-doc__capitals">{amountInCapitals(invoice.grossFen)}</span>
      </div>
      <div className="invoice-doc__total-row">
        <span className="invoice-doc__caption">（小写）</span>
        <span className="invoice-doc__figures">{formatYuan(invoice.grossFen)}</span>
      </div>
    </section>
  );
}

function Remarks({ invoice }: InvoiceDocumentViewProps) {
  const red = invoice.kind === 'red';
  const hasRemarks = invoice.remarks.trim() !== '';
  return (
    <section className="invoice-doc__remarks" aria-label="备注">
      <h3 className="invoice-doc__caption">备注</h3>
      {red && (
        <dl className="invoice-doc__fields invoice-doc__fields--red">
          <Field label="被红冲蓝字数电发票号码">{invoice.original?.number ?? '—'}</Field>
          {invoice.original?.issuedAt && <Field label="蓝字发票开票日期">{chinaDate(invoice.original.issuedAt)}</Field>}
          {invoice.redConfirmation && <Field label="红字发票信息确认单编号">{invoice.redConfirmation.number}</Field>}
          {invoice.redConfirmation && <Field label="红冲原因">{RED_REASONS[invoice.redConfirmation.reason]}</Field>}
        </dl>
      )}
      {hasRemarks ? <p className="invoice-doc__remarks-text">{invoice.remarks}</p> : !red && <p className="invoice-doc__muted">无</p>}
    </section>
  );
}

export function InvoiceDocumentView({ invoice }: InvoiceDocumentViewProps) {
  const red = invoice.kind === 'red';
  return (
    <article className={`invoice-doc${red ? ' invoice-doc--red' : ''}`} aria-label={printedHeading(invoice.type)}>
      <StatusBar invoice={invoice} />
      <header className="invoice-doc__head">
        <h2 className="invoice-doc__title">{printedHeading(invoice.type)}</h2>
        {red && <div className="invoice-doc__red-mark">红字发票 · 销项负数</div>}
        <dl className="invoice-doc__fields invoice-doc__fields--meta">
          <Field label="发票号码">{invoice.number ?? <span className="invoice-doc__muted">开具后生成</span>}</Field>
          <Field label="开票日期">{invoice.issuedAt ? chinaDate(invoice.issuedAt) : <span className="invoice-doc__muted">—</span>}</Field>
        </dl>
      </header>
      <Party caption="购买方信息" party={invoice.buyer} />
      <Party caption="销售方信息" party={invoice.seller} />
      <Lines invoice={invoice} />
      <Total invoice={invoice} />
      <Remarks invoice={invoice} />
      <footer className="invoice-doc__foot">
        <dl className="invoice-doc__fields">
          <Field label="开票人">{invoice.issuer || <span className="invoice-doc__muted">—</span>}</Field>
          {hasAny(invoice.deliverPhone, invoice.deliverEmail) && (
            <Field label="交付至">
              <Pieces parts={[invoice.deliverPhone, invoice.deliverEmail]} />
            </Field>
          )}
        </dl>
      </footer>
    </article>
  );
}
