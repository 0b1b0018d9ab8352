/**
 * What a withdrawal asks of the bank side: pay an amount to an account, once per reference (the withdrawal's id). A
 * payout asked again with the same reference answers the first outcome and never pays twice, so a worker that crashed
 * after asking simply asks again. `outcome` tells what became of a reference without paying (null: never received).
 */
export interface PayoutRequest {
  /** The withdrawal's id: the idempotency key at the bank. */
  ref: string;
  amountFen: number;
  bankName: string;
  bankAccount: string;
}

export type PayoutOutcome = { state: 'paid'; payoutNo: string } | { state: 'failed'; reason: string };

/** The bank could not be asked, or did not answer: the step is tried again (never a failure of the payout). */
export class PayoutUnavailable extends Error {
  override name = 'PayoutUnavailable';
}

export interface PayoutGateway {
  payout(request: PayoutRequest): Promise<PayoutOutcome>;
  outcome(ref: string): Promise<PayoutOutcome | null>;
}
