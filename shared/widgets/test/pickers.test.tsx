import { afterEach, expect, rs, test } from '@rstest/core';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Goods } from '@app/contract/goods';
import type { Title } from '@app/domain/invoice-title';
import { ok, renderPage } from '@app/host-sdk/testing';
import { GoodsPicker } from '../src/goods-picker';
import { TitlePicker } from '../src/title-picker';

const TITLES: Title[] = [
  {
    id: 't1',
    kind: '企业',
    name: '杭州西湖文化传媒有限公司',
    taxNumber: '91110000802100433B',
    address: '',
    phone: '',
    bankName: '',
    bankAccount: '',
    email: '',
    isDefault: true,
    createdAt: '2025-01-01T00:00:00.000Z',
  },
  {
    id: 't2',
    kind: '个人',
    name: '张晓',
    taxNumber: '',
    address: '',
    phone: '',
    bankName: '',
    bankAccount: '',
    email: '',
    isDefault: false,
    createdAt: '2025-01-02T00:00:00.000Z',
  },
];

const GOODS: Goods[] = [
  {
    id: 'g1',
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
    id: 'g2',
    name: '农产品（蔬菜）',
    taxCode: '1010112000000000000',
    taxShortName: '蔬菜',
    model: '',
    unit: '千克',
    unitPriceFen: null,
    taxRatePermille: null,
    taxFree: '免税',
  },
];

afterEach(cleanup);

test("the title picker lists the user's titles with their kind, 默认 and tax number; a tap picks one", async () => {
  const pick = rs.fn();
  const { api } = renderPage(<TitlePicker visible onClose={() => undefined} onPick={pick} />, {
    calls: { 'title/list': ok({ total: 2, list: TITLES }) },
  });
  const sheet = await screen.findByRole('dialog', { name: '选择抬头' });
  const company = await within(sheet).findByRole('button', { name: /杭州西湖文化传媒有限公司/ });
  expect(within(company).getByText('默认')).toBeTruthy();
  expect(within(company).getByText('税号 91110000802100433B')).toBeTruthy();
  expect(within(sheet).getByText('未填写税号')).toBeTruthy();
  fireEvent.click(within(sheet).getByRole('button', { name: /张晓/ }));
  expect(pick).toHaveBeenCalledWith(TITLES[1]);
  expect(api.bodiesOf('title/list')).toEqual([{ page: 1 }]);
});

test('with no title yet it offers 新增抬头 where the page can add one, else asks to type the buyer', async () => {
  const close = rs.fn();
  const add = rs.fn();
  const none = ok({ total: 0, list: [] });
  renderPage(<TitlePicker visible onClose={close} onPick={() => undefined} onAdd={add} />, { calls: { 'title/list': none } });
  fireEvent.click(await screen.findByRole('button', { name: '新增抬头' }));
  expect(close).toHaveBeenCalled();
  expect(add).toHaveBeenCalled();
  cleanup();

  renderPage(<TitlePicker visible onClose={close} onPick={() => undefined} />, { calls: { 'title/list': none } });
  expect(await screen.findByText('还没有保存的发票抬头，请直接填写')).toBeTruthy();
  expect(screen.queryByRole('button', { name: '新增抬头' })).toBeNull();
});

test('the goods picker shows each goods as the invoice prints it, with its rate and price; 取消 closes it', async () => {
  const pick = rs.fn();
  const close = rs.fn();
  renderPage(<GoodsPicker title="选择固定商品" visible onClose={close} onPick={pick} />, {
    calls: { 'goods/list': ok({ total: 2, list: GOODS }) },
  });
  const sheet = await screen.findByRole('dialog', { name: '选择固定商品' });
  const paper = await within(sheet).findByRole('button', { name: '办公用品' });
  expect(within(paper).getByText('13%')).toBeTruthy();
  expect(within(paper).getByText('*纸制品*办公用品')).toBeTruthy();
  expect(within(paper).getByText('A4 · 单位 箱 · 含税单价 ¥158.00')).toBeTruthy();
  expect(within(within(sheet).getByRole('button', { name: '农产品（蔬菜）' })).getByText('免税')).toBeTruthy();
  fireEvent.click(paper);
  expect(pick).toHaveBeenCalledWith(GOODS[0]);
  fireEvent.click(within(sheet).getByRole('button', { name: '取消' }));
  expect(close).toHaveBeenCalled();
});

test('the goods picker searches once the user pauses, and with no goods offers 添加商品 (我的 → 商品)', async () => {
  const { api, url } = renderPage(<GoodsPicker visible onClose={() => undefined} onPick={() => undefined} />, {
    url: '/invoice/create',
    calls: { 'goods/list': (body) => ok(body.keyword ? { total: 0, list: [] } : { total: 0, list: [] }) },
  });
  fireEvent.change(await screen.findByPlaceholderText('搜索商品名称或税收分类'), { target: { value: ' 咖啡 ' } });
  expect(await screen.findByText('没有找到相关商品')).toBeTruthy();
  // The text follows the box at once; the search goes out after the pause (on a busy machine, after the text shows).
  await waitFor(() => expect(api.bodiesOf('goods/list')).toEqual([{ page: 1 }, { keyword: '咖啡', page: 1 }]));
  fireEvent.change(screen.getByPlaceholderText('搜索商品名称或税收分类'), { target: { value: '' } });
  fireEvent.click(await screen.findByRole('button', { name: '添加商品' }));
  await waitFor(() => expect(url()).toBe('/my/companyGoods/add'));
});
