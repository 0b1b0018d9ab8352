/**
 * What a withdrawal asks of the bank side, as a real bank's payout interface works: a payout is received at once,
 * once per reference (the withdrawal's id), and decided later. Asked again with the same reference, the bank answers
 * what it has (still processing, paid or refused) and never pays twice, so a worker that crashed or stopped waiting
 * simply asks again. `outcome` tells what became of a reference without paying; `unknown` means never received.
 *
 * Money goes back to the wallet only on a definitive answer: `failed`, or `unknown` after `cancelUnreceived` made sure
 * a request still on its way (a step abandoned after its timeout, a worker that lost its lease) is refused when it
 * arrives. `processing` is never a reason to give money back: the bank may still pay.
 */
export interface PayoutRequest {
  /** The withdrawal's id: the idempotency key at the bank. */
  ref: string;
  amountFen: number;
  bankName: string;
  bankAccount: string;
}

/** A decision of the bank: paid (with its serial) or refused (with its reason). */
export type PayoutOutcome = { state: 'paid'; payoutNo: string } | { state: 'failed'; reason: string };

/** What the bank says of a reference: decided, received and not decided yet, or never received. */
export type PayoutStatus = PayoutOutcome | { state: 'processing' } | { state: 'unknown' };

/** The bank could not be asked, or did not answer: the step is tried again (never a failure of the payout). */
export class PayoutUnavailable extends Error {
  override name = 'PayoutUnavailable';
}

export interface PayoutGateway {
  /** Hands the payout to the bank (or finds it there) and answers its decision, or `processing` while it has none. */
  payout(request: PayoutRequest): Promise<PayoutOutcome | { state: 'processing' }>;
  /** What became of a reference (a query: nothing is received or paid). */
  outcome(ref: string): Promise<PayoutStatus>;
  /**
   * Before money is given back for a reference: a reference the bank never received is closed (a payout asked with
   * it later is refused) and answered `unknown`; else what the bank has for it.
   */
  cancelUnreceived(ref: string, reason: string): Promise<PayoutStatus>;
}
