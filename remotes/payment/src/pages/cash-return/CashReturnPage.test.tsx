import { afterEach, describe, expect, rs, test } from '@rstest/core';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { advance, fail, ok, renderPage, sequence, settle, userDetail } from '@app/host-sdk/testing';
import type { CashOrder } from '@app/contract/payment';
import type { Title } from '@app/domain/invoice-title';
import CashReturnPage from './CashReturnPage';

const PENDING: CashOrder = {
  orderNo: 'CO20260001',
  amountFen: 8800,
  channel: 'demo',
  state: '待支付',
  shopName: '上海示例商贸',
  subCodeName: null,
  goodsName: null,
  paidAt: null,
  createdAt: '2026-11-23T02:00:00.000Z',
  applicationId: null,
  applicationStatus: null,
};
const PAID: CashOrder = { ...PENDING, state: '已支付', paidAt: '2026-11-23T02:00:05.000Z' };
const TITLE: Title = {
  id: 't-1',
  kind: '企业',
  name: '杭州顾客科技有限公司',
  taxNumber: '91110108MA01C2QK3D',
  address: '杭州市西湖区文三路 1 号',
  phone: '0571-88888888',
  bankName: '招商银行杭州分行',
  bankAccount: '571900000000',
  email: '',
  isDefault: true,
  createdAt: '2026-01-01T00:00:00.000Z',
};

const CUSTOMER = userDetail({ company: false, companyUser: false, companyInfo: null, permissions: [] });

function openReturn(calls: Parameters<typeof renderPage>[1] extends infer O ? (O extends { calls?: infer C } ? C : never) : never) {
  return renderPage(<CashReturnPage />, { url: '/cash/return?orderNo=CO20260001', user: CUSTOMER, calls });
}

afterEach(() => {
  cleanup();
  rs.useRealTimers();
});

