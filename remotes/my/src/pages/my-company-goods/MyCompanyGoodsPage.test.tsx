import { afterAll, afterEach, beforeAll, describe, expect, test } from '@rstest/core';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fail, ok, renderPage, userDetail } from '@app/host-sdk/testing';
import type { Goods } from '@app/contract/goods';
import MyCompanyGoodsPage from './MyCompanyGoodsPage';

function goods(id: string, overrides: Partial<Goods> = {}): Goods {
  return {
    id,
    name: id,
    taxCode: '3070401000000000000',
    taxShortName: '餐饮服务',
    model: '',
    unit: '份',
    unitPriceFen: 2550,
    taxRatePermille: 60,
    taxFree: null,
    ...overrides,
  };
}

const EMPLOYEE = userDetail({ nickname: '王芳', permissions: ['company_user_role'] });

/** The page, answered by a server of goods in memory: list (by keyword), delete (archiving `archivedIds`). */
function openList(initial: Goods[], options: { user?: ReturnType<typeof userDetail>; archivedIds?: string[] } = {}) {
  let items = [...initial];
  return renderPage(<MyCompanyGoodsPage />, {
    url: '/my/companyGoods',
    history: ['/my'],
    ...(options.user ? { user: options.user } : {}),
    calls: {
      'goods/list': ({ keyword }) => {
        const found = items.filter(
          (item) => !keyword || item.name.includes(String(keyword)) || item.taxShortName.includes(String(keyword)),
        );
        return ok({ total: found.length, list: found });
      },
      'goods/delete': ({ id }) => {
        items = items.filter((item) => item.id !== id);
        return ok({ id, archived: options.archivedIds?.includes(String(id)) ?? false });
      },
    },
  });
}

const card = (name: string) => screen.getByRole('article', { name });
const names = () => screen.queryAllByRole('article').map((node) => node.getAttribute('aria-label'));
const dialogButton = (name: string) => within(document.querySelector('.adm-dialog') as HTMLElement).getByRole('button', { name });

// happy-dom does no layout, and InfiniteScroll only loads when its element has an offsetParent.
const offsetParent = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'offsetParent');
beforeAll(() => {
  Object.defineProperty(HTMLElement.prototype, 'offsetParent', { configurable: true, get: () => document.body });
});
afterAll(() => {
  if (offsetParent) Object.defineProperty(HTMLElement.prototype, 'offsetParent', offsetParent);
});
afterEach(() => {
  cleanup();
  document.body.innerHTML = '';
});

