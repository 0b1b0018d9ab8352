import { afterEach, describe, expect, rs, test } from '@rstest/core';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fail, httpAnswer, ok, renderPage, sequence, settle } from '@app/host-sdk/testing';
import { cashier, employee, entry, wallet, wholeText } from '../../test-support/wallet-fixtures';
import WalletPage from './WalletPage';

afterEach(() => {
  rs.useRealTimers();
  cleanup();
  document.body.innerHTML = '';
});

const open = (calls: Parameters<typeof renderPage>[1] = {}) =>
  renderPage(<WalletPage />, { url: '/my/wallet', history: ['/my'], ...calls });
const withdrawButton = () => screen.getByRole('button', { name: '提现' }) as HTMLButtonElement;

describe('WalletPage', () => {
  test('the balance card: 可提现 large, 冻结 with when it becomes available, the account, 提现 and 提现记录', async () => {
    const { url, router } = open({ calls: { 'wallet/get': ok(wallet({ availableFen: 123_450, frozenFen: 8_800 })) } });
    expect(screen.getByLabelText('加载中')).toBeTruthy();
    expect((await screen.findByLabelText('可提现')).textContent).toBe('¥1,234.50');
    expect(screen.getByLabelText('冻结').textContent).toBe('¥88.00');
    expect(screen.getByText('顾客付款结算后（T+1）转为可提现')).toBeTruthy();
    expect(screen.getByText(wholeText('招商银行（尾号 8888）'))).toBeTruthy();
    expect(screen.getByText('（尾号 8888）').hasAttribute('data-digits')).toBe(true);
    expect(withdrawButton().disabled).toBe(false);
    expect(screen.queryByRole('note')).toBeNull();
    fireEvent.click(withdrawButton());
    expect(url()).toBe('/my/wallet/tixian');
    await act(() => router.navigate(-1));
    fireEvent.click(screen.getByRole('button', { name: '提现记录' }));
    expect(url()).toBe('/my/wallet/tixian/list');
  });

  test('最近明细: kind, memo, time in China and the signed amount; 查看全部 opens every entry', async () => {
    const recent = [
      entry('e-3', {
        kind: '提现',
        amountFen: -5_000,
        balance: 'available',
        memo: '提现至招商银行（尾号 8888）',
        at: '2026-11-24T01:00:00.000Z',
      }),
      entry('e-2', { kind: '结算', amountFen: 8_800, balance: 'frozenToAvailable', memo: '顾客付款 YST0001' }),
      entry('e-1', { kind: '收款', amountFen: 8_800, balance: 'frozen', memo: '顾客付款 YST0001', at: '2026-11-22T16:30:00.000Z' }),
    ];
    const { url } = open({ calls: { 'wallet/get': ok(wallet({ recent })) } });
    const rows = await screen.findAllByRole('article');
    expect(rows.map((row) => row.getAttribute('aria-label'))).toEqual(['提现 -¥50.00', '结算 ¥88.00', '收款 +¥88.00']);
    expect(within(rows[0]!).getByText('提现至招商银行（尾号 8888）')).toBeTruthy();
    expect(within(rows[0]!).getByText('2026-11-24 09:00')).toBeTruthy();
    expect(within(rows[2]!).getByText('2026-11-23 00:30')).toBeTruthy();
    // The frozen balance's change says so; the available balance's does not.
    expect(within(rows[2]!).getByText('冻结')).toBeTruthy();
    expect(within(rows[1]!).queryByText('冻结')).toBeNull();
    fireEvent.click(screen.getByRole('link', { name: /查看全部/ }));
    expect(url()).toBe('/my/wallet/list');
  });

  test('no entries yet: 最近明细 says so', async () => {
    open({ calls: { 'wallet/get': ok(wallet({ recent: [] })) } });
    expect(await screen.findByText('暂无明细，顾客付款后将显示在这里')).toBeTruthy();
  });

  test('提现 is disabled, saying why, when nothing is available', async () => {
    open({ calls: { 'wallet/get': ok(wallet({ availableFen: 0, frozenFen: 8_800 })) } });
    expect((await screen.findByLabelText('可提现')).textContent).toBe('¥0.00');
    expect(withdrawButton().disabled).toBe(true);
    expect(screen.getByRole('note').textContent).toBe('暂无可提现余额');
  });

  test('提现 is disabled, saying why, when no account is bound', async () => {
    open({ calls: { 'wallet/get': ok(wallet({ account: null })) } });
    expect(await screen.findByText('未绑定')).toBeTruthy();
    expect(withdrawButton().disabled).toBe(true);
    expect(screen.getByRole('note').textContent).toBe('尚未绑定提现账户，请联系客服绑定后再提现');
  });

  test('a failed load shows why with 重试, which loads again', async () => {
    const { api } = open({ calls: { 'wallet/get': sequence(fail(5000, '服务暂时不可用'), ok(wallet())) } });
    expect(await screen.findByText('钱包加载失败')).toBeTruthy();
    expect(screen.getByText('服务暂时不可用')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '重试' }));
    expect((await screen.findByLabelText('可提现')).textContent).toBe('¥1,234.50');
    expect(api.bodiesOf('wallet/get')).toHaveLength(2);
  });

  test("refused (the API's no-permission code, or an HTTP 403 from in front of it): 无权查看, not a failure with 重试", async () => {
    open({ calls: { 'wallet/get': fail(1003, '您没有查看钱包的权限') } });
    const refused = await screen.findByRole('region', { name: '无权查看' });
    expect(within(refused).getByText('您没有查看钱包的权限')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '重试' })).toBeNull();
    expect(screen.queryByText('钱包加载失败')).toBeNull();
    cleanup();
    open({ calls: { 'wallet/get': httpAnswer(403, 'Forbidden') } });
    expect((await screen.findByRole('region', { name: '无权查看' })).getAttribute('data-icon')).toBe('refused');
    expect(screen.queryByRole('button', { name: '重试' })).toBeNull();
  });

  test('shown again (the page cache), it loads the balances again: settled income appears', async () => {
    const { router } = open({
      calls: {
        'wallet/get': sequence(ok(wallet({ availableFen: 0, frozenFen: 8_800 })), ok(wallet({ availableFen: 8_800, frozenFen: 0 }))),
      },
    });
    expect((await screen.findByLabelText('可提现')).textContent).toBe('¥0.00');
    await act(() => router.navigate('/my/wallet/list'));
    await act(() => router.navigate(-1));
    await waitFor(() => expect(screen.getByLabelText('可提现').textContent).toBe('¥88.00'));
    expect(screen.getByLabelText('冻结').textContent).toBe('¥0.00');
  });

  test('收款管理员 (benefit_payment) may use the wallet', async () => {
    open({ user: cashier(), calls: { 'wallet/get': ok(wallet()) } });
    expect((await screen.findByLabelText('可提现')).textContent).toBe('¥1,234.50');
  });

  test('anyone else is told who may, and nothing is asked of the server', async () => {
    rs.useFakeTimers({ shouldAdvanceTime: true });
    const { api } = open({ user: employee(), calls: { 'wallet/get': ok(wallet()) } });
    expect(screen.getByText('仅管理员或收款管理员可使用钱包')).toBeTruthy();
    await settle();
    expect(api.calls).toHaveLength(0);
    expect(screen.queryByLabelText('可提现')).toBeNull();
  });
});