describe('CashReturnPage', () => {
  test('follows the order every 2 s while 待支付, then 支付成功 with the amount, shop and time', async () => {
    rs.useFakeTimers({ shouldAdvanceTime: true });
    const { api } = openReturn({ 'cash/getOrder': sequence(ok(PENDING), ok(PENDING), ok(PAID)) });
    expect(await screen.findByText('正在确认支付结果')).toBeTruthy();
    await advance(2_000);
    await waitFor(() => expect(api.bodiesOf('cash/getOrder').length).toBeGreaterThanOrEqual(2));
    await advance(2_000);
    expect(await screen.findByText('支付成功')).toBeTruthy();
    expect(screen.getByText('¥88.00')).toBeTruthy();
    expect(screen.getByText('上海示例商贸')).toBeTruthy();
    expect(screen.getByText('2026-11-23 10:00')).toBeTruthy();
    expect(screen.getByText('CO20260001')).toBeTruthy();
    await advance(10_000);
    expect(api.bodiesOf('cash/getOrder')).toEqual([{ orderNo: 'CO20260001' }, { orderNo: 'CO20260001' }, { orderNo: 'CO20260001' }]);
  });

  test('after about a minute without an answer from the provider: 刷新 follows it again', async () => {
    rs.useFakeTimers({ shouldAdvanceTime: true });
    const { api } = openReturn({ 'cash/getOrder': ok(PENDING) });
    expect(await screen.findByText('正在确认支付结果')).toBeTruthy();
    for (let step = 0; step < 30; step += 1) await advance(2_000);
    expect(await screen.findByText('暂未收到支付结果')).toBeTruthy();
    expect(api.bodiesOf('cash/getOrder')).toHaveLength(30);
    api.route('cash/getOrder', ok(PAID));
    fireEvent.click(screen.getByRole('button', { name: '刷新' }));
    expect(await screen.findByText('支付成功')).toBeTruthy();
  });

  test('opened without an order number: 订单不存在, and nothing is asked', async () => {
    rs.useFakeTimers({ shouldAdvanceTime: true });
    const { api } = renderPage(<CashReturnPage />, { url: '/cash/return', user: CUSTOMER, calls: { 'cash/getOrder': ok(PAID) } });
    expect(await screen.findByRole('heading', { name: '订单不存在' })).toBeTruthy();
    await settle();
    expect(api.bodiesOf('cash/getOrder')).toEqual([]);
  });

  test('an order that is not the customer’s: 订单不存在', async () => {
    openReturn({ 'cash/getOrder': fail(1004, '无权查看该订单') });
    expect(await screen.findByRole('heading', { name: '订单不存在' })).toBeTruthy();
  });

  test('申请开票 with a typed buyer: the domain rules under the fields, then the application and its status', async () => {
    const { api } = openReturn({
      'cash/getOrder': sequence(ok(PAID), ok({ ...PAID, applicationId: 'a-1', applicationStatus: '待审核' })),
      'cash/applyInvoice': ok({ applicationId: 'a-1' }),
    });
    fireEvent.click(await screen.findByRole('button', { name: '申请开票' }));
    fireEvent.click(await screen.findByRole('button', { name: '提交申请' }));
    expect(await screen.findByText('请填写购买方名称')).toBeTruthy();

    fireEvent.click(screen.getByText('企业'));
    fireEvent.change(screen.getByPlaceholderText('购买方单位全称'), { target: { value: '北京测试有限公司' } });
    fireEvent.change(screen.getByPlaceholderText('纳税人识别号'), { target: { value: '91110108MA01C2QK3X' } });
    fireEvent.change(screen.getByPlaceholderText('开具后短信通知'), { target: { value: '1380000' } });
    fireEvent.click(screen.getByRole('button', { name: '提交申请' }));
    expect(await screen.findByText('纳税人识别号校验位不正确，请核对')).toBeTruthy();
    expect(await screen.findByText('接收手机号应为 11 位手机号码')).toBeTruthy();
    expect(api.bodiesOf('cash/applyInvoice')).toEqual([]);

    fireEvent.click(screen.getByText('个人'));
    fireEvent.change(screen.getByPlaceholderText('购买方姓名'), { target: { value: ' 王小明 ' } });
    fireEvent.change(screen.getByPlaceholderText('选填，纳税人识别号'), { target: { value: '' } });
    fireEvent.change(screen.getByPlaceholderText('开具后短信通知'), { target: { value: '13800000000' } });
    fireEvent.click(screen.getByRole('button', { name: '提交申请' }));
    expect(await screen.findByText('已提交开票申请，等待商户开具')).toBeTruthy();
    expect(api.bodiesOf('cash/applyInvoice')).toEqual([
      {
        orderNo: 'CO20260001',
        buyer: { name: '王小明', taxNumber: '', address: '', phone: '', bankName: '', bankAccount: '', naturalPerson: true },
        deliverPhone: '13800000000',
      },
    ]);
    await waitFor(() => expect(api.bodiesOf('cash/getOrder')).toHaveLength(2));
    expect(screen.getByText('待审核')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '提交申请' })).toBeNull();
  });

  test('申请开票 with one of the customer’s titles: its details go along', async () => {
    const { api } = openReturn({
      'cash/getOrder': ok(PAID),
      'title/list': ok({ total: 1, list: [TITLE] }),
      'cash/applyInvoice': ok({ applicationId: 'a-2' }),
    });
    fireEvent.click(await screen.findByRole('button', { name: '申请开票' }));
    fireEvent.click(await screen.findByText('从已保存的抬头中选择'));
    fireEvent.click(await screen.findByRole('button', { name: /杭州顾客科技有限公司/ }));
    await waitFor(() => expect((screen.getByPlaceholderText('购买方单位全称') as HTMLInputElement).value).toBe('杭州顾客科技有限公司'));
    fireEvent.click(screen.getByRole('button', { name: '提交申请' }));
    await waitFor(() => expect(api.bodiesOf('cash/applyInvoice')).toHaveLength(1));
    expect(api.bodiesOf('cash/applyInvoice')[0]).toEqual({
      orderNo: 'CO20260001',
      buyer: {
        name: '杭州顾客科技有限公司',
        taxNumber: '91110108MA01C2QK3D',
        address: '杭州市西湖区文三路 1 号',
        phone: '0571-88888888',
        bankName: '招商银行杭州分行',
        bankAccount: '571900000000',
        naturalPerson: false,
      },
    });
  });

  test('already applied: the status instead of the form', async () => {
    openReturn({ 'cash/getOrder': ok({ ...PAID, applicationId: 'a-1', applicationStatus: '已交付' }) });
    expect(await screen.findByText('发票已开具并发送')).toBeTruthy();
    expect(screen.getByText('已交付')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '申请开票' })).toBeNull();
  });

  test('a refused field from the server is said under it', async () => {
    openReturn({
      'cash/getOrder': ok(PAID),
      'cash/applyInvoice': fail(4000, '参数错误', { fields: { 'buyer.name': '购买方名称含有不支持的字符' } }),
    });
    fireEvent.click(await screen.findByRole('button', { name: '申请开票' }));
    fireEvent.change(await screen.findByPlaceholderText('购买方姓名'), { target: { value: '王小明' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: '提交申请' }));
    });
    expect(await screen.findByText('购买方名称含有不支持的字符')).toBeTruthy();
  });
});
