/**
 * The merchant's wallet: balances are sums of an append-only ledger in integer fen. Income is 冻结 until
 * the settlement delay has passed, then 可提现; a withdrawal holds its amount and fee until the payout succeeds, or
 * gives them back when it fails.
 */
import Type, { type Static } from 'typebox';
import { Body, call, changes, Empty, Fen, IsoTime, Nullable, OneOf, Paged, Paging, READ_ONLY, UPKEEP } from './schema-kit';

export const WALLET_ENTRY_KINDS = ['收款', '结算', '提现', '提现手续费', '提现退回'] as const;
export const WITHDRAWAL_STATES = ['审核中', '已到账', '失败'] as const;

export const WalletEntry = Type.Object({
  id: Type.String(),
  kind: OneOf([...WALLET_ENTRY_KINDS], '类型'),
  /** Signed change of the balance it belongs to; for `frozenToAvailable`, what moved (positive). */
  amountFen: Type.Integer(),
  /**
   * Which balance it moved: 可提现 or 冻结, or `frozenToAvailable`, a settlement: one movement of `amountFen` from 冻结
   * to 可提现 (冻结 −amountFen, 可提现 +amountFen).
   */
  balance: OneOf(['available', 'frozen', 'frozenToAvailable'], '余额'),
  memo: Type.String(),
  at: IsoTime,
});
export type WalletEntry = Static<typeof WalletEntry>;

export const Withdrawal = Type.Object({
  id: Type.String(),
  amountFen: Type.Integer(),
  feeFen: Type.Integer(),
  state: OneOf([...WITHDRAWAL_STATES], '提现状态'),
  failReason: Nullable(Type.String()),
  account: Type.String(),
  createdAt: IsoTime,
  finishedAt: Nullable(IsoTime),
});
export type Withdrawal = Static<typeof Withdrawal>;

export const Wallet = Type.Object({
  availableFen: Type.Integer({ minimum: 0 }),
  frozenFen: Type.Integer({ minimum: 0 }),
  /** The bank account withdrawals go to (masked), or null when none is bound. */
  account: Nullable(Type.String()),
  /** The fee of a withdrawal: per mille of the amount, at least `feeMinFen`. */
  feeRatePermille: Type.Integer(),
  feeMinFen: Type.Integer(),
  recent: Type.Array(WalletEntry),
});
export type Wallet = Static<typeof Wallet>;

const RequestSerial = Type.String({ title: '请求流水号', pattern: '^[A-Za-z0-9-]{8,40}$', maxLength: 40 });

export const walletCalls = {
  'wallet/get': call(Empty, Wallet, UPKEEP),
  'wallet/entries': call(Body({ ...Paging }), Paged(WalletEntry), UPKEEP),
  /** What a withdrawal of this amount costs and pays out, before the user confirms. */
  'wallet/withdrawPreview': call(
    Body({ amountFen: Fen('提现金额', 1) }),
    Type.Object({ amountFen: Type.Integer(), feeFen: Type.Integer(), arriveFen: Type.Integer() }),
    UPKEEP,
  ),
  /** Withdraws to the bound account (once per request serial); never more than the available balance. */
  'wallet/withdraw': call(Body({ amountFen: Fen('提现金额', 1), requestSerial: RequestSerial }), Withdrawal, changes('wallet.withdraw')),
  'wallet/withdrawals': call(Body({ ...Paging }), Paged(Withdrawal), READ_ONLY),
};
