import { afterEach, describe, expect, rs, test } from '@rstest/core';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { amountInCapitals } from '@app/domain/capital-numerals';
import type { InvoiceSummary } from '@app/domain/invoice-document';
import { formatYuan } from '@app/domain/money';
import { NO_REPEAT_MESSAGE, NO_REPEAT_WINDOW_MS, setApiErrorHandler } from '@app/host-sdk/api-client';
import { noAnswer, ok, renderPage, sequence, taxAccount, type Route } from '@app/host-sdk/testing';
import { blueInvoice, discountedInvoice } from '../../test-support/invoice-documents';
import { useListPageEnvironment } from '@app/ui/test-support/list-layout';
import { onPhoneInTimeZone } from '@app/domain/test-support/phone-time-zone';
import InvoiceReturnPage from './InvoiceReturnPage';

const BLUE = blueInvoice();
const TASK_ID = '9d1c6a9e-8b7a-4f0e-9c1d-2e3f4a5b6c7d';
const created = ok({ taskId: TASK_ID, invoiceId: 'red-1' });
/** Logged in at the tax bureau and authenticated today. */
const READY = ok(taxAccount({ loginState: '已登录', scanFaceState: '已认证', scanFaceTime: '2025-03-01T01:00:00.000Z' }));

/** The red-invoice page at `/invoice/return?<search>`, the tax bureau ready unless `calls` say otherwise. */
function openWith(calls: Record<string, Route>, search = `id=${BLUE.id}`) {
  return renderPage(<InvoiceReturnPage />, {
    url: `/invoice/return${search ? `?${search}` : ''}`,
    calls: { 'taxAccount/getTaxAccount': READY, ...calls },
  });
}

const choice = (group: string, label: string) => {
  const selector = screen.getByLabelText(group);
  return within(selector).getByText(label).closest('.adm-selector-item') as HTMLElement;
};
const lineField = (lineNo: number) => screen.getByLabelText('本次红冲（含税）', { selector: `#red-line-${lineNo}` }) as HTMLInputElement;
const lineBlock = (lineNo: number) => screen.getByRole('region', { name: new RegExp(`^第 ${lineNo} 行`) });

async function confirmDialog(): Promise<HTMLElement> {
  const dialog = (await screen.findByText('确认红冲')).closest<HTMLElement>('[role="dialog"]') as HTMLElement;
  await act(async () => {
    fireEvent.click(within(dialog).getByText('提交'));
  });
  return dialog;
}

useListPageEnvironment();
afterEach(async () => {
  cleanup();
  setApiErrorHandler(null);
  rs.useRealTimers();
  // A closing dialog leaves once its animation ends: the next test starts without it.
  await waitFor(() => expect(document.querySelector('.adm-dialog')).toBeNull());
});

