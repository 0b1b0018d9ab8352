import { afterAll, afterEach, beforeAll, describe, expect, test } from '@rstest/core';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fail, ok, renderPage } from '@app/host-sdk/testing';
import type { Goods } from '@app/contract/goods';
import type { SubCode } from '../../features/sub-codes/sub-codes-api';
import SubCodeFormPage from './SubCodeFormPage';

const COFFEE: Goods = {
  id: 'g-1',
  name: '美式咖啡',
  taxCode: '3070401000000000000',
  taxShortName: '餐饮服务',
  model: '',
  unit: '杯',
  unitPriceFen: 1800,
  taxRatePermille: 60,
  taxFree: null,
};
const STORED: SubCode = {
  id: 'sc-1',
  name: '1 号收银台',
  code: 'S8K2QW',
  goodsId: 'g-1',
  goodsName: '美式咖啡',
  amountFen: 1800,
  enabled: true,
  shortPath: '/t/S8K2QW',
  createdAt: '2026-05-01T02:03:00.000Z',
};

function openForm(
  url: string,
  calls: Parameters<typeof renderPage>[1] extends infer O ? (O extends { calls?: infer C } ? C : never) : never = {},
) {
  return renderPage(<SubCodeFormPage />, {
    url,
    history: ['/my/subCode/'],
    calls: {
      'goods/list': ok({ total: 1, list: [COFFEE] }),
      'subCode/save': (body) => ok({ ...STORED, ...body, id: body.id ?? 'sc-new' }),
      ...calls,
    },
  });
}

const field = (label: string) => screen.getByText(label, { selector: '.adm-form-item-label' }).closest('.adm-form-item') as HTMLElement;
const errors = () => Array.from(document.querySelectorAll('.adm-form-item-feedback-error')).map((node) => node.textContent);
const nameInput = () => screen.getByPlaceholderText('如：1 号收银台');
const amountInput = () => screen.getByPlaceholderText('不固定则留空');
const save = () => fireEvent.click(screen.getByRole('button', { name: '保存' }));

async function pickCoffee() {
  fireEvent.click(screen.getByRole('button', { name: '不固定，点此选择' }));
  const picker = await screen.findByRole('dialog', { name: '选择固定商品' });
  fireEvent.click(await within(picker).findByRole('button', { name: '美式咖啡' }));
}

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

describe('SubCodeFormPage', () => {
  test('新增子码: a name only (no fixed goods and amount), enabled; 保存成功 and back to the list', async () => {
    const { api, url } = openForm('/my/subCode/add');
    expect(document.title).toBe('新增子码');
    fireEvent.change(nameInput(), { target: { value: ' 3 号桌 ' } });
    save();
    expect(await screen.findByText('保存成功')).toBeTruthy();
    expect(api.bodiesOf('subCode/save')).toEqual([{ name: '3 号桌', goodsId: null, amountFen: null, enabled: true }]);
    await waitFor(() => expect(url()).toBe('/my/subCode/'));
  });

  test('goods and amount: both or neither, the message under the missing one; the amount > 0 with two decimals', async () => {
    const { api } = openForm('/my/subCode/add');
    fireEvent.change(nameInput(), { target: { value: '外卖窗口' } });

    // An amount without goods.
    fireEvent.change(amountInput(), { target: { value: '12.5' } });
    save();
    await waitFor(() => expect(errors()).toEqual(['填写了固定金额，请选择固定商品']));
    expect(within(field('固定商品')).getByText('填写了固定金额，请选择固定商品')).toBeTruthy();

    // A bad amount.
    fireEvent.change(amountInput(), { target: { value: '1.234' } });
    await waitFor(() => expect(within(field('固定金额')).getByText('请输入大于 0 的金额，最多两位小数')).toBeTruthy());
    fireEvent.change(amountInput(), { target: { value: '0' } });
    await waitFor(() => expect(within(field('固定金额')).getByText('请输入大于 0 的金额，最多两位小数')).toBeTruthy());

    // Goods without an amount.
    fireEvent.change(amountInput(), { target: { value: '' } });
    await pickCoffee();
    // Picking fills the goods' unit price in when no amount was typed.
    await waitFor(() => expect(amountInput()).toHaveProperty('value', '18.00'));
    fireEvent.change(amountInput(), { target: { value: '' } });
    save();
    await waitFor(() => expect(errors()).toEqual(['已选固定商品，请填写固定金额']));
    expect(within(field('固定金额')).getByText('已选固定商品，请填写固定金额')).toBeTruthy();
    expect(api.bodiesOf('subCode/save')).toEqual([]);

    // Both: saved in fen.
    fireEvent.change(amountInput(), { target: { value: '16.5' } });
    await waitFor(() => expect(errors()).toEqual([]));
    save();
    expect(await screen.findByText('保存成功')).toBeTruthy();
    expect(api.bodiesOf('subCode/save')).toEqual([{ name: '外卖窗口', goodsId: 'g-1', amountFen: 1650, enabled: true }]);
  });

  test('编辑子码 starts from what is stored; clearing the goods and the amount saves neither, 停用 saves disabled', async () => {
    const { api } = openForm('/my/subCode/edit?id=sc-1', { 'subCode/get': ok(STORED) });
    expect(document.title).toBe('编辑子码');
    await waitFor(() => expect(nameInput()).toHaveProperty('value', '1 号收银台'));
    expect(amountInput()).toHaveProperty('value', '18.00');
    expect(screen.getByRole('button', { name: '美式咖啡' })).toBeTruthy();
    expect(api.bodiesOf('subCode/get')).toEqual([{ id: 'sc-1' }]);

    fireEvent.click(screen.getByRole('button', { name: '清除固定商品' }));
    fireEvent.change(amountInput(), { target: { value: '' } });
    fireEvent.click(within(field('启用')).getByRole('switch'));
    save();
    expect(await screen.findByText('保存成功')).toBeTruthy();
    expect(api.bodiesOf('subCode/save')).toEqual([{ id: 'sc-1', name: '1 号收银台', goodsId: null, amountFen: null, enabled: false }]);
  });

  test('the server’s refusal shows under its field; the button is back', async () => {
    openForm('/my/subCode/add', { 'subCode/save': fail(4000, '子码名称已存在', { fields: { name: '子码名称已存在' } }) });
    fireEvent.change(nameInput(), { target: { value: '1 号收银台' } });
    save();
    await waitFor(() => expect(within(field('子码名称')).getByText('子码名称已存在')).toBeTruthy());
    expect(screen.getByRole('button', { name: '保存' })).toHaveProperty('disabled', false);
  });

  test('a sub-code that is not there says so, with no 重试', async () => {
    openForm('/my/subCode/edit?id=sc-1', { 'subCode/get': fail(4004, '子码不存在') });
    expect(await screen.findByRole('region', { name: '没有找到这个子码' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: '重试' })).toBeNull();
  });

  test('a sub-code that cannot be loaded says so, and 重试 loads it again', async () => {
    let asked = 0;
    openForm('/my/subCode/edit?id=sc-1', { 'subCode/get': () => (++asked === 1 ? fail(5000, '服务繁忙，请稍后重试') : ok(STORED)) });
    expect(await screen.findByText('子码加载失败')).toBeTruthy();
    expect(screen.getByText('服务繁忙，请稍后重试')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '重试' }));
    await waitFor(() => expect(nameInput()).toHaveProperty('value', '1 号收银台'));
  });
});
