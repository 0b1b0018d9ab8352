import { afterEach, describe, expect, rs, test } from '@rstest/core';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { advance, fail, noAnswer, ok, renderPage, sequence, settle, type Answer, type Route } from '@app/host-sdk/testing';
import type { Wallet } from '@app/contract/wallet';
import { ACCOUNT, employee, wallet, wholeText, withdrawal } from '../../test-support/wallet-fixtures';
import { PREVIEW_DELAY_MS } from './use-withdraw-preview';
import WalletWithdrawPage from './WalletWithdrawPage';

afterEach(() => {
  rs.useRealTimers();
  cleanup();
  document.body.innerHTML = '';
});

/** The server's fee: 6‰, at least ¥1.00; the fee is taken besides the amount, which arrives whole. */
const feeOf = (amountFen: number) => Math.max(100, Math.round((amountFen * 6) / 1000));
const preview: Route = ({ amountFen }) => ok({ amountFen, feeFen: feeOf(amountFen as number), arriveFen: amountFen });
const withdrawn: Route = ({ amountFen }) => ok(withdrawal('w-1', { amountFen: amountFen as number, feeFen: feeOf(amountFen as number) }));

function open(options: { wallet?: Wallet; withdraw?: Route; preview?: Route; user?: ReturnType<typeof employee> } = {}) {
  return renderPage(<WalletWithdrawPage />, {
    url: '/my/wallet/tixian',
    history: ['/my', '/my/wallet'],
    ...(options.user ? { user: options.user } : {}),
    calls: {
      'wallet/get': ok(options.wallet ?? wallet({ availableFen: 8_800 })),
      'wallet/withdrawPreview': options.preview ?? preview,
      'wallet/withdraw': options.withdraw ?? withdrawn,
    },
  });
}

const amountInput = () => screen.getByPlaceholderText('请输入提现金额') as HTMLInputElement;
const type = (value: string) => fireEvent.change(amountInput(), { target: { value } });
const fieldErrors = () => Array.from(document.querySelectorAll('.adm-form-item-feedback-error'), (node) => node.textContent);
const fee = () => screen.getByTestId('withdraw-fee').textContent;
/** The form's 确认提现 (提交中 while it is sent), not the dialog's. */
const confirmButton = () => document.querySelector('.withdraw-actions .adm-button') as HTMLButtonElement;
const dialog = () => document.querySelector('.adm-dialog') as HTMLElement;
const dialogButton = (name: string) => within(dialog()).getByRole('button', { name });
/** A tap's submit has ended: the button is busy from the tap until then, and a confirmation would keep it busy. */
const submitEnded = async () => {
  expect(confirmButton().disabled).toBe(true);
  await waitFor(() => expect(confirmButton().disabled).toBe(false));
};

