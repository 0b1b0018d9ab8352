/**
 * What an issued invoice's messages say, in Chinese: the e-mail (subject, text and HTML body, the PDF's file name) and
 * the SMS. Each names the seller, the buyer, the invoice number, the issue date and 价税合计, with a signed link that
 * opens the PDF for MESSAGE_LINK_LIFETIME_MS.
 */
import { chinaDate } from '@app/domain/china-time';
import type { InvoiceDocument } from '@app/domain/invoice-document';
import { formatYuan } from '@app/domain/money';
import { escapeHtml } from '../auth/html-page';

/** A link in a message must still open when the buyer reads it days later. */
export const MESSAGE_LINK_LIFETIME_MS = 30 * 24 * 3600_000;

export interface InvoiceMail {
  subject: string;
  text: string;
  html: string;
  fileName: string;
}

/** The file name of an invoice's PDF (as invoice/pdfLink names it). */
export function invoiceFileName(invoice: Pick<InvoiceDocument, 'kind' | 'number'>): string {
  return `${invoice.kind === 'red' ? '红字' : ''}发票_${invoice.number ?? ''}.pdf`;
}

/** `2026年11月23日` */
function issueDay(invoice: InvoiceDocument): string {
  const [year, month, day] = chinaDate(invoice.issuedAt ?? invoice.createdAt).split('-');
  return `${year}年${month}月${day}日`;
}

function facts(invoice: InvoiceDocument): [string, string][] {
  return [
    ['发票号码', invoice.number ?? ''],
    ['开票日期', issueDay(invoice)],
    ['销售方', invoice.seller.name],
    ['购买方', invoice.buyer.name],
    ['价税合计', formatYuan(invoice.grossFen)],
  ];
}

export function invoiceMail(invoice: InvoiceDocument, link: string): InvoiceMail {
  const what = invoice.kind === 'red' ? '红字电子发票' : '电子发票';
  const lines = facts(invoice);
  const text = [
    `您好，${invoice.buyer.name}：`,
    '',
    `${invoice.seller.name}向您开具了一张${what}，发票文件见附件。`,
    '',
    ...lines.map(([label, value]) => `${label}：${value}`),
    '',
    `在线查看（30 天内有效）：${link}`,
    '',
    '此邮件由优税通自动发送，请勿直接回复。',
  ].join('\n');
  const rows = lines.map(
    ([label, value]) => `<tr><td style="color:#999;padding:4px 12px 4px 0">${label}</td><td>${escapeHtml(value)}</td></tr>`,
  );
  const html = [
    `<p>您好，${escapeHtml(invoice.buyer.name)}：</p>`,
    `<p>${escapeHtml(invoice.seller.name)}向您开具了一张${what}，发票文件见附件。</p>`,
    `<table>${rows.join('')}</table>`,
    `<p><a href="${escapeHtml(link)}">在线查看发票</a>（30 天内有效）</p>`,
    '<p style="color:#999">此邮件由优税通自动发送，请勿直接回复。</p>',
  ].join('\n');
  return {
    subject: `【${what}】${invoice.seller.name}开具的发票 ${invoice.number ?? ''}（价税合计 ${formatYuan(invoice.grossFen)}）`,
    text,
    html,
    fileName: invoiceFileName(invoice),
  };
}

export function invoiceSms(invoice: InvoiceDocument, link: string): string {
  const what = invoice.kind === 'red' ? '红字电子发票' : '电子发票';
  return `【优税通】${invoice.seller.name}向${invoice.buyer.name}开具了${what}，号码 ${invoice.number ?? ''}，开票日期 ${issueDay(invoice)}，价税合计 ${formatYuan(invoice.grossFen)}。查看：${link}`;
}