describe('MyCompanyGoodsPage', () => {
  test('each row shows *简称*名称, model and unit, the unit price (or 未设单价) and the rate', async () => {
    openList([
      goods('工作餐', { model: '标准', unit: '份' }),
      goods('税务咨询', { taxShortName: '咨询服务', unitPriceFen: null, taxRatePermille: null, taxFree: '免税', unit: '' }),
      goods('保险', { taxShortName: '保险服务', taxRatePermille: null, taxFree: '不征税', unitPriceFen: 123456 }),
    ]);
    await waitFor(() => expect(names()).toEqual(['工作餐', '税务咨询', '保险']));
    expect(within(card('工作餐')).getByText('*餐饮服务*工作餐')).toBeTruthy();
    expect(within(card('工作餐')).getByText('规格 标准 · 单位 份')).toBeTruthy();
    expect(within(card('工作餐')).getByText('¥25.50')).toBeTruthy();
    expect(within(card('工作餐')).getByText('6%')).toBeTruthy();
    expect(within(card('税务咨询')).getByText('未设单价')).toBeTruthy();
    expect(within(card('税务咨询')).getByText('免税')).toBeTruthy();
    expect(within(card('保险')).getByText('¥1,234.56')).toBeTruthy();
    expect(within(card('保险')).getByText('不征税')).toBeTruthy();
  });

  test('a manager edits (tap the row or 编辑) and adds (新增商品)', async () => {
    const { router, url } = openList([goods('g-1', { name: '工作餐' })]);
    await waitFor(() => expect(names()).toEqual(['工作餐']));
    fireEvent.click(within(card('工作餐')).getByRole('button', { name: /^\*.*\*工作餐/ }));
    expect(url()).toBe('/my/companyGoods/add?id=g-1');
    await act(() => router.navigate(-1));
    fireEvent.click(within(card('工作餐')).getByRole('button', { name: '编辑' }));
    expect(url()).toBe('/my/companyGoods/add?id=g-1');
    await act(() => router.navigate(-1));
    fireEvent.click(screen.getByRole('button', { name: '新增商品' }));
    expect(url()).toBe('/my/companyGoods/add');
  });

  test('an employee sees the goods read-only: no 新增商品, 编辑 or 删除, a tap opens nothing', async () => {
    const { url } = openList([goods('工作餐')], { user: EMPLOYEE });
    await waitFor(() => expect(names()).toEqual(['工作餐']));
    expect(screen.queryByRole('button', { name: '新增商品' })).toBeNull();
    expect(within(card('工作餐')).queryByRole('button')).toBeNull();
    fireEvent.click(within(card('工作餐')).getByText('*餐饮服务*工作餐'));
    expect(url()).toBe('/my/companyGoods');
  });

  test('删除 asks first: 取消 keeps the goods, 删除 removes them', async () => {
    const { api } = openList([goods('工作餐'), goods('盒饭')]);
    await waitFor(() => expect(names()).toEqual(['工作餐', '盒饭']));
    fireEvent.click(within(card('工作餐')).getByRole('button', { name: '删除' }));
    expect(await screen.findByText('确定删除“工作餐”吗？')).toBeTruthy();
    fireEvent.click(dialogButton('取消'));
    await waitFor(() => expect(document.querySelector('.adm-dialog')).toBeNull());
    expect(api.bodiesOf('goods/delete')).toEqual([]);

    fireEvent.click(within(card('工作餐')).getByRole('button', { name: '删除' }));
    await screen.findByText('确定删除“工作餐”吗？');
    fireEvent.click(dialogButton('删除'));
    await waitFor(() => expect(names()).toEqual(['盒饭']));
    expect(api.bodiesOf('goods/delete')).toEqual([{ id: '工作餐' }]);
    expect(await screen.findByText('已删除')).toBeTruthy();
  });

  test('goods an invoice names are archived: 商品已被发票使用，已归档', async () => {
    openList([goods('工作餐')], { archivedIds: ['工作餐'] });
    await waitFor(() => expect(names()).toEqual(['工作餐']));
    fireEvent.click(within(card('工作餐')).getByRole('button', { name: '删除' }));
    await screen.findByText('确定删除“工作餐”吗？');
    fireEvent.click(dialogButton('删除'));
    expect(await screen.findByText('商品已被发票使用，已归档')).toBeTruthy();
    await waitFor(() => expect(names()).toEqual([]));
  });

  test('the search asks the server with the keyword; nothing found says so', async () => {
    const { api } = openList([goods('工作餐'), goods('税务咨询', { taxShortName: '咨询服务' })]);
    await waitFor(() => expect(names()).toEqual(['工作餐', '税务咨询']));
    fireEvent.change(screen.getByPlaceholderText('搜索商品名称或简称'), { target: { value: '咨询' } });
    await waitFor(() => expect(names()).toEqual(['税务咨询']));
    expect(api.bodiesOf('goods/list').at(-1)).toEqual({ keyword: '咨询', page: 1 });
    fireEvent.change(screen.getByPlaceholderText('搜索商品名称或简称'), { target: { value: '汽油' } });
    expect(await screen.findByText('没有找到相关商品')).toBeTruthy();
  });

  test('no goods: 还没有商品 with 新增商品 (for a manager; an employee gets no button)', async () => {
    const { url } = openList([]);
    expect(await screen.findByText('还没有商品')).toBeTruthy();
    expect(screen.getAllByRole('button', { name: '新增商品' })).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: '新增商品' }));
    expect(url()).toBe('/my/companyGoods/add');
    cleanup();
    openList([], { user: EMPLOYEE });
    expect(await screen.findByText('还没有商品')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '新增商品' })).toBeNull();
  });

  test('a list that fails to load offers 重试', async () => {
    const { api } = renderPage(<MyCompanyGoodsPage />, { url: '/my/companyGoods', calls: { 'goods/list': fail(5000, '服务暂时不可用') } });
    expect(await screen.findByText('服务暂时不可用')).toBeTruthy();
    api.route('goods/list', ok({ total: 1, list: [goods('工作餐')] }));
    fireEvent.click(screen.getByRole('button', { name: '重试' }));
    await waitFor(() => expect(names()).toEqual(['工作餐']));
  });
});