describe('InvoiceReturnPage', () => {
  test('?id= preselects the invoice: buyer, number, date, 价税合计 and what is left', async () => {
    const { api } = openWith({ 'invoice/get': ok(blueInvoice({ status: '部分红冲', leftFen: 300_000 })) });
    const summary = await screen.findByLabelText('原蓝字发票');
    expect(api.bodiesOf('invoice/get')).toEqual([{ id: BLUE.id }]);
    expect(within(summary).getByText(BLUE.buyer.name)).toBeTruthy();
    expect(within(summary).getByText('25332000000012345678')).toBeTruthy();
    expect(within(summary).getByText('2025-03-15')).toBeTruthy();
    expect(within(summary).getByText(formatYuan(BLUE.grossFen))).toBeTruthy();
    expect(within(summary).getByText('¥3,000.00')).toBeTruthy();
  });

  test('部分: amounts checked against what is left as typed, the red net and tax shown; the payload carries the lines', async () => {
    const invoice = blueInvoice({ status: '部分红冲', leftFen: 120_000, leftByLine: { 1: 100_000, 2: 0, 3: 20_000, 4: 0, 5: 0 } });
    const { api, url } = openWith({ 'invoice/get': ok(invoice), 'task/createRedInvoiceTask': created });
    await screen.findByLabelText('原蓝字发票');
    fireEvent.click(choice('红冲原因', '销售折让'));
    fireEvent.click(choice('红冲方式', '部分红冲'));

    expect(within(lineBlock(1)).getByText('剩余可红冲 ¥1,000.00')).toBeTruthy();
    expect(within(lineBlock(2)).getByText('本行已全部红冲')).toBeTruthy();

    fireEvent.change(lineField(1), { target: { value: '1000.01' } });
    expect(within(lineBlock(1)).getByRole('alert').textContent).toBe('超出可红冲金额，最多 ¥1,000.00');
    fireEvent.change(lineField(1), { target: { value: '0' } });
    expect(within(lineBlock(1)).getByRole('alert').textContent).toBe('红冲金额应大于 0');
    fireEvent.change(lineField(1), { target: { value: '12.345' } });
    expect(within(lineBlock(1)).getByRole('alert').textContent).toBe('请输入正确的金额，最多两位小数');

    // A problem blocks the submit.
    fireEvent.click(screen.getByRole('button', { name: '提交红冲' }));
    expect(screen.queryByRole('dialog')).toBeNull();

    fireEvent.change(lineField(1), { target: { value: '100' } });
    expect(within(lineBlock(1)).queryByRole('alert')).toBeNull();
    expect(within(lineBlock(1)).getByText(/红字金额 -¥94\.34/)).toBeTruthy();
    expect(within(lineBlock(1)).getByText('税额 -¥5.66')).toBeTruthy();
    fireEvent.click(within(lineBlock(3)).getByText('全部'));
    expect(lineField(3).value).toBe('200.00');

    const totals = screen.getByLabelText('红字发票合计');
    expect(within(totals).getByText('-¥300.00')).toBeTruthy();
    expect(within(totals).getByText(amountInCapitals(-30_000))).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: '提交红冲' }));
    const dialog = await confirmDialog();
    expect(dialog.textContent).toContain('本次红冲 ¥300.00，确认提交？');
    await waitFor(() => expect(url()).toBe(`/invoice/task/detail?id=${TASK_ID}`));
    // The tax bureau was asked (ready) before the task was created.
    expect(api.calls.map((call) => call.path).filter((path) => /^(task|taxAccount)\//.test(path))).toEqual([
      'taxAccount/getTaxAccount',
      'task/createRedInvoiceTask',
    ]);
    const [payload] = api.bodiesOf('task/createRedInvoiceTask');
    expect(payload).toEqual({
      requestSerial: expect.stringMatching(/^[A-Za-z0-9_-]{8,64}$/),
      blueInvoiceId: BLUE.id,
      reason: '04',
      lines: [
        { lineNo: 1, grossFen: 10_000 },
        { lineNo: 3, grossFen: 20_000 },
      ],
    });
  });

  test('部分 of a discounted line: the pair whole or not at all, its discount line not offered alone; the payload names the line with the pair’s left', async () => {
    const invoice = discountedInvoice();
    const { api, url } = openWith({ 'invoice/get': ok(invoice), 'task/createRedInvoiceTask': created });
    await screen.findByLabelText('原蓝字发票');
    fireEvent.click(choice('红冲原因', '销货退回'));
    fireEvent.click(choice('红冲方式', '部分红冲'));

    expect(screen.getAllByRole('region', { name: /^第 \d+ 行/ }).map((block) => block.getAttribute('aria-label')?.split(' ')[1])).toEqual([
      '1',
      '3',
    ]);
    const pair = lineBlock(1);
    expect(pair.textContent).toContain('原价税合计 ¥1,069.20（含折扣 -¥118.80）');
    expect(within(pair).getByText('剩余可红冲 ¥1,069.20')).toBeTruthy();
    expect(within(pair).getByText('含折扣，整行红冲')).toBeTruthy();
    // No amount to type: a box to tick, the amount fixed to the pair's.
    expect(within(pair).queryByRole('textbox')).toBeNull();
    expect(within(pair).queryByText('全部')).toBeNull();
    const whole = lineField(1);
    expect(whole.type).toBe('checkbox');
    expect(whole.checked).toBe(false);

    fireEvent.click(whole);
    await waitFor(() => expect(lineField(1).checked).toBe(true));
    expect(within(pair).getByText(/红字金额 -¥1,008\.67/)).toBeTruthy();
    expect(within(pair).getByText('税额 -¥60.53')).toBeTruthy();
    fireEvent.change(lineField(3), { target: { value: '100' } });
    const totals = screen.getByLabelText('红字发票合计');
    expect(within(totals).getByText('-¥1,169.20')).toBeTruthy();
    expect(within(totals).getByText(amountInCapitals(-116_920))).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: '提交红冲' }));
    expect((await confirmDialog()).textContent).toContain('本次红冲 ¥1,169.20，确认提交？');
    await waitFor(() => expect(url()).toBe(`/invoice/task/detail?id=${TASK_ID}`));
    expect(api.bodiesOf('task/createRedInvoiceTask')).toEqual([
      {
        requestSerial: expect.any(String),
        blueInvoiceId: invoice.id,
        reason: '02',
        lines: [
          { lineNo: 1, grossFen: 106_920 },
          { lineNo: 3, grossFen: 10_000 },
        ],
      },
    ]);
  });

  test('开票有误 forces 全额 and disables 部分, saying why; the payload has no lines', async () => {
    const { api } = openWith({ 'invoice/get': ok(BLUE), 'task/createRedInvoiceTask': created });
    await screen.findByLabelText('原蓝字发票');
    fireEvent.click(choice('红冲方式', '部分红冲'));
    expect(screen.getAllByLabelText('本次红冲（含税）').length).toBeGreaterThan(0);

    fireEvent.click(choice('红冲原因', '开票有误'));
    expect(choice('红冲方式', '部分红冲').className).toContain('adm-selector-item-disabled');
    expect(choice('红冲方式', '全额红冲').className).toContain('adm-selector-item-active');
    expect(screen.getByText('“开票有误”只能全额红冲：整张发票冲销后，再重新开具正确的发票。')).toBeTruthy();
    expect(screen.queryAllByLabelText('本次红冲（含税）')).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: '提交红冲' }));
    expect((await confirmDialog()).textContent).toContain(`本次红冲 ${formatYuan(BLUE.grossFen)}，确认提交？`);
    await waitFor(() =>
      expect(api.bodiesOf('task/createRedInvoiceTask')).toEqual([
        { requestSerial: expect.any(String), blueInvoiceId: BLUE.id, reason: '01' },
      ]),
    );
  });

  test('a partly reversed invoice cannot be reversed as 开票有误; a reason is required', async () => {
    openWith({ 'invoice/get': ok(blueInvoice({ status: '部分红冲', leftFen: 5000 })) });
    await screen.findByLabelText('原蓝字发票');
    expect(choice('红冲原因', '开票有误').className).toContain('adm-selector-item-disabled');
    expect(screen.getByText(/该发票已部分红冲，不能再选“开票有误”/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '提交红冲' }));
    expect(await screen.findByText('请选择红冲原因')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  test('a failed submit keeps the form; trying again (not within 2 s) sends the same request serial; no tax-bureau login, no task', async () => {
    // The clock stands still until the test moves it: a repeat within 2 s is one whatever the machine's speed.
    rs.useFakeTimers({ toFake: ['Date'] });
    const toldTheCatalogue: string[] = [];
    setApiErrorHandler((error) => toldTheCatalogue.push(error.message));
    const { api, url } = openWith({
      'invoice/get': ok(BLUE),
      'taxAccount/getTaxAccount': ok(taxAccount()),
      'task/createRedInvoiceTask': sequence(noAnswer(), created),
    });
    await screen.findByLabelText('原蓝字发票');
    fireEvent.click(choice('红冲原因', '销货退回'));

    // Not logged in at the tax bureau: 登录授权 opens, and the user closes it.
    fireEvent.click(screen.getByRole('button', { name: '提交红冲' }));
    await confirmDialog();
    const login = await screen.findByRole('dialog', { name: '登录授权' });
    await within(login).findByText('短信授权');
    fireEvent.click(login.querySelector('.adm-center-popup-close') as Element);
    expect(await screen.findByText('请先完成电子税务局登录和今日刷脸认证')).toBeTruthy();
    expect(api.bodiesOf('task/createRedInvoiceTask')).toEqual([]);

    api.route('taxAccount/getTaxAccount', READY);
    fireEvent.click(screen.getByRole('button', { name: '提交红冲' }));
    await confirmDialog();
    await waitFor(() => expect(api.bodiesOf('task/createRedInvoiceTask')).toHaveLength(1));
    await waitFor(() => expect(toldTheCatalogue).toEqual(['请求失败,请重试']));
    expect(url()).toBe(`/invoice/return?id=${BLUE.id}`);

    // At once again: refused on the phone (a no-repeat call), nothing sent.
    fireEvent.click(screen.getByRole('button', { name: '提交红冲' }));
    await confirmDialog();
    await waitFor(() => expect(toldTheCatalogue).toEqual(['请求失败,请重试', NO_REPEAT_MESSAGE]));
    expect(api.bodiesOf('task/createRedInvoiceTask')).toHaveLength(1);

    rs.setSystemTime(Date.now() + NO_REPEAT_WINDOW_MS);
    fireEvent.click(screen.getByRole('button', { name: '提交红冲' }));
    await confirmDialog();
    await waitFor(() => expect(url()).toBe(`/invoice/task/detail?id=${TASK_ID}`));
    const [first, second] = api.bodiesOf('task/createRedInvoiceTask');
    expect(second).toEqual(first);
    expect(first).toEqual({ requestSerial: expect.any(String), blueInvoiceId: BLUE.id, reason: '02' });
  });

  test('without ?id=: the blue invoices still reversible (已开具 and 部分红冲, merged newest first); a tap chooses one', async () => {
    const row = (id: string, status: InvoiceSummary['status'], createdAt: string, buyerName: string): InvoiceSummary => ({
      id,
      kind: 'blue',
      type: '数电普票',
      status,
      number: `2533200000000000000${id.slice(-1)}`,
      issuedAt: createdAt,
      netFen: 10_000,
      taxFen: 600,
      grossFen: 10_600,
      leftFen: status === '部分红冲' ? 5_000 : 10_600,
      failReason: null,
      taskId: null,
      createdAt,
      buyerName,
      buyerTaxNumber: '',
    });
    const issued = [row('b-1', '已开具', '2025-03-03T00:00:00.000Z', '甲公司'), row('b-3', '已开具', '2025-03-01T00:00:00.000Z', '丙公司')];
    const partly = [row('b-2', '部分红冲', '2025-03-02T00:00:00.000Z', '乙公司')];
    const { api } = openWith(
      {
        'invoice/list': ({ status }) => {
          const list = status === '已开具' ? issued : partly;
          return ok({ total: list.length, list });
        },
        'invoice/get': ok(BLUE),
      },
      '',
    );
    await waitFor(() => expect(screen.getAllByRole('button', { name: /公司 / })).toHaveLength(3));
    expect(screen.getAllByRole('button', { name: /公司 / }).map((node) => node.getAttribute('aria-label')?.split(' ')[0])).toEqual([
      '甲公司',
      '乙公司',
      '丙公司',
    ]);
    expect(api.bodiesOf('invoice/list')).toEqual([
      { kind: 'blue', status: '已开具', page: 1 },
      { kind: 'blue', status: '部分红冲', page: 1 },
    ]);
    expect(screen.getByText('可红冲 ¥50.00')).toBeTruthy();

    fireEvent.change(screen.getByPlaceholderText('搜索购买方名称或发票号码后几位'), { target: { value: '乙' } });
    await waitFor(() => expect(api.bodiesOf('invoice/list')).toContainEqual({ kind: 'blue', status: '部分红冲', keyword: '乙', page: 1 }));

    fireEvent.click(screen.getAllByRole('button', { name: /乙公司 / })[0] as HTMLElement);
    await screen.findByLabelText('原蓝字发票');
    expect(api.bodiesOf('invoice/get')).toEqual([{ id: 'b-2' }]);
  });

  test('按号码查找: the number is checked with the domain rule', async () => {
    openWith({}, '');
    fireEvent.click(screen.getByRole('tab', { name: '按号码查找' }));
    const number = screen.getByPlaceholderText('20 位数电发票号码');
    fireEvent.change(number, { target: { value: '2599' } });
    expect(screen.queryByText('发票号码应为 20 位数字')).toBeNull();
    fireEvent.change(number, { target: { value: '25990000000000000001' } });
    expect(await screen.findByText('发票号码的地区代码不正确，请核对')).toBeTruthy();
    fireEvent.change(number, { target: { value: '2533' } });
    fireEvent.click(screen.getByRole('button', { name: '查找发票' }));
    expect(await screen.findByText('发票号码应为 20 位数字')).toBeTruthy();
    expect(screen.getByText('请选择开票日期')).toBeTruthy();
  });
});

