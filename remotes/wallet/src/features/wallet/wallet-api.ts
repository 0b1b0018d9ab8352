/**
 * The wallet's calls: the balances and recent entries, the ledger and the withdrawals (pages of 20), what a
 * withdrawal would cost, and the withdrawal itself (once per request serial, and never twice within 2 s here).
 */
import type { CallResult } from '@app/contract/api';
import type { Wallet, WalletEntry, Withdrawal } from '@app/contract/wallet';
import { callApi } from '@app/host-sdk/api-client';
import { PAGE_SIZE, type PagedResult } from '@app/ui/paging';

export type { Wallet, WalletEntry, Withdrawal };
export type WithdrawPreview = CallResult<'wallet/withdrawPreview'>;

export function getWallet(): Promise<Wallet> {
  return callApi('wallet/get', {});
}

export function listEntries(page: number): Promise<PagedResult<WalletEntry>> {
  return callApi('wallet/entries', { page, pageSize: PAGE_SIZE });
}

export function listWithdrawals(page: number): Promise<PagedResult<Withdrawal>> {
  return callApi('wallet/withdrawals', { page, pageSize: PAGE_SIZE });
}

/** The fee and what arrives, shown before the user confirms; a failure is shown beside the amount, not as a toast. */
export function previewWithdrawal(amountFen: number): Promise<WithdrawPreview> {
  return callApi('wallet/withdrawPreview', { amountFen }, { handles: true });
}

export function withdraw(amountFen: number, requestSerial: string): Promise<Withdrawal> {
  return callApi('wallet/withdraw', { amountFen, requestSerial }, { noRepeat: true });
}
