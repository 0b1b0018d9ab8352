import { afterEach, describe, expect, rs, test } from '@rstest/core';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { DISCOUNT_MESSAGES } from '@app/domain/discount-line';
import { BUYER_MESSAGES } from '@app/domain/invoice-buyer';
import type { Title } from '@app/domain/invoice-title';
import { TAX_NUMBER_MESSAGES } from '@app/domain/tax-number';
import { NO_REPEAT_MESSAGE, NO_REPEAT_WINDOW_MS, setApiErrorHandler, type ApiError } from '@app/host-sdk/api-client';
import { fail, noAnswer, ok, renderPage, sequence, taxAccount, type Answer, type Route } from '@app/host-sdk/testing';
import type { Goods } from '@app/contract/goods';
import { BlueInvoiceForm } from './BlueInvoiceForm';

const GOODS: Goods[] = [
  {
    id: 'goods-software',
    name: '软件技术服务',
    taxCode: '3040201990000000000',
    taxShortName: '信息技术服务',
    model: '',
    unit: '次',
    unitPriceFen: 100_000,
    taxRatePermille: 60,
    taxFree: null,
  },
  {
    id: 'goods-paper',
    name: '办公用品',
    taxCode: '1060599000000000000',
    taxShortName: '纸制品',
    model: 'A4',
    unit: '箱',
    unitPriceFen: 15_800,
    taxRatePermille: 130,
    taxFree: null,
  },
  {
    id: 'goods-vegetables',
    name: '农产品（蔬菜）',
    taxCode: '1010112000000000000',
    taxShortName: '蔬菜',
    model: '',
    unit: '千克',
    unitPriceFen: 600,
    taxRatePermille: null,
    taxFree: '免税',
  },
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

const CREATED = ok({ taskId: 'task-1', invoiceId: 'invoice-1' });
/** Logged in at the tax bureau and authenticated today: ensureTaxReady lets the submit through at once. */
const READY = ok(taxAccount({ loginState: '已登录', scanFaceState: '已认证', scanFaceTime: '2025-03-01T01:00:00.000Z' }));

/** The form on the full create page, with the company's goods and titles and a ready tax account, unless told. */
function openForm(calls: Record<string, Route> = {}, compact = false) {
  return renderPage(<BlueInvoiceForm compact={compact} />, {
    url: '/invoice/create',
    calls: {
      'goods/list': ok({ total: GOODS.length, list: GOODS }),
      'title/list': ok({ total: 1, list: [TITLE] }),
      'taxAccount/getTaxAccount': READY,
      'task/createBlueInvoiceTask': CREATED,
      ...calls,
    },
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
const discountFiguresOf = (index: number) => (screen.getAllByLabelText('折扣行金额')[index] as HTMLElement).textContent;
/** 添加折扣 under the n-th line that has no discount yet. */
const addDiscount = (index = 0) => fireEvent.click(screen.getAllByRole('button', { name: '+ 添加折扣' })[index] as HTMLElement);
const totalOf = (label: string) => (screen.getByText(label).closest('.adm-list-item') as HTMLElement).textContent;

afterEach(() => {
  cleanup();
  setApiErrorHandler(null);
  rs.useRealTimers();
});

describe('BlueInvoiceForm', () => {
  test('net, tax, totals and the capital-numeral total follow the lines as they are typed', async () => {
    openForm();
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
    openForm();
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
    const { api } = openForm();
    fireEvent.click(screen.getByText('个人'));
    type('名称', '张晓');
    await pickGoods('软件技术服务');
    fireEvent.click(screen.getByText('数电专票'));
    submit();
    await waitFor(() => expect(errors()).toEqual([BUYER_MESSAGES.personForSpecial, BUYER_MESSAGES.taxNumberForSpecial]));
    expect(fieldOf('税号').textContent).toContain(BUYER_MESSAGES.taxNumberForSpecial);
    // Not even the tax bureau is asked.
    expect(api.bodiesOf('taxAccount/getTaxAccount')).toEqual([]);
    expect(api.bodiesOf('task/createBlueInvoiceTask')).toEqual([]);

    // A person on a 普票 needs no tax number.
    fireEvent.click(screen.getByText('数电普票'));
    submit();
    await waitFor(() => expect(api.bodiesOf('task/createBlueInvoiceTask')).toHaveLength(1));
  });

  test('submit: the tax bureau first, then the task with fen amounts and per-mille rates, then its detail page', async () => {
    const { api, router, url } = openForm();
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

    await waitFor(() => expect(url()).toBe('/invoice/task/detail?id=task-1'));
    // The tax account is asked once (logged in, authenticated today), before the task is created.
    expect(api.calls.map((call) => call.path).filter((path) => path.startsWith('task/') || path.startsWith('taxAccount/'))).toEqual([
      'taxAccount/getTaxAccount',
      'task/createBlueInvoiceTask',
    ]);
    const [payload] = api.bodiesOf('task/createBlueInvoiceTask');
    expect(payload).toEqual({
      requestSerial: expect.stringMatching(/^[0-9a-f]{32}$/),
      type: '数电普票',
      buyer: {
        name: TITLE.name,
        taxNumber: TITLE.taxNumber,
        address: TITLE.address,
        phone: TITLE.phone,
        bankName: TITLE.bankName,
        bankAccount: TITLE.bankAccount,
        naturalPerson: false,
      },
      lines: [
        { goodsId: 'goods-software', quantity: '2', grossFen: 200_000, rate: 60 },
        { goodsId: 'goods-paper', quantity: '1', grossFen: 15_000, rate: 130 },
      ],
      remarks: '三月服务费',
      deliverPhone: '13800138000',
      deliverEmail: TITLE.email,
    });
    expect(await screen.findByText('已提交开票')).toBeTruthy();
    // Back on the form, it starts over for the next invoice.
    await act(() => router.navigate(-1));
    await waitFor(() => expect(inputOf('名称').value).toBe(''));
  });

  test('a retry after a network error sends the same request serial (not within 2 s: 请勿重复提交); the next invoice gets a new one', async () => {
    // The clock stands still until the test moves it: a repeat within 2 s is one whatever the machine's speed.
    rs.useFakeTimers({ toFake: ['Date'] });
    const toldTheCatalogue: string[] = [];
    setApiErrorHandler((error: ApiError) => toldTheCatalogue.push(error.message));
    const { api, router, url } = openForm({ 'task/createBlueInvoiceTask': sequence(noAnswer(), CREATED) });
    await pickTitle();
    await pickGoods('软件技术服务');
    submit();
    await waitFor(() => expect(api.bodiesOf('task/createBlueInvoiceTask')).toHaveLength(1));
    await waitFor(() => expect(screen.getByRole('button', { name: '开具发票' }).hasAttribute('disabled')).toBe(false));
    expect(toldTheCatalogue).toEqual(['请求失败,请重试']);
    expect(url()).toBe('/invoice/create');

    // The same request again at once is refused on the phone (a no-repeat call): nothing is sent.
    submit();
    await waitFor(() => expect(toldTheCatalogue).toEqual(['请求失败,请重试', NO_REPEAT_MESSAGE]));
    expect(api.bodiesOf('task/createBlueInvoiceTask')).toHaveLength(1);

    rs.setSystemTime(Date.now() + NO_REPEAT_WINDOW_MS);
    submit();
    await waitFor(() => expect(url()).toBe('/invoice/task/detail?id=task-1'));
    const [first, second] = api.bodiesOf('task/createBlueInvoiceTask') as { requestSerial: string }[];
    expect(second?.requestSerial).toBe(first?.requestSerial);

    await act(() => router.navigate(-1));
    await pickTitle();
    await pickGoods('办公用品');
    submit();
    await waitFor(() => expect(api.bodiesOf('task/createBlueInvoiceTask')).toHaveLength(3));
    const third = api.bodiesOf('task/createBlueInvoiceTask')[2] as { requestSerial: string };
    expect(third.requestSerial).not.toBe(first?.requestSerial);
  });

  test('nothing is sent when the tax-bureau dialogs are given up; the button is disabled while submitting', async () => {
    const { api, url } = openForm({ 'taxAccount/getTaxAccount': ok(taxAccount()) });
    await pickTitle();
    await pickGoods('软件技术服务');
    submit();
    // Not logged in at the tax bureau: the host's 登录授权 opens, and the user closes it.
    const login = await screen.findByRole('dialog', { name: '登录授权' });
    await within(login).findByText('短信授权');
    fireEvent.click(document.querySelector('.adm-center-popup-close') as Element);
    await waitFor(() => expect(screen.getByRole('button', { name: '开具发票' }).hasAttribute('disabled')).toBe(false));
    expect(api.bodiesOf('task/createBlueInvoiceTask')).toEqual([]);

    let answer: (value: Answer) => void = () => undefined;
    api.route('taxAccount/getTaxAccount', READY);
    api.route('task/createBlueInvoiceTask', () => new Promise<Answer>((resolve) => (answer = resolve)));
    submit();
    await waitFor(() => expect(screen.getByRole('button', { name: /提交中/ }).hasAttribute('disabled')).toBe(true));
    await waitFor(() => expect(api.bodiesOf('task/createBlueInvoiceTask')).toHaveLength(1));
    await act(async () => answer(CREATED));
    await waitFor(() => expect(url()).toBe('/invoice/task/detail?id=task-1'));
  });

  test('the fields a refusal of the server names (result.fields, by their path in the request) show its messages under them', async () => {
    openForm({
      'task/createBlueInvoiceTask': fail(4000, '第 1 行：税额与金额 × 税率相差超过 0.06 元', {
        fields: { 'lines.0.grossFen': '税额与金额 × 税率相差超过 0.06 元', 'buyer.taxNumber': '纳税人识别号校验位不正确' },
      }),
    });
    await pickTitle();
    await pickGoods('软件技术服务');
    submit();
    await waitFor(() => expect(fieldOf('含税金额').textContent).toContain('税额与金额 × 税率相差超过 0.06 元'));
    expect(fieldOf('税号').textContent).toContain('纳税人识别号校验位不正确');
  });

  test('the compact form: buyer name and tax number, goods and amount; picking goods fills the amount', async () => {
    openForm({}, true);
    expect(screen.queryByText('数量')).toBeNull();
    expect(screen.queryByText('地址')).toBeNull();
    expect(screen.queryByText('备注')).toBeNull();
    await pickGoods('软件技术服务');
    expect(inputOf('含税金额').value).toBe('1000.00');
    expect(totalOf('价税合计')).toContain('金额 ¥943.40 · 税额 ¥56.60');
    expect(totalOf('价税合计')).toContain('壹仟元整');
  });

  test('a discount by amount and one by percentage: the discount lines’ negative figures, totals and capitals include them; the request carries them', async () => {
    const { api, url } = openForm();
    await pickTitle();
    await pickGoods('软件技术服务');
    addDiscount();
    expect(fieldOf('折扣方式').textContent).toContain('按金额');
    type('折扣金额', '100');
    // ¥100.00 off a ¥1,000.00 line at 6 %: the discount line is -¥94.34 and -¥5.66 of tax.
    await waitFor(() => expect(discountFiguresOf(0)).toContain('金额 -¥94.34'));
    expect(discountFiguresOf(0)).toContain('折扣');
    expect(discountFiguresOf(0)).toContain('税额 -¥5.66');
    expect(totalOf('合计金额')).toContain('¥849.06');
    expect(totalOf('合计税额')).toContain('¥50.94');
    expect(totalOf('价税合计')).toContain('¥900.00');
    expect(totalOf('价税合计')).toContain('（大写）玖佰元整');

    fireEvent.click(screen.getByText('+ 添加商品行'));
    await pickGoods('办公用品', 1);
    addDiscount();
    fireEvent.click(within(fieldOf('折扣方式', 1)).getByText('按比例'));
    type('折扣比例', '12.5');
    // 12.5 % of ¥158.00 is ¥19.75 off, at 13 %.
    await waitFor(() => expect(discountFiguresOf(1)).toContain('金额 -¥17.48'));
    expect(discountFiguresOf(1)).toContain('税额 -¥2.27');
    expect(totalOf('价税合计')).toContain('¥1,038.25');
    expect(totalOf('价税合计')).toContain('壹仟零叁拾捌元贰角伍分');
    expect(errors()).toEqual([]);

    submit();
    await waitFor(() => expect(url()).toBe('/invoice/task/detail?id=task-1'));
    const [payload] = api.bodiesOf('task/createBlueInvoiceTask') as { lines: unknown[] }[];
    expect(payload?.lines).toEqual([
      { goodsId: 'goods-software', quantity: '1', grossFen: 100_000, rate: 60, discount: { kind: 'amount', fen: 10_000 } },
      { goodsId: 'goods-paper', quantity: '1', grossFen: 15_800, rate: 130, discount: { kind: 'percent', percent: '12.5' } },
    ]);
  });

  test('a discount over the line, of nothing or malformed shows the domain’s message under it and nothing is sent; 删除折扣 takes it off', async () => {
    const { api } = openForm();
    await pickTitle();
    await pickGoods('软件技术服务');
    addDiscount();
    submit();
    await waitFor(() => expect(errors()).toEqual(['请填写折扣']));

    type('折扣金额', '1000.01');
    await waitFor(() => expect(fieldOf('折扣金额').textContent).toContain(DISCOUNT_MESSAGES.exceeds));
    expect(screen.getAllByText('折扣不能超过该行金额')).toHaveLength(1);
    expect(totalOf('价税合计')).toContain('¥1,000.00');
    type('折扣金额', '0');
    await waitFor(() => expect(errors()).toEqual([DISCOUNT_MESSAGES.zero]));
    fireEvent.click(within(fieldOf('折扣方式')).getByText('按比例'));
    type('折扣比例', '100.5');
    await waitFor(() => expect(errors()).toEqual([DISCOUNT_MESSAGES.shape]));
    // The whole line is the most a discount takes off; a smaller line amount makes the same discount too much.
    type('折扣比例', '100');
    await waitFor(() => expect(errors()).toEqual([]));
    expect(totalOf('价税合计')).toContain('（大写）零元整');
    fireEvent.click(within(fieldOf('折扣方式')).getByText('按金额'));
    type('折扣金额', '600');
    type('含税金额', '500');
    await waitFor(() => expect(errors()).toEqual([DISCOUNT_MESSAGES.exceeds]));

    submit();
    await waitFor(() => expect(screen.getByRole('button', { name: '开具发票' }).hasAttribute('disabled')).toBe(false));
    expect(api.bodiesOf('task/createBlueInvoiceTask')).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: '删除折扣' }));
    await waitFor(() => expect(screen.queryByLabelText('折扣行金额')).toBeNull());
    expect(errors()).toEqual([]);
    expect(totalOf('价税合计')).toContain('¥500.00');
    submit();
    await waitFor(() => expect(api.bodiesOf('task/createBlueInvoiceTask')).toHaveLength(1));
    expect((api.bodiesOf('task/createBlueInvoiceTask')[0] as { lines: unknown[] }).lines).toEqual([
      { goodsId: 'goods-software', quantity: '1', grossFen: 50_000, rate: 60 },
    ]);
  });

  test('the server’s refusal of a line’s discount (lines.0.discount) shows under that line’s discount', async () => {
    openForm({
      'task/createBlueInvoiceTask': fail(4000, '第 1 行：折扣不能超过该行金额', { fields: { 'lines.0.discount': '折扣不能超过该行金额' } }),
    });
    await pickTitle();
    await pickGoods('软件技术服务');
    addDiscount();
    type('折扣金额', '10');
    submit();
    await waitFor(() => expect(fieldOf('折扣金额').textContent).toContain('折扣不能超过该行金额'));
    expect(fieldOf('含税金额').textContent).not.toContain('折扣');
  });

  test('the compact form offers no discount', async () => {
    openForm({}, true);
    await pickGoods('软件技术服务');
    expect(screen.queryByRole('button', { name: '+ 添加折扣' })).toBeNull();
  });
});
