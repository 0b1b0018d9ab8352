import { afterAll, afterEach, beforeAll, describe, expect, test } from '@rstest/core';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ok, renderPage } from '@app/host-sdk/testing';
import type { SubCode } from '../../features/sub-codes/sub-codes-api';
import MySubCodesPage from './MySubCodesPage';

function subCode(id: string, overrides: Partial<SubCode> = {}): SubCode {
  return {
    id,
    name: id,
    code: `S${id.length}ABC`,
    goodsId: null,
    goodsName: null,
    amountFen: null,
    enabled: true,
    shortPath: `/t/S${id.length}ABC`,
    createdAt: '2026-05-01T02:03:00.000Z',
    ...overrides,
  };
}

/** The list, answered by sub-codes in memory: list (with the keyword), save (enabled), delete. */
function openList(initial: SubCode[]) {
  let codes = [...initial];
  return renderPage(<MySubCodesPage />, {
    url: '/my/subCode/',
    calls: {
      'subCode/list': ({ keyword }) => {
        const found = codes.filter((code) => !keyword || code.name.includes(String(keyword)));
        return ok({ total: found.length, list: found });
      },
      'subCode/save': (body) => {
        codes = codes.map((code) => (code.id === body.id ? { ...code, enabled: Boolean(body.enabled) } : code));
        return ok(codes.find((code) => code.id === body.id));
      },
      'subCode/delete': ({ id }) => {
        codes = codes.filter((code) => code.id !== id);
        return ok({ id });
      },
    },
  });
}

const card = (name: string) => screen.getByRole('article', { name });
const names = () => screen.queryAllByRole('article').map((node) => node.getAttribute('aria-label'));
/** Taps a card and then an action of the sheet that opens. */
async function act_(name: string, action: string) {
  fireEvent.click(within(card(name)).getByRole('button'));
  const sheet = await waitFor(() => {
    const node = document.querySelector<HTMLElement>('.adm-action-sheet');
    if (!node) throw new Error('no action sheet');
    return node;
  });
  fireEvent.click(within(sheet).getByText(action, { selector: '.adm-action-sheet-button-item-name' }));
}

// happy-dom does no layout: antd-mobile's InfiniteScroll loads only when its element has an offsetParent.
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

