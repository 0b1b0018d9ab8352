/**
 * Paying an order: the one path by which money comes in, for a verified provider notification and for the demo
 * provider alike. In one transaction: the order moves 待支付 → 已支付 only if it is still 待支付 (compare-and-set,
 * under its row lock), the amount must be the order's, and the ledger posts `payment` (provider_clearing →
 * merchant_frozen) under the notification's key. A replayed or duplicated notification (the providers notify until
 * answered, and in parallel) finds the order paid or the key posted, and credits nothing again.
 */
import { and, eq } from 'drizzle-orm';
import type { Database } from '../db/database';
import { cashOrders } from '../db/schema/cash';
import { post } from '../ledger/ledger';
import type { VerifiedPayment } from '../payments/payment-gateway';
import { addToMonthTotals } from './money-totals';

/** A notification that cannot be recorded (the provider is answered with failure and retries; the log says why). */
export class PaymentNotRecorded extends Error {
  override name = 'PaymentNotRecorded';
}

export type PaymentRecord = 'credited' | 'already' | 'ignored';

/** `at`: when it is recorded (now; the demo history records its past payments at their times, db/demo-history.ts). */
export async function recordPayment(db: Database, payment: VerifiedPayment, at?: Date): Promise<PaymentRecord> {
  if (payment.state !== 'paid') return 'ignored';
  return db.transaction(async (tx) => {
    const [order] = await tx.select().from(cashOrders).where(eq(cashOrders.orderNo, payment.orderNo)).for('update');
    if (!order) throw new PaymentNotRecorded(`no order ${payment.orderNo}`);
    if (order.channel !== payment.channel)
      throw new PaymentNotRecorded(`order ${order.orderNo} is a ${order.channel} order, not ${payment.channel}`);
    if (order.amountFen !== payment.amountFen)
      throw new PaymentNotRecorded(`order ${order.orderNo} is ${order.amountFen} fen, the notification says ${payment.amountFen}`);
    if (order.state !== '待支付') return 'already';
    const paidAt = at ?? new Date();
    const [paid] = await tx
      .update(cashOrders)
      .set({ state: '已支付', paidAt, providerTradeNo: payment.providerTradeNo })
      .where(and(eq(cashOrders.id, order.id), eq(cashOrders.state, '待支付')))
      .returning({ id: cashOrders.id });
    if (!paid) return 'already';
    const posted = await post(tx, {
      companyId: order.companyId,
      movement: { kind: 'payment', amountFen: order.amountFen },
      idempotencyKey: payment.notificationKey,
      memo: order.orderNo,
      at,
    });
    if (!posted) throw new PaymentNotRecorded(`notification ${payment.notificationKey} was posted for another order`);
    await addToMonthTotals(tx, order.companyId, paidAt, order.channel, { incomeFen: order.amountFen, incomeCount: 1 });
    return 'credited';
  });
}
