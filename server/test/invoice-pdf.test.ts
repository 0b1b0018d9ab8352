/**
 * The invoice PDF: a real PDF, with the CJK font embedded (subset), whose text — read back with pdf.js as a reader
 * would — holds what the invoice says; fast and small enough to be served on demand.
 */
import { describe, expect, test } from '@rstest/core';
import { amountInCapitals } from '@app/domain/capital-numerals';
import { discountAmounts, discountFen, discountPairProblem } from '@app/domain/discount-line';
import type { InvoiceDocumentLine } from '@app/domain/invoice-document';
import { formatYuan } from '@app/domain/money';
import { invoiceTotals } from '@app/domain/tax-maths';
import { renderInvoicePdf } from '../src/invoices/invoice-pdf';
import { blueInvoice, redInvoice } from './support/invoice-fixtures';
import { readPdf } from './support/pdf-text';

/** The fonts a PDF names: each `/BaseFont /…` of its (uncompressed) font dictionaries. */
function baseFonts(pdf: Buffer): string[] {
  return [...new Set([...pdf.toString('latin1').matchAll(/\/BaseFont\s*\/([^\s/<>[\]]+)/g)].map((match) => match[1] ?? ''))];
}

describe('the invoice PDF', () => {
  test('a blue 专票 with five lines: every field a reader looks for, in the CJK font', async () => {
    const invoice = blueInvoice();
    expect(invoice.lines).toHaveLength(5);
    const pdf = await renderInvoicePdf(invoice);

    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdf.subarray(-6).toString('latin1')).toContain('%%EOF');
    const fonts = baseFonts(pdf);
    expect(fonts.length).toBeGreaterThan(0);
    // Only the embedded subsets of Noto Sans SC (ABCDEF+NotoSansSC-Regular), never a standard font without hanzi.
    for (const font of fonts) expect(font).toMatch(/^[A-Z]{6}\+NotoSansSC-(Regular|Bold)$/);
    expect(pdf.toString('latin1')).toContain('/FontFile2');

    const { pages, text } = await readPdf(pdf);
    expect(pages).toBe(1);
    for (const expected of [
      '电子发票（增值税专用发票）',
      '发票号码：',
      '25332000000012345678',
      '开票日期：',
      '2025年03月15日',
      '购买方信息',
      invoice.buyer.name,
      invoice.buyer.taxNumber,
      '销售方信息',
      invoice.seller.name,
      invoice.seller.taxNumber,
      '统一社会信用代码/纳税人识别号：',
      '项目名称',
      '税率/征收率',
      '*餐饮服务*商务午餐',
      '*蔬菜*有机蔬菜',
      '免税',
      '93.39583333',
      formatYuan(invoice.netFen),
      formatYuan(invoice.taxFen),
      '价税合计（大写）',
      amountInCapitals(invoice.grossFen),
      `（小写）${formatYuan(invoice.grossFen)}`,
      '备注',
      '项目：2025年春季客户答谢会',
      '开票人：王晓梅',
    ]) {
      expect(text).toContain(expected.replace(/\s+/g, ''));
    }
    expect(text).not.toContain('销项负数');

    expect(pdf.length).toBeLessThan(120_000);
  });

  test('a discount line (折扣行) prints right under its line: the same item and rate, its negative amount and tax; the totals are net of it', async () => {
    const blue = blueInvoice({ type: '数电普票' });
    const discounted = blue.lines[0] as InvoiceDocumentLine;
    const discount: InvoiceDocumentLine = {
      ...discounted,
      lineNo: 2,
      model: '',
      unit: '',
      quantity: null,
      unitPrice: null,
      ...discountAmounts(discountFen(discounted.grossFen, { kind: 'percent', percent: '10' }) ?? 0, discounted.ratePermille ?? 0),
      discountOf: 1,
    };
    const lines = [discounted, discount, ...blue.lines.slice(1).map((line, index) => ({ ...line, lineNo: index + 3 }))];
    const invoice = { ...blue, lines, ...invoiceTotals(lines) };
    expect(discountPairProblem(lines)).toBeNull();
    const { text } = await readPdf(await renderInvoicePdf(invoice));
    const rows = text.split(discounted.itemName);
    // The item's name is printed twice, the discount's row right after the line's, with its negative amount and tax.
    expect(rows).toHaveLength(3);
    expect(rows[2]).toMatch(new RegExp(`^${formatYuan(discount.netFen).replace('¥', '').replace('.', '\\.')}`));
    expect(text).toContain(formatYuan(discount.taxFen).replace('¥', ''));
    expect(text).toContain(amountInCapitals(invoice.grossFen));
    expect(text).toContain(`（小写）${formatYuan(invoice.grossFen)}`);
    expect(invoice.grossFen).toBe(blue.grossFen + discount.grossFen);
  });

  test('a red 普票: the red marking, negative amounts and the reversed blue invoice in the remarks', async () => {
    const invoice = redInvoice({ type: '数电普票' });
    const pdf = await renderInvoicePdf(invoice);
    const { text } = await readPdf(pdf);
    for (const expected of [
      '电子发票（普通发票）',
      '红字发票·销项负数',
      '25332000000012349999',
      '2025年04月02日',
      invoice.buyer.name,
      '-12',
      formatYuan(invoice.netFen),
      `（负数）${amountInCapitals(-invoice.grossFen)}`,
      `（小写）${formatYuan(invoice.grossFen)}`,
      '被红冲蓝字数电发票号码：25332000000012345678',
      '红字发票信息确认单编号：33012025040200000123',
    ]) {
      expect(text).toContain(expected);
    }
    expect(invoice.grossFen).toBeLessThan(0);
    expect(amountInCapitals(invoice.grossFen).startsWith('（负数）')).toBe(true);
  });

  test('an invoice still being issued has no number, no QR code and says so', async () => {
    const pdf = await renderInvoicePdf(blueInvoice({ status: '开具中', number: null, issuedAt: null }));
    const { text } = await readPdf(pdf);
    expect(text).toContain('尚未开具');
    expect(text).not.toContain('25332000000012345678');
  });

  test('a natural person buyer is marked （个人）; many lines make a taller page, not a cut one', async () => {
    const base = blueInvoice();
    const lines = Array.from({ length: 40 }, (_, index) => ({
      ...(base.lines[index % base.lines.length] ?? base.lines[0]!),
      lineNo: index + 1,
    }));
    const pdf = await renderInvoicePdf(blueInvoice({ lines, buyer: { ...base.buyer, name: '张三', taxNumber: '', naturalPerson: true } }));
    const { pages, text } = await readPdf(pdf);
    expect(pages).toBe(1);
    expect(text).toContain('张三（个人）');
    expect(text.split('*现代服务*场地布置')).toHaveLength(9);
    expect(text).toContain('开票人：王晓梅');
  });
});