describe('WalletWithdrawPage', () => {
  test('the bound account, the available balance and the fee rule before an amount is typed', async () => {
    open();
    expect(await screen.findByText(wholeText(ACCOUNT))).toBeTruthy();
    expect(screen.getByText('可提现余额 ¥88.00')).toBeTruthy();
    expect(fee()).toBe('手续费按提现金额的 0.6% 收取，最低 ¥1.00');
  });

  test('the fee is asked once typing pauses and shown before confirming: 手续费, what leaves the balance, then what arrives', async () => {
    const { api } = open({ wallet: wallet({ availableFen: 100_000 }) });
    await screen.findByText(wholeText(ACCOUNT));
    type('5');
    type('50');
    type('500');
    await waitFor(() => expect(fee()).toBe('手续费 ¥3.00，余额扣除 ¥503.00，实际到账 ¥500.00'));
    // Debounced: only the amount the user paused at was asked.
    expect(api.bodiesOf('wallet/withdrawPreview')).toEqual([{ amountFen: 50_000 }]);
    type('20');
    await waitFor(() => expect(fee()).toBe('手续费 ¥1.00，余额扣除 ¥21.00，实际到账 ¥20.00'));
    expect(api.bodiesOf('wallet/withdraw')).toEqual([]);
  });

  test('inline validation: more than 0, at most two decimals, a number', async () => {
    const { api } = open();
    await screen.findByText(wholeText(ACCOUNT));
    type('0');
    await waitFor(() => expect(fieldErrors()).toEqual(['提现金额须大于0']));
    type('1.234');
    await waitFor(() => expect(fieldErrors()).toEqual(['金额最多两位小数']));
    type('abc');
    await waitFor(() => expect(fieldErrors()).toEqual(['请输入正确的金额']));
    type('12.5');
    await waitFor(() => expect(fieldErrors()).toEqual([]));
    type('');
    await waitFor(() => expect(fieldErrors()).toEqual(['请输入提现金额']));
    fireEvent.click(confirmButton());
    await submitEnded();
    expect(dialog()).toBeNull();
    expect(api.bodiesOf('wallet/withdraw')).toEqual([]);
  });

  test('超过可提现余额: an amount above the balance at once, and one whose fee does not fit once the fee is known', async () => {
    rs.useFakeTimers({ shouldAdvanceTime: true });
    const { api } = open({ wallet: wallet({ availableFen: 8_800 }) });
    await screen.findByText(wholeText(ACCOUNT));
    type('88.01');
    await waitFor(() => expect(fieldErrors()).toEqual(['超过可提现余额']));
    // Above the balance: no fee asked, even once typing has paused.
    await advance(PREVIEW_DELAY_MS);
    expect(api.bodiesOf('wallet/withdrawPreview')).toEqual([]);
    // Within the balance, but not with its ¥1.00 fee.
    type('88');
    await waitFor(() => expect(fee()).toBe('手续费 ¥1.00，余额扣除 ¥89.00，实际到账 ¥88.00'));
    await waitFor(() => expect(fieldErrors()).toEqual(['超过可提现余额']));
    fireEvent.click(confirmButton());
    await submitEnded();
    expect(dialog()).toBeNull();
    expect(api.bodiesOf('wallet/withdraw')).toEqual([]);
    type('87');
    await waitFor(() => expect(fieldErrors()).toEqual([]));
  });

  test('全部提现 fills the most that can be withdrawn with its fee', async () => {
    open({ wallet: wallet({ availableFen: 8_800 }) });
    await screen.findByText(wholeText(ACCOUNT));
    fireEvent.click(screen.getByRole('button', { name: '全部提现' }));
    await waitFor(() => expect(amountInput().value).toBe('87'));
    await waitFor(() => expect(fee()).toBe('手续费 ¥1.00，余额扣除 ¥88.00，实际到账 ¥87.00'));
    expect(fieldErrors()).toEqual([]);
  });

  test('确认提现 asks first with amount, fee, what leaves the balance and what arrives; 取消 sends nothing; 确认提现 sends it once and shows 提现申请已提交', async () => {
    const { api, url } = open({ wallet: wallet({ availableFen: 100_000 }) });
    await screen.findByText(wholeText(ACCOUNT));
    type('500');
    await waitFor(() => expect(fee()).toBe('手续费 ¥3.00，余额扣除 ¥503.00，实际到账 ¥500.00'));
    fireEvent.click(confirmButton());
    await waitFor(() => expect(dialog()).toBeTruthy());
    expect(within(dialog()).getByText('确认提现', { selector: '.adm-dialog-title' })).toBeTruthy();
    const lines = Array.from(dialog().querySelectorAll('.withdraw-confirm__line'), (line) => line.textContent);
    // What leaves the balance (amount and fee), then what arrives: never three figures that read as a wrong sum.
    expect(lines).toEqual(['提现金额¥500.00', '手续费¥3.00', '余额扣除¥503.00', '实际到账¥500.00', `到账账户${ACCOUNT}`]);
    fireEvent.click(dialogButton('取消'));
    await waitFor(() => expect(dialog()).toBeNull());
    expect(api.bodiesOf('wallet/withdraw')).toEqual([]);

    fireEvent.click(confirmButton());
    await waitFor(() => expect(dialog()).toBeTruthy());
    fireEvent.click(dialogButton('确认提现'));
    expect(await screen.findByText('提现申请已提交')).toBeTruthy();
    expect(screen.getByText(wholeText(/¥500.00 将提现至 招商银行（尾号 8888）/))).toBeTruthy();
    expect(screen.getByText(wholeText(/余额扣除 ¥503.00（含手续费 ¥3.00），实际到账 ¥500.00，审核通过后到账/))).toBeTruthy();
    expect(api.bodiesOf('wallet/withdraw')).toEqual([{ amountFen: 50_000, requestSerial: expect.stringMatching(/^[A-Za-z0-9-]{8,40}$/) }]);
    fireEvent.click(screen.getByRole('button', { name: '查看提现记录' }));
    expect(url()).toBe('/my/wallet/tixian/list');
  });

  test('no repeat: a second tap while it is sent does nothing, the button is busy', async () => {
    rs.useFakeTimers({ shouldAdvanceTime: true });
    let answer: (value: Answer) => void = () => undefined;
    const { api } = open({
      wallet: wallet({ availableFen: 100_000 }),
      withdraw: () => new Promise<Answer>((resolve) => (answer = resolve)),
    });
    await screen.findByText(wholeText(ACCOUNT));
    type('500');
    await waitFor(() => expect(fee()).toBe('手续费 ¥3.00，余额扣除 ¥503.00，实际到账 ¥500.00'));
    fireEvent.click(confirmButton());
    await waitFor(() => expect(dialog()).toBeTruthy());
    fireEvent.click(dialogButton('确认提现'));
    await waitFor(() => expect(api.bodiesOf('wallet/withdraw')).toHaveLength(1));
    expect(confirmButton().disabled).toBe(true);
    expect(confirmButton().textContent).toBe('提交中');
    await waitFor(() => expect(dialog()).toBeNull());
    fireEvent.click(confirmButton());
    fireEvent.click(confirmButton());
    // Past a validation, a fee's pause and a confirmation's drawing: a tap that got through would show by then.
    await advance(PREVIEW_DELAY_MS);
    expect(dialog()).toBeNull();
    expect(api.bodiesOf('wallet/withdraw')).toHaveLength(1);
    await act(async () => answer(ok(withdrawal('w-1', { amountFen: 50_000, feeFen: 300 }))));
    expect(await screen.findByText('提现申请已提交')).toBeTruthy();
  });

  test('a retry after a network failure sends the same request serial; another amount a new one', async () => {
    rs.useFakeTimers({ toFake: ['Date'] });
    const { api } = open({
      wallet: wallet({ availableFen: 100_000 }),
      withdraw: sequence(noAnswer(), noAnswer(), ok(withdrawal('w-1', { amountFen: 40_000, feeFen: 240 }))),
    });
    await screen.findByText(wholeText(ACCOUNT));
    type('500');
    await waitFor(() => expect(fee()).toBe('手续费 ¥3.00，余额扣除 ¥503.00，实际到账 ¥500.00'));
    const send = async (settled = true) => {
      fireEvent.click(confirmButton());
      await waitFor(() => expect(dialog()).toBeTruthy());
      fireEvent.click(dialogButton('确认提现'));
      await waitFor(() => expect(dialog()).toBeNull());
      if (settled) await waitFor(() => expect(confirmButton().disabled).toBe(false));
    };
    await send();
    // Within 2 s the same withdrawal is refused by the client itself (请勿重复提交), never sent.
    await send();
    expect(api.bodiesOf('wallet/withdraw')).toHaveLength(1);
    rs.setSystemTime(Date.now() + 2_500);
    await send();
    const [first, second] = api.bodiesOf('wallet/withdraw') as { requestSerial: string }[];
    expect(second?.requestSerial).toBe(first?.requestSerial);

    type('400');
    await waitFor(() => expect(fee()).toBe('手续费 ¥2.40，余额扣除 ¥402.40，实际到账 ¥400.00'));
    await send(false);
    const third = api.bodiesOf('wallet/withdraw')[2] as { amountFen: number; requestSerial: string };
    expect(third.amountFen).toBe(40_000);
    expect(third.requestSerial).not.toBe(first?.requestSerial);
    expect(await screen.findByText('提现申请已提交')).toBeTruthy();
  });

  test("the server's refusal (4000) shows under the amount", async () => {
    open({
      wallet: wallet({ availableFen: 100_000 }),
      withdraw: fail(4000, '超过可提现余额', { fields: { amountFen: '超过可提现余额' } }),
    });
    await screen.findByText(wholeText(ACCOUNT));
    type('500');
    await waitFor(() => expect(fee()).toBe('手续费 ¥3.00，余额扣除 ¥503.00，实际到账 ¥500.00'));
    fireEvent.click(confirmButton());
    await waitFor(() => expect(dialog()).toBeTruthy());
    fireEvent.click(dialogButton('确认提现'));
    await waitFor(() => expect(fieldErrors()).toEqual(['超过可提现余额']));
    expect(screen.queryByText('提现申请已提交')).toBeNull();
  });

  test('without a bound account there is nothing to withdraw to', async () => {
    const { api } = open({ wallet: wallet({ account: null }) });
    expect(await screen.findByText('尚未绑定提现账户')).toBeTruthy();
    expect(screen.queryByPlaceholderText('请输入提现金额')).toBeNull();
    expect(api.bodiesOf('wallet/withdrawPreview')).toEqual([]);
  });

  test('a failed load of the wallet shows why with 重试', async () => {
    renderPage(<WalletWithdrawPage />, { url: '/my/wallet/tixian', calls: { 'wallet/get': sequence(noAnswer(), ok(wallet())) } });
    expect(await screen.findByText('钱包加载失败')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '重试' }));
    expect(await screen.findByText(wholeText(ACCOUNT))).toBeTruthy();
  });

  test('not for a user without the wallet permissions: nothing is asked', async () => {
    rs.useFakeTimers({ shouldAdvanceTime: true });
    const { api } = open({ user: employee() });
    expect(screen.getByText('仅管理员或收款管理员可使用钱包')).toBeTruthy();
    await settle();
    expect(api.calls).toHaveLength(0);
  });
});
