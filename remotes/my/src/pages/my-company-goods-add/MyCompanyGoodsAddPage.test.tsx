import { afterEach, describe, expect, test } from '@rstest/core';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fail, ok, renderPage, type PageOptions } from '@app/host-sdk/testing';
import type { Goods } from '@app/contract/goods';
import MyCompanyGoodsAddPage from './MyCompanyGoodsAddPage';

const STORED: Goods = {
  id: 'g-1',
  name: '税务咨询',
  taxCode: '3040602000000000000',
  taxShortName: '咨询服务',
  model: '年度',
  unit: '次',
  unitPriceFen: 100000,
  taxRatePermille: 60,
  taxFree: null,
};

const openForm = (options: PageOptions) => renderPage(<MyCompanyGoodsAddPage />, { url: '/my/companyGoods/add', ...options });

const nameField = () => screen.getByPlaceholderText('如 工作餐、咨询服务费') as HTMLInputElement;
const priceField = () => screen.getByPlaceholderText('选填，开票时可修改') as HTMLInputElement;
/** The form item (label, control, errors) of a label. */
const item = (label: string) => screen.getByText(label).closest('.adm-form-item') as HTMLElement;
const save = () => fireEvent.click(screen.getByRole('button', { name: '保存' }));

/** Opens the classification picker, searches `keyword` and picks the row named `row`. */
async function pickClass(keyword: string, row: string) {
  fireEvent.click(screen.getByText('税收分类'));
  const picker = await screen.findByRole('dialog', { name: '选择税收分类' });
  fireEvent.change(within(picker).getByPlaceholderText('搜索名称或简称，如 餐饮、咨询'), { target: { value: keyword } });
  fireEvent.click(await within(picker).findByRole('button', { name: row }));
}

afterEach(() => {
  cleanup();
  document.body.innerHTML = '';
});

