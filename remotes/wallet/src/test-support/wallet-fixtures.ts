/**
 * Test support (never imported by the app): wallets, ledger entries and withdrawals as the server answers them, the
 * users who may and may not use the wallet, and a layout stand-in for list pages (happy-dom does no layout, and
 * antd-mobile's InfiniteScroll only loads when its element has an offsetParent).
 */
import { userDetail } from '@app/host-sdk/testing';
import type { Wallet, WalletEntry, Withdrawal } from '@app/contract/wallet';

export const ACCOUNT = '招商银行（尾号 8888）';

/**
 * A getByText matcher for text the page shows in pieces (an account's 尾号 is a piece of its own, kept on one line):
 * the innermost element that holds all of it.
 */
export function wholeText(text: string | RegExp) {
  const holds = (node: Element) => (typeof text === 'string' ? node.textContent === text : text.test(node.textContent ?? ''));
  return (_content: string, element: Element | null) => element !== null && holds(element) && !Array.from(element.children).some(holds);
}

export function wallet(overrides: Partial<Wallet> = {}): Wallet {
  return { availableFen: 123_450, frozenFen: 8_800, account: ACCOUNT, feeRatePermille: 6, feeMinFen: 100, recent: [], ...overrides };
}

export function entry(id: string, overrides: Partial<WalletEntry> = {}): WalletEntry {
  return { id, kind: '收款', amountFen: 8_800, balance: 'frozen', memo: '顾客付款 YST0001', at: '2026-11-23T02:05:00.000Z', ...overrides };
}

export function withdrawal(id: string, overrides: Partial<Withdrawal> = {}): Withdrawal {
  return {
    id,
    amountFen: 5_000,
    feeFen: 100,
    state: '审核中',
    failReason: null,
    account: ACCOUNT,
    createdAt: '2026-11-23T03:00:00.000Z',
    finishedAt: null,
    ...overrides,
  };
}

/** 线下收款管理员: may use the wallet without managing the company. */
export const cashier = () => userDetail({ permissions: ['company_user_role', 'benefit_payment'] });
/** 企业员工: may not. */
export const employee = () => userDetail({ permissions: ['company_user_role'] });