describe('按号码查找 on a phone in Los Angeles at 04:00 on 1 December in Beijing (still 30 November there)', () => {
  onPhoneInTimeZone('America/Los_Angeles');

  test('开票日期 opens on today in China, and the default day is the one searched', async () => {
    rs.useFakeTimers({ toFake: ['Date'] });
    rs.setSystemTime(new Date('2026-11-30T20:00:00.000Z'));
    const { api } = openWith({ 'invoice/findBlue': ok(BLUE) }, '');
    fireEvent.click(screen.getByRole('tab', { name: '按号码查找' }));
    fireEvent.change(screen.getByPlaceholderText('20 位数电发票号码'), { target: { value: BLUE.number } });
    fireEvent.click(screen.getByText('请选择'));
    await screen.findByText('选择开票日期');
    expect(screen.getAllByRole('button', { name: /^当前选择的是：/ }).map((wheel) => wheel.getAttribute('aria-label'))).toEqual([
      '当前选择的是：2026年',
      '当前选择的是：12月',
      '当前选择的是：1日',
    ]);
    fireEvent.click(screen.getByText('确定'));
    expect(await screen.findByText('2026-12-01')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '查找发票' }));
    await waitFor(() => expect(api.bodiesOf('invoice/findBlue')).toEqual([{ number: BLUE.number, issueDate: '2026-12-01' }]));
  });
});
