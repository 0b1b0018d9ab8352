import { afterEach, beforeAll, beforeEach, describe, expect, rs, test } from '@rstest/core';
import { act, cleanup, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import type { Title } from '@app/domain/invoice-title';
import { TAX_NUMBER_MESSAGES } from '@app/domain/tax-number';
import * as actualApiClient from '@app/host-sdk/api-client' with { rstest: 'importActual' };
import { setupUi } from '@app/ui/setup';
import { Toast } from '@app/ui/toast';
import { answerCalls, failure, sequence } from '../../test-support/call-api-mock';
import type { Goods } from './blue-invoice-api';
import { BUYER_MESSAGES } from '@app/domain/invoice-buyer';

const api = rs.hoisted(() => ({ callApi: rs.fn() }));
const router = rs.hoisted(() => ({ navigate: rs.fn() }));
const dialogs = rs.hoisted(() => ({ ensureTaxReady: rs.fn(async () => true) }));
rs.mock('@app/host-sdk/api-client', () => ({ ...actualApiClient, callApi: api.callApi }));
rs.mock('@app/host-sdk/router', () => ({
  useNavigate: () => router.navigate,
  Link: ({ to, children, className }: { to: string; children: ReactNode; className?: string }) => (
    <a href={to} className={className}>
      {children}
    </a>
  ),
}));
rs.mock('@app/host-sdk/dialogs', () => ({ ensureTaxReady: dialogs.ensureTaxReady }));

const { BlueInvoiceForm } = await import('./BlueInvoiceForm');

const GOODS: Goods[] = [
  { id: 'goods-software', name: '软件技术服务', taxCode: '3040201990000000000', taxShortName: '信息技术服务', model: '', unit: '次', unitPriceFen: 100_000, taxRatePermille: 60, taxFree: null },
  { id: 'goods-paper', name: '办公用品', taxCode: '1060599000000000000', taxShortName: '纸制品', model: 'A4', unit: '箱', unitPriceFen: 15_800, taxRatePermille: 130, taxFree: null },
  { id: 'goods-vegetables', name: '农产品（蔬菜）', taxCode: '1010112000000000000', taxShortName: '蔬菜', model: '', unit: '千克', unitPriceFen: 600, taxRatePermille: null, taxFree: '免税' },
];

const TITLE: Title = {
  id: 'title-1',
  kind: '企业',
  name: '杭州西湖文化传媒有限公司',
  taxNumber: '91110000802100433B',
  address: '杭州市西湖区曙光路 120 号',
  phone: '0571-86001234',
  bankName: '招商银行杭州分行',
  bankAccount: '571908765410201',
  email: 'finance@xihu-media.cn',
  isDefault: true,
  createdAt: '2025-01-01T00:00:00.000Z',
};

const CREATED = { taskId: 'task-1', invoiceId: 'invoice-1' };

function routes(overrides: Record<string, unknown> = {}) {
  return answerCalls(api.callApi, {
    'goods/list': { total: GOODS.length, list: GOODS },
    'title/list': { total: 1, list: [TITLE] },
    'task/createBlueInvoiceTask': CREATED,
    ...overrides,
  });
}

const errors = () => Array.from(document.querySelectorAll('.adm-form-item-feedback-error')).map((node) => node.textContent);
const fieldOf = (label: string, index = 0) => {
  const item = screen.getAllByText(label, { selector: '.adm-form-item-label, .adm-form-item-label *' })[index]?.closest('.adm-form-item');
  if (!item) throw new Error(`no field ${label}`);
  return item as HTMLElement;
};
const inputOf = (label: string, index = 0) => within(fieldOf(label, index)).getByRole('textbox') as HTMLInputElement;
const type = (label: string, value: string, index = 0) => fireEvent.change(inputOf(label, index), { target: { value } });
const submit = () => fireEvent.click(screen.getByRole('button', { name: '开具发票' }));

async function pickGoods(name: string, line = 0) {
  fireEvent.click(screen.getAllByText(/选择开票商品|\*.+\*/)[line] ?? fieldOf('商品', line));
  const sheet = await screen.findByRole('dialog', { name: '选择商品' });
  fireEvent.click(await within(sheet).findByText(name));
  await waitFor(() => expect(screen.queryByRole('dialog', { name: '选择商品' })).toBeNull());
}

async function pickRate(label: string, line: number) {
  fireEvent.click(fieldOf('税率', line));
  fireEvent.click(await screen.findByText(label, { selector: '.adm-action-sheet-button-item-name' }));
}

async function pickTitle() {
  fireEvent.click(screen.getByText('从我的抬头中选择'));
  const sheet = await screen.findByRole('dialog', { name: '选择抬头' });
  fireEvent.click(await within(sheet).findByText(TITLE.name));
}

const figuresOf = (line: number) => (screen.getAllByLabelText('本行金额')[line] as HTMLElement).textContent;
const totalOf = (label: string) => (screen.getByText(label).closest('.adm-list-item') as HTMLElement).textContent;

// Form validation and the popups' loading take a few renders; a loaded machine needs more than the 1 s default.
configure({ asyncUtilTimeout: 5_000 });

beforeAll(() => setupUi());
beforeEach(() => {
  router.navigate.mockReset();
  dialogs.ensureTaxReady.mockReset();
  dialogs.ensureTaxReady.mockImplementation(async () => true);
});
afterEach(() => {
  cleanup();
  Toast.clear();
});

describe('BlueInvoiceForm', () => {
  test('net, tax, totals and the capital-numeral total follow the lines as they are typed', async () => {
    routes();
    render(<BlueInvoiceForm />);
    expect(totalOf('价税合计')).toContain('零元整');

    await pickGoods('软件技术服务');
    expect(inputOf('数量').value).toBe('1');
    expect(inputOf('含税单价').value).toBe('1000.00');
    expect(inputOf('含税金额').value).toBe('1000.00');
    expect(fieldOf('税率').textContent).toContain('6%');
    expect(figuresOf(0)).toContain('金额 ¥943.40');
    expect(figuresOf(0)).toContain('税额 ¥56.60');

    type('数量', '3');
    await waitFor(() => expect(inputOf('含税金额').value).toBe('3000.00'));
    expect(figuresOf(0)).toContain('金额 ¥2,830.19');
    expect(totalOf('合计金额')).toContain('¥2,830.19');
    expect(totalOf('合计税额')).toContain('¥169.81');
    expect(totalOf('价税合计')).toContain('¥3,000.00');
    expect(totalOf('价税合计')).toContain('（大写）叁仟元整');

    fireEvent.click(screen.getByText('+ 添加商品行'));
    await pickGoods('农产品（蔬菜）', 1);
    type('含税金额', '12.34', 1);
    await waitFor(() => expect(figuresOf(1)).toContain('金额 ¥12.34'));
    expect(figuresOf(1)).toContain('税额 ¥0.00');
    expect(totalOf('价税合计')).toContain('¥3,012.34');
    expect(totalOf('价税合计')).toContain('叁仟零壹拾贰元叁角肆分');

    await pickRate('13%', 0);
    await waitFor(() => expect(figuresOf(0)).toContain('金额 ¥2,654.87'));
    expect(totalOf('合计税额')).toContain('¥345.13');
  });

  test('a wrong tax number shows the domain’s message under the field as it is typed, in upper case', async () => {
    routes();
    render(<BlueInvoiceForm />);
    type('税号', '91110000802100433c');
    expect(inputOf('税号').value).toBe('91110000802100433C');
    await waitFor(() => expect(errors()).toEqual([TAX_NUMBER_MESSAGES.check]));
    expect(fieldOf('税号').textContent).toContain(TAX_NUMBER_MESSAGES.check);
    type('税号', '12#4');
    await waitFor(() => expect(errors()).toEqual([TAX_NUMBER_MESSAGES.shape]));
    type('税号', '91110000802100433B');
    await waitFor(() => expect(errors()).toEqual([]));
  });

  test('a 专票 without the buyer’s tax number is refused before anything is sent', async () => {
    const calls = routes();
    render(<BlueInvoiceForm />);
    fireEvent.click(screen.getByText('个人'));
    type('名称', '张晓');
    await pickGoods('软件技术服务');
    fireEvent.click(screen.getByText('数电专票'));
    submit();
    await waitFor(() => expect(errors()).toEqual([BUYER_MESSAGES.personForSpecial, BUYER_MESSAGES.taxNumberForSpecial]));
    expect(fieldOf('税号').textContent).toContain(BUYER_MESSAGES.taxNumberForSpecial);
    expect(dialogs.ensureTaxReady).not.toHaveBeenCalled();
    expect(calls.payloadsOf('task/createBlueInvoiceTask')).toEqual([]);

    // A person on a 普票 needs no tax number.
    fireEvent.click(screen.getByText('数电普票'));
    submit();
    await waitFor(() => expect(calls.payloadsOf('task/createBlueInvoiceTask')).toHaveLength(1));
  });

  test('submit: the tax bureau first, then the task with fen amounts and per-mille rates, then its detail page', async () => {
    const calls = routes();
    render(<BlueInvoiceForm />);
    await pickTitle();
    expect(inputOf('名称').value).toBe(TITLE.name);
    expect(inputOf('开户行').value).toBe(TITLE.bankName);
    expect(inputOf('接收邮箱').value).toBe(TITLE.email);
    await pickGoods('软件技术服务');
    type('数量', '2');
    fireEvent.click(screen.getByText('+ 添加商品行'));
    await pickGoods('办公用品', 1);
    type('含税金额', '150', 1);
    type('备注', '三月服务费');
    type('接收手机', '13800138000');
    submit();

    await waitFor(() => expect(router.navigate).toHaveBeenCalledWith('/invoice/task/detail?id=task-1'));
    expect(dialogs.ensureTaxReady).toHaveBeenCalledTimes(1);
    const createOrder = api.callApi.mock.invocationCallOrder[api.callApi.mock.calls.findIndex(([path]) => path === 'task/createBlueInvoiceTask')] ?? 0;
    expect(dialogs.ensureTaxReady.mock.invocationCallOrder[0]).toBeLessThan(createOrder);
    const [payload] = calls.payloadsOf('task/createBlueInvoiceTask') as Record<string, unknown>[];
    expect(payload).toEqual({
      requestSerial: expect.stringMatching(/^[0-9a-f]{32}$/),
      type: '数电普票',
      buyer: { name: TITLE.name, taxNumber: TITLE.taxNumber, address: TITLE.address, phone: TITLE.phone, bankName: TITLE.bankName, bankAccount: TITLE.bankAccount, naturalPerson: false },
      lines: [
        { goodsId: 'goods-software', quantity: '2', grossFen: 200_000, rate: 60 },
        { goodsId: 'goods-paper', quantity: '1', grossFen: 15_000, rate: 130 },
      ],
      remarks: '三月服务费',
      deliverPhone: '13800138000',
      deliverEmail: TITLE.email,
    });
    expect(api.callApi.mock.calls.find(([path]) => path === 'task/createBlueInvoiceTask')?.[2]).toEqual({ noRepeat: true });
    // The form starts over for the next invoice.
    await waitFor(() => expect(inputOf('名称').value).toBe(''));
  });

  test('a retry after a network error sends the same request serial; the next invoice gets a new one', async () => {
    const calls = routes({ 'task/createBlueInvoiceTask': sequence(failure(null, '请求失败,请重试'), CREATED) });
    render(<BlueInvoiceForm />);
    await pickTitle();
    await pickGoods('软件技术服务');
    submit();
    await waitFor(() => expect(calls.payloadsOf('task/createBlueInvoiceTask')).toHaveLength(1));
    await waitFor(() => expect(screen.getByRole('button', { name: '开具发票' }).hasAttribute('disabled')).toBe(false));
    expect(router.navigate).not.toHaveBeenCalled();

    submit();
    await waitFor(() => expect(router.navigate).toHaveBeenCalledWith('/invoice/task/detail?id=task-1'));
    const [first, second] = calls.payloadsOf('task/createBlueInvoiceTask') as { requestSerial: string }[];
    expect(second?.requestSerial).toBe(first?.requestSerial);

    await pickTitle();
    await pickGoods('办公用品');
    submit();
    await waitFor(() => expect(calls.payloadsOf('task/createBlueInvoiceTask')).toHaveLength(3));
    const third = calls.payloadsOf('task/createBlueInvoiceTask')[2] as { requestSerial: string };
    expect(third.requestSerial).not.toBe(first?.requestSerial);
  });

  test('nothing is sent when the tax-bureau dialogs are given up; the button is disabled while submitting', async () => {
    dialogs.ensureTaxReady.mockImplementation(async () => false);
    const calls = routes();
    render(<BlueInvoiceForm />);
    await pickTitle();
    await pickGoods('软件技术服务');
    submit();
    await waitFor(() => expect(dialogs.ensureTaxReady).toHaveBeenCalledTimes(1));
    expect(calls.payloadsOf('task/createBlueInvoiceTask')).toEqual([]);

    let answer: (value: unknown) => void = () => undefined;
    dialogs.ensureTaxReady.mockImplementation(async () => true);
    calls.route('task/createBlueInvoiceTask', () => new Promise((resolve) => (answer = resolve)));
    submit();
    await waitFor(() => expect(screen.getByRole('button', { name: /提交中/ }).hasAttribute('disabled')).toBe(true));
    await act(async () => answer(CREATED));
    await waitFor(() => expect(router.navigate).toHaveBeenCalledTimes(1));
  });

  test('a server refusal that names a field shows under it', async () => {
    routes({ 'task/createBlueInvoiceTask': failure(4004, '第 1 行的商品不存在') });
    render(<BlueInvoiceForm />);
    await pickTitle();
    await pickGoods('软件技术服务');
    submit();
    await waitFor(() => expect(fieldOf('商品').textContent).toContain('第 1 行的商品不存在'));
  });

  test('the compact form: buyer name and tax number, goods and amount; picking goods fills the amount', async () => {
    routes();
    render(<BlueInvoiceForm compact />);
    expect(screen.queryByText('数量')).toBeNull();
    expect(screen.queryByText('地址')).toBeNull();
    expect(screen.queryByText('备注')).toBeNull();
    await pickGoods('软件技术服务');
    expect(inputOf('含税金额').value).toBe('1000.00');
    expect(totalOf('价税合计')).toContain('金额 ¥943.40 · 税额 ¥56.60');
    expect(totalOf('价税合计')).toContain('壹仟元整');
  });
});