describe('MyCompanyGoodsAddPage', () => {
  test('the picker searches the classification table; picking fills 分类编码 and 分类简称 (read-only)', async () => {
    openForm({ history: ['/my/companyGoods'] });
    expect(screen.getByText('新增商品')).toBeTruthy();
    expect(screen.queryByText('分类编码')).toBeNull();
    fireEvent.click(screen.getByText('税收分类'));
    const picker = await screen.findByRole('dialog', { name: '选择税收分类' });
    fireEvent.change(within(picker).getByPlaceholderText('搜索名称或简称，如 餐饮、咨询'), { target: { value: '餐饮' } });
    const row = await within(picker).findByRole('button', { name: '餐饮服务 餐饮服务' });
    expect(within(row).getByText('3070401000000000000')).toBeTruthy();
    fireEvent.change(within(picker).getByPlaceholderText('搜索名称或简称，如 餐饮、咨询'), { target: { value: '没有这种东西' } });
    expect(await within(picker).findByText('没有找到“没有这种东西”相关的分类，换个关键词试试')).toBeTruthy();
    fireEvent.change(within(picker).getByPlaceholderText('搜索名称或简称，如 餐饮、咨询'), { target: { value: '餐饮' } });
    fireEvent.click(await within(picker).findByRole('button', { name: '餐饮服务 餐饮服务' }));
    await waitFor(() => expect(within(item('分类编码')).getByText('3070401000000000000')).toBeTruthy());
    expect(within(item('分类简称')).getByText('餐饮服务')).toBeTruthy();
    expect(within(item('分类编码')).queryByRole('textbox')).toBeNull();
  });

  test('adds goods: the body in fen with the rate, 保存成功, then back', async () => {
    const { api, url } = openForm({
      history: ['/my/companyGoods'],
      calls: { 'goods/save': (body) => ok({ ...STORED, ...body, id: 'g-new' }) },
    });
    fireEvent.change(nameField(), { target: { value: ' 财税咨询 ' } });
    await pickClass('咨询', '咨询服务 咨询服务');
    fireEvent.change(screen.getByPlaceholderText('选填，如 次、份、件'), { target: { value: '次' } });
    fireEvent.change(priceField(), { target: { value: '1,200.5' } });
    fireEvent.click(screen.getByText('6%'));
    save();
    expect(await screen.findByText('保存成功')).toBeTruthy();
    expect(api.bodiesOf('goods/save')).toEqual([
      {
        name: '财税咨询',
        taxCode: '3040602000000000000',
        taxShortName: '咨询服务',
        model: '',
        unit: '次',
        unitPriceFen: 120050,
        taxRatePermille: 60,
        taxFree: null,
      },
    ]);
    expect(url()).toBe('/my/companyGoods');
  });

  test('免税 goods without a price: no price and no rate are sent', async () => {
    const { api } = openForm({ history: ['/my/companyGoods'], calls: { 'goods/save': ok(STORED) } });
    fireEvent.change(nameField(), { target: { value: '技术培训' } });
    await pickClass('培训', '教育服务 教育服务');
    fireEvent.click(screen.getByText('免税'));
    save();
    await waitFor(() => expect(api.bodiesOf('goods/save')).toHaveLength(1));
    expect(api.bodiesOf('goods/save')[0]).toMatchObject({
      unitPriceFen: null,
      taxRatePermille: null,
      taxFree: '免税',
      taxCode: '3070201000000000000',
    });
  });

  test('validation: the messages show under the fields and nothing is sent', async () => {
    const { api } = openForm({ calls: { 'goods/save': ok(STORED) } });
    save();
    expect(await within(item('商品名称')).findByText('请填写商品名称')).toBeTruthy();
    expect(within(item('税收分类')).getByText('请选择税收分类编码')).toBeTruthy();
    expect(within(item('税率')).getByText('请选择税率')).toBeTruthy();
    fireEvent.change(priceField(), { target: { value: '12.345' } });
    expect(await within(item('含税单价')).findByText('请填写正确的金额，最多两位小数')).toBeTruthy();
    fireEvent.change(priceField(), { target: { value: '0' } });
    expect(await within(item('含税单价')).findByText('单价须大于 0')).toBeTruthy();
    fireEvent.change(priceField(), { target: { value: 'abc' } });
    expect(await within(item('含税单价')).findByText('请填写正确的金额，最多两位小数')).toBeTruthy();
    // Choosing a classification clears its message.
    await pickClass('餐饮', '餐饮服务 餐饮服务');
    await waitFor(() => expect(within(item('税收分类')).queryByText('请选择税收分类编码')).toBeNull());
    expect(api.bodiesOf('goods/save')).toEqual([]);
  });

  test('the server refusing a field (4000) puts its message under that field', async () => {
    openForm({
      history: ['/my/companyGoods'],
      calls: {
        'goods/save': fail(4000, '税收分类编码不在分类表中', { fields: { taxCode: '税收分类编码不在分类表中', name: '商品名称已存在' } }),
      },
    });
    fireEvent.change(nameField(), { target: { value: '工作餐' } });
    await pickClass('餐饮', '餐饮服务 餐饮服务');
    fireEvent.click(screen.getByText('6%'));
    save();
    expect(await within(item('税收分类')).findByText('税收分类编码不在分类表中')).toBeTruthy();
    expect(within(item('商品名称')).getByText('商品名称已存在')).toBeTruthy();
    expect((screen.getByRole('button', { name: '保存' }) as HTMLButtonElement).disabled).toBe(false);
  });

  test('?id= edits the stored goods (编辑商品) and saves them under their id', async () => {
    const { api, url } = openForm({
      url: '/my/companyGoods/add?id=g-1',
      history: ['/my/companyGoods'],
      calls: { 'goods/get': ok(STORED), 'goods/save': ok(STORED) },
    });
    expect(screen.getByText('编辑商品')).toBeTruthy();
    await waitFor(() => expect(nameField().value).toBe('税务咨询'));
    expect(priceField().value).toBe('1000.00');
    expect(within(item('分类编码')).getByText('3040602000000000000')).toBeTruthy();
    fireEvent.change(priceField(), { target: { value: '800' } });
    save();
    await waitFor(() => expect(api.bodiesOf('goods/save')).toHaveLength(1));
    expect(api.bodiesOf('goods/save')[0]).toEqual({
      id: 'g-1',
      name: '税务咨询',
      taxCode: '3040602000000000000',
      taxShortName: '咨询服务',
      model: '年度',
      unit: '次',
      unitPriceFen: 80000,
      taxRatePermille: 60,
      taxFree: null,
    });
    await waitFor(() => expect(url()).toBe('/my/companyGoods'));
  });

  test('goods that are not there say 商品不存在, with no 重试', async () => {
    openForm({ url: '/my/companyGoods/add?id=g-1', calls: { 'goods/get': fail(4004, '商品不存在') } });
    expect(await screen.findByRole('region', { name: '商品不存在' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: '重试' })).toBeNull();
  });

  test('goods that cannot be loaded say why, and 重试 loads them again', async () => {
    const { api } = openForm({ url: '/my/companyGoods/add?id=g-1', calls: { 'goods/get': fail(5000, '服务繁忙，请稍后重试') } });
    expect(await screen.findByText('服务繁忙，请稍后重试')).toBeTruthy();
    api.route('goods/get', ok(STORED));
    fireEvent.click(screen.getByRole('button', { name: '重试' }));
    await waitFor(() => expect(nameField().value).toBe('税务咨询'));
  });

  test('a returnUrl of the app is where saving goes; opened directly without one, to the goods list', async () => {
    const { url } = openForm({
      url: '/my/companyGoods/add?returnUrl=%2Finvoice%2Fcreate',
      history: ['/my'],
      calls: { 'goods/save': ok(STORED) },
    });
    fireEvent.change(nameField(), { target: { value: '工作餐' } });
    await pickClass('餐饮', '餐饮服务 餐饮服务');
    fireEvent.click(screen.getByText('13%'));
    save();
    await waitFor(() => expect(url()).toBe('/invoice/create'));
    cleanup();
    document.body.innerHTML = '';
    const direct = openForm({ url: '/my/companyGoods/add?returnUrl=https%3A%2F%2Fevil.example', calls: { 'goods/save': ok(STORED) } });
    fireEvent.change(nameField(), { target: { value: '工作餐' } });
    await pickClass('餐饮', '餐饮服务 餐饮服务');
    fireEvent.click(screen.getByText('13%'));
    save();
    await waitFor(() => expect(direct.url()).toBe('/my/companyGoods'));
  });
});
