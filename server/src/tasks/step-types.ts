/** What a step of a task works with, and how it changes its task (see task-steps.ts and invoices/invoice-steps.ts). */
import type { Database } from '../db/database';
import type { taxAccounts } from '../db/schema/tax-accounts';
import type { ETaxGateway } from '../etax/gateway';
import type { PayoutGateway } from '../payouts/payout-gateway';
import type { DeliveryChannels } from '../delivery/transports';

export interface StepContext {
  db: Database;
  gateway: ETaxGateway;
  secretKey: Buffer;
  /** Withdrawals' payouts (absent: withdraw tasks fail as unsupported). */
  payouts?: PayoutGateway;
  /** Where issued invoices are sent (absent: delivery tasks fail as unsupported). */
  delivery?: DeliveryChannels;
  /**
   * Issued invoices' deliveries are recorded as sent at the step's time, not sent: the demo history's past invoices
   * (db/demo-history.ts), delivered back then.
   */
  recordDeliveriesOnly?: true;
  /** The time a step runs at: now, unless the demo history runs its steps at past times (db/demo-history.ts). */
  now?: () => Date;
  /**
   * The company's readiness at the tax bureau when the step runs, where the caller knows it; otherwise (the worker)
   * it is read from the company's tax account now. The demo history's past steps cannot read it there: the account
   * holds how things stand today.
   */
  readiness?: Readiness;
}

/** Whether the tax bureau will issue for the company: the issuer printed on its invoices, or why not. */
export type Readiness = { issuer: string } | { reason: string };

/** The time of a step of this context. */
export function stepTime(context: Pick<StepContext, 'now'>): Date {
  return context.now?.() ?? new Date();
}

/** How a step changes its task; `account` is applied to the company's tax account in the same transaction. */
export interface StepOutcome {
  status?: number;
  failReason?: string | null;
  extensionData?: string | null;
  payload?: Record<string, unknown>;
  result?: Record<string, unknown>;
  nextRunAt?: Date;
  smsSentAt?: Date;
  finished?: boolean;
  account?: Partial<typeof taxAccounts.$inferInsert>;
  /** Other rows the step changes, written in the same transaction as the task's outcome (and only if it is). */
  effects?: (tx: Database) => Promise<void>;
}
