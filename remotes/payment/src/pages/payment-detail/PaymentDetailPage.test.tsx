import { afterEach, describe, expect, rs, test } from '@rstest/core';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fail, httpAnswer, noAnswer, ok, renderPage, sequence, settle, taxAccount, type Route } from '@app/host-sdk/testing';
import type { PaymentRecord } from '@app/contract/payment';
import { paymentRecord } from '../../test-support/payments';
import PaymentDetailPage from './PaymentDetailPage';

const RECORD = paymentRecord();
/** Logged in at the tax bureau and authenticated today: ensureTaxReady lets 开票 through at once. */
const READY = taxAccount({ loginState: '已登录', scanFaceState: '已认证', scanFaceTime: '2025-03-01T01:00:00.000Z' });

const open = (record: PaymentRecord | Route, account = READY) =>
  renderPage(<PaymentDetailPage />, {
    url: '/payment/detail?id=p-1',
    calls: {
      'payment/get': typeof record === 'object' && 'amountFen' in record ? ok(record) : record,
      'payment/issueInvoice': ok({ invoiceId: 'i-1', taskId: 'task-1' }),
      'taxAccount/getTaxAccount': ok(account),
    },
    taxAccount: account,
  });

afterEach(() => {
  rs.useRealTimers();
  cleanup();
});

describe('PaymentDetailPage', () => {
  test('the amount, time, payer, channel, order and trade numbers, and the invoice state', async () => {
    const { api } = open(RECORD);
    expect(await screen.findByText('+¥88.00')).toBeTruthy();
    expect(document.title).toBe('收支详情');
    expect(screen.getByText('2026-11-23 10:00')).toBeTruthy();
    expect(screen.getByText('普通用户')).toBeTruthy();
    expect(screen.getByText('微信')).toBeTruthy();
    expect(screen.getByText('CO20260001')).toBeTruthy();
    expect(screen.getByText('4200002026112300001')).toBeTruthy();
    expect(screen.getByText('未开票')).toBeTruthy();
    expect(api.bodiesOf('payment/get')).toEqual([{ id: 'p-1' }]);
  });

  test('开票: the buyer by the domain rules, then payment/issueInvoice with a request serial, then the task', async () => {
    const { api, url } = open(RECORD);
    fireEvent.click(await screen.findByRole('button', { name: '开票' }));
    fireEvent.click(await screen.findByRole('button', { name: '确认开票' }));
    expect(await screen.findByText('请填写购买方名称')).toBeTruthy();
    expect(await screen.findByText('请填写纳税人识别号')).toBeTruthy();
    fireEvent.change(screen.getByPlaceholderText('购买方单位全称'), { target: { value: '北京测试有限公司' } });
    fireEvent.change(screen.getByPlaceholderText('纳税人识别号'), { target: { value: '91110108ma01c2qk3d' } });
    fireEvent.click(screen.getByRole('button', { name: '确认开票' }));
    await waitFor(() => expect(url()).toBe('/invoice/task/detail?id=task-1'));
    const [body] = api.bodiesOf('payment/issueInvoice') as { requestSerial: string }[];
    expect(body).toEqual({
      id: 'p-1',
      requestSerial: expect.stringMatching(/^[A-Za-z0-9]{32}$/),
      buyer: {
        name: '北京测试有限公司',
        taxNumber: '91110108MA01C2QK3D',
        address: '',
        phone: '',
        bankName: '',
        bankAccount: '',
        naturalPerson: false,
      },
    });
  });

  test('开票 waits for the tax bureau: not logged in, the host’s login dialog opens first', async () => {
    const { api } = open(RECORD, taxAccount());
    fireEvent.click(await screen.findByRole('button', { name: '开票' }));
    fireEvent.click(await screen.findByText('个人'));
    fireEvent.change(screen.getByPlaceholderText('购买方姓名'), { target: { value: '王小明' } });
    fireEvent.click(screen.getByRole('button', { name: '确认开票' }));
    expect(await screen.findByRole('dialog', { name: '登录授权' })).toBeTruthy();
    expect(api.bodiesOf('payment/issueInvoice')).toEqual([]);
  });

  test('申请中: no 开票, the merchant is sent to the applications', async () => {
    open({ ...RECORD, invoiceState: '申请中', applicationId: 'a-1' });
    expect(await screen.findByText('申请中')).toBeTruthy();
    expect(screen.getByText(/开票申请/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: '开票' })).toBeNull();
  });

  test('已开票: a link to its task', async () => {
    const { url } = open({ ...RECORD, invoiceState: '已开票', invoiceId: 'i-1', taskId: 'task-9' });
    fireEvent.click(await screen.findByRole('button', { name: '查看开票记录' }));
    expect(url()).toBe('/invoice/task/detail?id=task-9');
  });

  test('an expense: no invoice part', async () => {
    open({
      ...RECORD,
      type: 'expense',
      amountFen: -50000,
      channel: 'bank',
      title: '提现',
      counterparty: '招商银行 (8888)',
      invoiceState: null,
    });
    expect(await screen.findByText('-¥500.00')).toBeTruthy();
    expect(screen.getByText('收款方')).toBeTruthy();
    expect(screen.queryByText('发票')).toBeNull();
  });

  test('opened without an id: 收支记录不存在, and nothing is asked', async () => {
    rs.useFakeTimers({ shouldAdvanceTime: true });
    const { api } = renderPage(<PaymentDetailPage />, { url: '/payment/detail', calls: { 'payment/get': ok(RECORD) }, taxAccount: READY });
    expect(await screen.findByRole('heading', { name: '收支记录不存在' })).toBeTruthy();
    await settle();
    expect(api.bodiesOf('payment/get')).toEqual([]);
  });

  test("another company's record: 无权查看 with the server's reason, and no 重试", async () => {
    open(fail(1004, '无权查看该企业的收支'));
    const view = await screen.findByRole('region', { name: '无权查看' });
    expect(view.textContent).toContain('无权查看该企业的收支');
    expect(view.getAttribute('data-icon')).toBe('refused');
    expect(screen.queryByRole('button', { name: '重试' })).toBeNull();
    expect(document.querySelector('.adm-dialog')).toBeNull();
  });

  test("refused by HTTP 403 without the API's words: 无权查看, never a network failure", async () => {
    open(httpAnswer(403, 'Forbidden'));
    const view = await screen.findByRole('region', { name: '无权查看' });
    expect(view.getAttribute('data-icon')).toBe('refused');
    expect(screen.queryByRole('button', { name: '重试' })).toBeNull();
  });

  test('a failed load says why with 重试, which loads it again', async () => {
    const { api } = open(sequence(noAnswer(), ok(RECORD)));
    const view = await screen.findByRole('region', { name: '加载失败' });
    expect(view.getAttribute('data-icon')).toBe('disconnected');
    fireEvent.click(within(view).getByRole('button', { name: '重试' }));
    expect(await screen.findByText('4200002026112300001')).toBeTruthy();
    expect(api.bodiesOf('payment/get')).toEqual([{ id: 'p-1' }, { id: 'p-1' }]);
  });

  test('an unknown record: 收支记录不存在', async () => {
    open(fail(4004, '收支记录不存在'));
    expect(await screen.findByRole('heading', { name: '收支记录不存在' })).toBeTruthy();
  });
});
