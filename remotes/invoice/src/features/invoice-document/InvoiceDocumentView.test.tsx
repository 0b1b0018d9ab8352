import { afterEach, describe, expect, test } from '@rstest/core';
import { cleanup, screen, within } from '@testing-library/react';
import { amountInCapitals } from '@app/domain/capital-numerals';
import { formatYuan } from '@app/domain/money';
import { renderPage } from '@app/host-sdk/testing';
import { blueInvoice, discountedInvoice, redInvoice } from '../../test-support/invoice-documents';
import { InvoiceDocumentView } from './InvoiceDocumentView';

afterEach(cleanup);

/** The value shown beside a label in a section (a dt/dd pair); pieces on their own lines joined by a space. */
function fieldValue(container: HTMLElement, label: string): string {
  const value = within(container).getByText(label, { selector: 'dt' }).nextElementSibling;
  const pieces = value ? [...value.querySelectorAll('.invoice-doc__piece')] : [];
  return pieces.length ? pieces.map((piece) => piece.textContent).join(' ') : (value?.textContent ?? '');
}

describe('an invoice on the phone', () => {
  test('a blue 专票: title, number, date, both parties, every line, totals in figures and capitals, remarks, issuer', () => {
    const invoice = blueInvoice();
    renderPage(<InvoiceDocumentView invoice={invoice} />);

    const sheet = screen.getByRole('article', { name: '电子发票（增值税专用发票）' });
    expect(within(sheet).getByRole('heading', { name: '电子发票（增值税专用发票）' })).toBeTruthy();
    expect(screen.getByText('已开具')).toBeTruthy();
    expect(screen.queryByText('红字发票 · 销项负数')).toBeNull();
    expect(fieldValue(sheet, '发票号码')).toBe('25332000000012345678');
    // 02:30 UTC is 10:30 in China: the date is the Chinese calendar day.
    expect(fieldValue(sheet, '开票日期')).toBe('2025-03-15');

    const buyer = screen.getByRole('region', { name: '购买方信息' });
    expect(fieldValue(buyer, '名称')).toBe('杭州喆堃网络科技有限公司');
    expect(fieldValue(buyer, '统一社会信用代码/纳税人识别号')).toBe('91330106MA2H3K4L5P');
    expect(fieldValue(buyer, '开户行及账号')).toBe('招商银行杭州高新支行 571912345610801');
    const seller = screen.getByRole('region', { name: '销售方信息' });
    expect(fieldValue(seller, '名称')).toBe('上海优税通餐饮管理有限公司');
    expect(fieldValue(seller, '统一社会信用代码/纳税人识别号')).toBe('91310115MA1K4ABC2X');

    const table = screen.getByRole('table', { name: '项目明细' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(1 + invoice.lines.length);
    expect(
      within(rows[0] as HTMLElement)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['项目名称', '规格型号', '单位', '数量', '单价', '金额', '税率/征收率', '税额']);
    const cells = (index: number) =>
      within(rows[index] as HTMLElement)
        .getAllByRole('cell')
        .map((cell) => cell.textContent);
    expect(cells(1)).toEqual(['*餐饮服务*商务午餐', '', '份', '12', '93.39583333', '1,120.75', '6%', '67.25']);
    expect(cells(2)).toEqual(['*酒*绍兴黄酒（十年陈酿）', '500ml×6', '箱', '2', '316.815', '633.63', '13%', '82.37']);
    expect(cells(4)).toEqual(['*蔬菜*有机蔬菜', '', '千克', '3.5', '37', '129.50', '免税', '***']);
    expect(cells(5)).toEqual(['*现代服务*场地布置', '', '', '', '', '485.44', '3%', '14.56']);

    const sum = screen.getByLabelText('合计');
    expect(sum.textContent).toContain(formatYuan(invoice.netFen));
    expect(sum.textContent).toContain(formatYuan(invoice.taxFen));
    const total = screen.getByRole('region', { name: '价税合计' });
    expect(within(total).getByText(amountInCapitals(invoice.grossFen))).toBeTruthy();
    expect(within(total).getByText('壹万肆仟捌佰柒拾玖元壹角柒分')).toBeTruthy();
    expect(within(total).getByText('¥14,879.17')).toBeTruthy();

    expect(within(screen.getByRole('region', { name: '备注' })).getByText('项目：2025 年春季客户答谢会')).toBeTruthy();
    expect(fieldValue(sheet, '开票人')).toBe('王晓梅');
    expect(fieldValue(sheet, '交付至')).toBe('13800138000 finance@example.com');
  });

  test('a red 普票: the red marking, negative amounts and capitals, the reversed blue number and the confirmation form', () => {
    const invoice = redInvoice();
    renderPage(<InvoiceDocumentView invoice={invoice} />);

    expect(screen.getByRole('heading', { name: '电子发票（普通发票）' })).toBeTruthy();
    expect(screen.getByText('红字发票 · 销项负数')).toBeTruthy();
    const sheet = screen.getByRole('article');
    expect(fieldValue(sheet, '发票号码')).toBe('25332000000012349999');
    expect(fieldValue(sheet, '开票日期')).toBe('2025-04-02');

    const rows = within(screen.getByRole('table', { name: '项目明细' })).getAllByRole('row');
    expect(
      within(rows[1] as HTMLElement)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['*餐饮服务*商务午餐', '', '份', '-12', '93.39583333', '-1,120.75', '6%', '-67.25']);

    const total = screen.getByRole('region', { name: '价税合计' });
    expect(invoice.grossFen).toBe(-318_800);
    expect(within(total).getByText('（负数）叁仟壹佰捌拾捌元整')).toBeTruthy();
    expect(within(total).getByText('-¥3,188.00')).toBeTruthy();

    const remarks = screen.getByRole('region', { name: '备注' });
    expect(fieldValue(remarks, '被红冲蓝字数电发票号码')).toBe('25332000000012345678');
    expect(fieldValue(remarks, '蓝字发票开票日期')).toBe('2025-03-15');
    expect(fieldValue(remarks, '红字发票信息确认单编号')).toBe('33012025040200000123');
    expect(fieldValue(remarks, '红冲原因')).toBe('销货退回');
  });

  test('a discount line (折扣行) right under its line, marked 折扣, with negative amount and tax; totals and capitals include it', () => {
    const invoice = discountedInvoice();
    renderPage(<InvoiceDocumentView invoice={invoice} />);
    const rows = within(screen.getByRole('table', { name: '项目明细' })).getAllByRole('row');
    expect(rows).toHaveLength(1 + 3);
    const cells = (index: number) =>
      within(rows[index] as HTMLElement)
        .getAllByRole('cell')
        .map((cell) => cell.textContent);
    expect(cells(1)).toEqual(['*餐饮服务*商务午餐', '', '份', '12', '93.39583333', '1,120.75', '6%', '67.25']);
    expect(cells(2)).toEqual(['折扣*餐饮服务*商务午餐', '', '', '', '', '-112.08', '6%', '-6.72']);
    expect(
      within(rows[2] as HTMLElement)
        .getByText('折扣')
        .closest('.adm-tag'),
    ).toBeTruthy();
    expect(within(rows[1] as HTMLElement).queryByText('折扣')).toBeNull();
    expect(within(rows[3] as HTMLElement).queryByText('折扣')).toBeNull();

    expect(invoice.grossFen).toBe(178_520);
    const sum = screen.getByLabelText('合计');
    expect(sum.textContent).toContain('¥1,642.30');
    expect(sum.textContent).toContain('¥142.90');
    const total = screen.getByRole('region', { name: '价税合计' });
    expect(within(total).getByText(amountInCapitals(178_520))).toBeTruthy();
    expect(within(total).getByText('¥1,785.20')).toBeTruthy();
  });

  test('a partly reversed blue invoice says how much is left to reverse', () => {
    renderPage(<InvoiceDocumentView invoice={blueInvoice({ status: '部分红冲', leftFen: 1_168_750 })} />);
    expect(screen.getByText('部分红冲')).toBeTruthy();
    expect(screen.getByText('剩余可红冲 ¥11,687.50')).toBeTruthy();
  });

  test('a fully reversed one shows 已红冲', () => {
    renderPage(<InvoiceDocumentView invoice={blueInvoice({ status: '已红冲', leftFen: 0 })} />);
    expect(screen.getByText('已红冲')).toBeTruthy();
    expect(screen.queryByText(/剩余可红冲/)).toBeNull();
  });

  test('one being issued has no number or date yet', () => {
    renderPage(<InvoiceDocumentView invoice={blueInvoice({ status: '开具中', number: null, issuedAt: null })} />);
    expect(screen.getByText('开具中')).toBeTruthy();
    const sheet = screen.getByRole('article');
    expect(fieldValue(sheet, '发票号码')).toBe('开具后生成');
    expect(fieldValue(sheet, '开票日期')).toBe('—');
  });

  test('a failed one shows why', () => {
    renderPage(
      <InvoiceDocumentView
        invoice={blueInvoice({ status: '开具失败', number: null, issuedAt: null, failReason: '购买方纳税人识别号校验不通过' })}
      />,
    );
    expect(screen.getByText('开具失败')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe('购买方纳税人识别号校验不通过');
  });

  test('a natural person buyer without a tax number', () => {
    const base = blueInvoice();
    renderPage(
      <InvoiceDocumentView
        invoice={blueInvoice({
          type: '数电普票',
          buyer: { ...base.buyer, name: '张三', taxNumber: '', naturalPerson: true, bankName: '', bankAccount: '', address: '', phone: '' },
        })}
      />,
    );
    const buyer = screen.getByRole('region', { name: '购买方信息' });
    expect(fieldValue(buyer, '名称')).toBe('张三（个人）');
    expect(fieldValue(buyer, '统一社会信用代码/纳税人识别号')).toBe('无');
    expect(within(buyer).queryByText('开户行及账号')).toBeNull();
  });
});