describe('MySubCodesPage', () => {
  test('each row: name, 已启用 / 已停用, 固定收款 with goods and amount or 收款金额 由顾客输入, the code', async () => {
    openList([subCode('1 号收银台', { goodsId: 'g1', goodsName: '咖啡', amountFen: 123450 }), subCode('3 号桌', { enabled: false })]);
    await waitFor(() => expect(names()).toEqual(['1 号收银台', '3 号桌']));
    expect(document.title).toBe('子码管理');
    expect(within(card('1 号收银台')).getByText('已启用')).toBeTruthy();
    expect(within(card('1 号收银台')).getByText('咖啡 · ¥1,234.50')).toBeTruthy();
    expect(within(card('3 号桌')).getByText('已停用')).toBeTruthy();
    // 固定收款 names a fixed charge only; a code whose amount the customer types is not one.
    expect(within(card('1 号收银台')).getByText('固定收款')).toBeTruthy();
    expect(within(card('3 号桌')).queryByText('固定收款')).toBeNull();
    expect(within(card('3 号桌')).getByText('收款金额')).toBeTruthy();
    expect(within(card('3 号桌')).getByText('由顾客输入')).toBeTruthy();
  });

  test('the action sheet names the sub-code and its charge, the goods once when the code is named after them', async () => {
    openList([
      subCode('sc-1', { name: '龙井茶礼盒', goodsId: 'g1', goodsName: '龙井茶礼盒', amountFen: 26_800 }),
      subCode('sc-2', { name: '1 号收银台', goodsId: 'g2', goodsName: '咖啡', amountFen: 1_500 }),
      subCode('sc-3', { name: '3 号桌' }),
    ]);
    await waitFor(() => expect(names()).toEqual(['龙井茶礼盒', '1 号收银台', '3 号桌']));
    const sheetTitle = async (name: string) => {
      fireEvent.click(within(card(name)).getByRole('button'));
      const extra = await waitFor(() => {
        const node = document.querySelector<HTMLElement>('.adm-action-sheet-extra');
        if (!node) throw new Error('no action sheet');
        return node.textContent;
      });
      fireEvent.click(screen.getByText('取消'));
      await waitFor(() => expect(document.querySelector('.adm-action-sheet-extra')).toBeNull());
      return extra;
    };
    expect(await sheetTitle('龙井茶礼盒')).toBe('龙井茶礼盒 · ¥268.00');
    expect(await sheetTitle('1 号收银台')).toBe('1 号收银台 · 咖啡 · ¥15.00');
    expect(await sheetTitle('3 号桌')).toBe('3 号桌 · 金额由顾客输入');
  });

  test('a tap offers 编辑 and 二维码, which open their pages with the id; 新增子码 opens the form', async () => {
    const { router, url } = openList([subCode('sc-1', { name: '1 号收银台' })]);
    await waitFor(() => expect(names()).toEqual(['1 号收银台']));
    await act_('1 号收银台', '编辑');
    await waitFor(() => expect(url()).toBe('/my/subCode/edit?id=sc-1'));
    await act(() => router.navigate(-1));
    await act_('1 号收银台', '二维码');
    await waitFor(() => expect(url()).toBe('/my/subCode/qrcode?id=sc-1'));
    await act(() => router.navigate(-1));
    fireEvent.click(screen.getByRole('button', { name: '新增子码' }));
    expect(url()).toBe('/my/subCode/add');
  });

  test('停用 then 启用 save the flag with the rest unchanged; the tag follows', async () => {
    const { api } = openList([subCode('sc-1', { name: '1 号收银台', goodsId: 'g1', goodsName: '咖啡', amountFen: 1500 })]);
    await waitFor(() => expect(names()).toEqual(['1 号收银台']));
    await act_('1 号收银台', '停用');
    await waitFor(() => expect(within(card('1 号收银台')).getByText('已停用')).toBeTruthy());
    expect(await screen.findByText('已停用', { selector: '.adm-toast-main *' })).toBeTruthy();
    expect(api.bodiesOf('subCode/save')).toEqual([{ id: 'sc-1', name: '1 号收银台', goodsId: 'g1', amountFen: 1500, enabled: false }]);

    await act_('1 号收银台', '启用');
    await waitFor(() => expect(within(card('1 号收银台')).getByText('已启用')).toBeTruthy());
    expect(api.bodiesOf('subCode/save')[1]).toMatchObject({ id: 'sc-1', enabled: true });
  });

  test('删除 asks first: 取消 keeps it, 删除 removes it', async () => {
    const { api } = openList([subCode('sc-1', { name: '1 号收银台' }), subCode('sc-2', { name: '2 号收银台' })]);
    await waitFor(() => expect(names()).toEqual(['1 号收银台', '2 号收银台']));
    await act_('1 号收银台', '删除');
    expect(await screen.findByText('确定删除“1 号收银台”吗？删除后它的收款码将无法再使用。')).toBeTruthy();
    const dialog = () => document.querySelector('.adm-dialog') as HTMLElement;
    fireEvent.click(within(dialog()).getByRole('button', { name: '取消' }));
    await waitFor(() => expect(document.querySelector('.adm-dialog')).toBeNull());
    expect(api.bodiesOf('subCode/delete')).toEqual([]);

    await act_('1 号收银台', '删除');
    await screen.findByText('确定删除“1 号收银台”吗？删除后它的收款码将无法再使用。');
    fireEvent.click(within(dialog()).getByRole('button', { name: '删除' }));
    await waitFor(() => expect(names()).toEqual(['2 号收银台']));
    expect(api.bodiesOf('subCode/delete')).toEqual([{ id: 'sc-1' }]);
  });

  test('no sub-codes: the empty state offers 新增子码 (the only one)', async () => {
    const { url } = openList([]);
    expect(await screen.findByText('还没有子码，为收银台、门店或餐桌各建一个收款码')).toBeTruthy();
    expect(screen.getAllByRole('button', { name: '新增子码' })).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: '新增子码' }));
    expect(url()).toBe('/my/subCode/add');
  });
});
