/**
 * Settlement (T+1 by default, PAYMENT_SETTLEMENT_DELAY_MS): a paid order's income moves merchant_frozen →
 * merchant_available once `paid_at` + the delay has passed. Lazily, when the wallet is read or withdrawn from: the
 * due orders of the company are settled first, in one transaction, each once — the order's `settled_at` is
 * compare-and-set and the ledger key is `settle:<orderNo>` — so two readers at once settle nothing twice. Nothing
 * needs a timer, and what the wallet shows is always settled up to the moment it is read.
 */
import { and, asc, eq, isNull, lte, sql } from 'drizzle-orm';
import type { Database } from '../db/database';
import { cashOrders, unsettledOrder } from '../db/schema/cash';
import { post } from '../ledger/ledger';

/** Orders settled per call, at most (the rest at the next read). */
const SETTLE_BATCH = 200;

/** The company's orders due to settle at `at` (now if not given): paid, not settled, and paid the delay ago. */
function dueOrder(companyId: string, delayMs: number, at?: Date) {
  const dueBy = at ? new Date(at.getTime() - delayMs) : sql`now() - (${delayMs} * interval '1 millisecond')`;
  return and(eq(cashOrders.companyId, companyId), unsettledOrder, lte(cashOrders.paidAt, dueBy));
}

/**
 * Settles the company's due orders inside `tx` (a transaction); how many. `at`: the time of the read that settles
 * (now; the demo history's wallet reads are at past times, db/demo-history.ts).
 */
export async function settleDue(tx: Database, companyId: string, delayMs: number, at?: Date): Promise<number> {
  const due = await tx
    .select({ id: cashOrders.id, orderNo: cashOrders.orderNo, amountFen: cashOrders.amountFen })
    .from(cashOrders)
    .where(dueOrder(companyId, delayMs, at))
    .orderBy(asc(cashOrders.paidAt))
    .limit(SETTLE_BATCH)
    .for('update', { skipLocked: true });
  let settled = 0;
  for (const order of due) {
    const [claimed] = await tx
      .update(cashOrders)
      .set({ settledAt: at ?? new Date() })
      .where(and(eq(cashOrders.id, order.id), isNull(cashOrders.settledAt)))
      .returning({ id: cashOrders.id });
    if (!claimed) continue;
    await post(tx, {
      companyId,
      movement: { kind: 'settlement', amountFen: order.amountFen },
      idempotencyKey: `settle:${order.orderNo}`,
      memo: order.orderNo,
      at,
    });
    settled++;
  }
  return settled;
}

/**
 * Settles what is due in a transaction of its own (before a read of the wallet, at `at` as for `settleDue`). Most
 * reads find nothing due: one plain read of the index `cash_orders_unsettled` says so, and only then is the
 * transaction with its row locks opened (on PGlite a transaction holds every other query until it ends). An order
 * another reader is settling still reads as due here; the transaction's compare-and-set then settles it once.
 */
export async function settleCompany(db: Database, companyId: string, delayMs: number, at?: Date): Promise<number> {
  const [anyDue] = await db
    .select({ one: sql`1` })
    .from(cashOrders)
    .where(dueOrder(companyId, delayMs, at))
    .limit(1);
  if (!anyDue) return 0;
  return db.transaction((tx) => settleDue(tx, companyId, delayMs, at));
}
