/**
 * The wallet's double-entry rules, pure: which accounts each movement of money changes and by how much, in
 * integer fen. Every movement's postings sum to zero; a merchant's balances (冻结, 可提现, 提现中) never go negative.
 * The server posts exactly these postings (server/src/ledger/); the property test in `ledger-model.test.ts` runs any
 * sequence of movements through them.
 *
 * Signs: a merchant account's balance is what the platform owes the merchant (never negative). The system accounts
 * are the other side: `provider_clearing` goes negative by what the payment providers hold for us, `payout_clearing`
 * and `fee_income` grow with what was paid out and earned.
 */

export const MERCHANT_ACCOUNTS = ['merchant_frozen', 'merchant_available', 'merchant_withdrawing'] as const;
export const SYSTEM_ACCOUNTS = ['provider_clearing', 'payout_clearing', 'fee_income'] as const;
export const LEDGER_ACCOUNTS = [...MERCHANT_ACCOUNTS, ...SYSTEM_ACCOUNTS] as const;
export type MerchantAccount = (typeof MERCHANT_ACCOUNTS)[number];
export type SystemAccount = (typeof SYSTEM_ACCOUNTS)[number];
export type LedgerAccount = (typeof LEDGER_ACCOUNTS)[number];

/** How a posting reads in the wallet (the contract's WALLET_ENTRY_KINDS). */
export type EntryLabel = '收款' | '结算' | '提现' | '提现手续费' | '提现退回';

export interface Posting {
  account: LedgerAccount;
  /** Signed integer fen. */
  amountFen: number;
  label: EntryLabel;
}

export type Movement =
  /** A customer's payment, verified: the provider holds it, the merchant's income is frozen until settlement. */
  | { kind: 'payment'; amountFen: number }
  /** The settlement delay has passed: frozen income becomes available. */
  | { kind: 'settlement'; amountFen: number }
  /** A withdrawal asked for: its amount and fee are held until the payout's outcome. */
  | { kind: 'withdrawal'; amountFen: number; feeFen: number }
  /** The payout arrived: the amount leaves for the bank, the fee is the platform's. */
  | { kind: 'withdrawal_paid'; amountFen: number; feeFen: number }
  /** The payout failed: amount and fee are available again. */
  | { kind: 'withdrawal_failed'; amountFen: number; feeFen: number };

export type MovementKind = Movement['kind'];

/** The withdrawal fee: 1‰ of the amount, rounded up to the fen, at least ¥1.00. */
export const WITHDRAW_FEE_PERMILLE = 1;
export const WITHDRAW_FEE_MIN_FEN = 100;

/** The fee of withdrawing `amountFen` (integer fen maths only: ⌈amount × 1‰⌉, at least 100 fen). */
export function withdrawalFee(amountFen: number): number {
  if (!Number.isSafeInteger(amountFen) || amountFen <= 0) throw new RangeError(`提现金额必须是正整数分: ${amountFen}`);
  return Math.max(Math.floor((amountFen * WITHDRAW_FEE_PERMILLE + 999) / 1000), WITHDRAW_FEE_MIN_FEN);
}

function positive(value: number, what: string): void {
  if (!Number.isSafeInteger(value) || value <= 0) throw new RangeError(`${what}必须是正整数分: ${value}`);
}

/** The postings of a movement; they always sum to zero. */
export function postingsOf(movement: Movement): Posting[] {
  positive(movement.amountFen, '金额');
  const amount = movement.amountFen;
  switch (movement.kind) {
    case 'payment':
      return [
        { account: 'provider_clearing', amountFen: -amount, label: '收款' },
        { account: 'merchant_frozen', amountFen: amount, label: '收款' },
      ];
    case 'settlement':
      return [
        { account: 'merchant_frozen', amountFen: -amount, label: '结算' },
        { account: 'merchant_available', amountFen: amount, label: '结算' },
      ];
    case 'withdrawal':
      positive(movement.feeFen, '手续费');
      return [
        { account: 'merchant_available', amountFen: -amount, label: '提现' },
        { account: 'merchant_available', amountFen: -movement.feeFen, label: '提现手续费' },
        { account: 'merchant_withdrawing', amountFen: amount, label: '提现' },
        { account: 'merchant_withdrawing', amountFen: movement.feeFen, label: '提现手续费' },
      ];
    case 'withdrawal_paid':
      positive(movement.feeFen, '手续费');
      return [
        { account: 'merchant_withdrawing', amountFen: -amount, label: '提现' },
        { account: 'payout_clearing', amountFen: amount, label: '提现' },
        { account: 'merchant_withdrawing', amountFen: -movement.feeFen, label: '提现手续费' },
        { account: 'fee_income', amountFen: movement.feeFen, label: '提现手续费' },
      ];
    case 'withdrawal_failed':
      positive(movement.feeFen, '手续费');
      return [
        { account: 'merchant_withdrawing', amountFen: -amount, label: '提现退回' },
        { account: 'merchant_withdrawing', amountFen: -movement.feeFen, label: '提现退回' },
        { account: 'merchant_available', amountFen: amount + movement.feeFen, label: '提现退回' },
      ];
  }
}

export function sumOf(postings: readonly Posting[]): number {
  return postings.reduce((sum, posting) => sum + posting.amountFen, 0);
}

export function isMerchantAccount(account: LedgerAccount): account is MerchantAccount {
  return (MERCHANT_ACCOUNTS as readonly string[]).includes(account);
}

export type Balances = Record<LedgerAccount, number>;

export function emptyBalances(): Balances {
  return Object.fromEntries(LEDGER_ACCOUNTS.map((account) => [account, 0])) as Balances;
}

/** The change of each account by these postings. */
export function changesOf(postings: readonly Posting[]): Map<LedgerAccount, number> {
  const changes = new Map<LedgerAccount, number>();
  for (const posting of postings) changes.set(posting.account, (changes.get(posting.account) ?? 0) + posting.amountFen);
  return changes;
}

/**
 * The balances after the postings, or null when they would take a merchant balance below zero (the movement is then
 * refused whole: a withdrawal of more than is available, a settlement of income that is not frozen).
 */
export function applyPostings(balances: Balances, postings: readonly Posting[]): Balances | null {
  if (sumOf(postings) !== 0) throw new Error('unbalanced postings');
  const next = { ...balances };
  for (const [account, change] of changesOf(postings)) next[account] += change;
  return MERCHANT_ACCOUNTS.every((account) => next[account] >= 0) ? next : null;
}
