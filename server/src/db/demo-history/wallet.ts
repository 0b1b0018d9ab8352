/** The cashier at the wallet: what is due is settled when it is read, and a withdrawal a month to the bound account. */
import { withdrawalFee } from '@app/domain/ledger-model';
import { settleCompany } from '../../cash/settlement';
import { merchantBalances } from '../../ledger/ledger';
import { boundAccount, requestWithdrawal } from '../../payouts/withdrawals';
import { type History, nextSerial, workerPicksUp } from './history';

/** The cashier opens the wallet, which settles the income that is due. */
export const readWallet = (history: History, at: Date) =>
  settleCompany(history.db, history.company.id, history.options.settlementDelayMs, at).then(() => {});

/** The manager withdraws most of what is available, in whole hundreds of yuan, when that is enough. */
export async function withdrawAt(history: History, at: Date): Promise<void> {
  const { db, rng, company, options } = history;
  const to = boundAccount(company);
  if (!to) return;
  await settleCompany(db, company.id, options.settlementDelayMs, at);
  const { merchant_available: available } = await merchantBalances(db, company.id);
  const amountFen = Math.floor((available * rng.int(80, 90)) / 100 / 10_000) * 10_000;
  if (amountFen < 10_000 || amountFen + withdrawalFee(amountFen) > available) return;
  const { row, created } = await requestWithdrawal(
    db,
    history.queue,
    {
      companyId: company.id,
      userId: history.manager.id,
      amountFen,
      requestSerial: nextSerial(history, 'withdraw'),
      account: to,
      settlementDelayMs: options.settlementDelayMs,
    },
    at,
  );
  if (!created || !row?.taskId) throw new Error('demo history: withdrawal not made');
  history.summary.withdrawals++;
  workerPicksUp(history, row.taskId, at.getTime());
}
