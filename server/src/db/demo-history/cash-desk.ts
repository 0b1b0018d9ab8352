/** Customers paying at the cash desk (the demo provider pays), now and then asking for the invoice afterwards. */
import { eq } from 'drizzle-orm';
import { applyForOrderInvoice, newOrderNo, openOrder } from '../../cash/orders';
import { recordPayment } from '../../cash/pay-order';
import { DemoPayGateway } from '../../payments/demo-pay';
import { cashOrders } from '../schema/cash';
import { applicationForm, decide, decisionTime } from './applications';
import { MINUTE } from './china-hours';
import type { History } from './history';
import { CUSTOMERS } from './participants';

/** A customer pays at one of the shops (`shopIndex` of `history.shops`). */
export async function payAt(history: History, at: Date, shopIndex: number): Promise<void> {
  const { db, rng, shops, options } = history;
  const shop = shops[shopIndex] ?? shops[0];
  if (!shop) return;
  const customer = rng.int(0, CUSTOMERS.length - 1);
  const amountFen =
    shop.amountFen ??
    (shop.subCode ? rng.int(15, 300) * 100 : rng.pick([rng.int(20, 200) * 100, rng.int(200, 1500) * 100, rng.int(8, 60) * 500]));
  const orderNo = newOrderNo(at);
  await openOrder(db, orderNo, shop, history.customerIds[customer] as string, amountFen, 'demo', at);
  const start = await new DemoPayGateway({ now: history.now }).createPayment({
    orderNo,
    amountFen,
    description: `${shop.shopName}${shop.subCode ? `-${shop.subCode.name}` : ''}`.slice(0, 100),
    notifyUrl: `${options.publicUrl}/api/payments/notify/demo`,
    returnUrl: `${options.publicUrl}/cash/return?orderNo=${orderNo}`,
    channel: 'demo',
  });
  if (start.kind !== 'demo' || (await recordPayment(db, start.payment, at)) !== 'credited')
    throw new Error(`demo history: order ${orderNo} not paid`);
  history.summary.paidOrders++;
  // Now and then the customer asks for its invoice at /cash/return.
  if (rng.chance(0.08)) await askForInvoice(history, orderNo, customer, at);
}

/** The customer asks for the invoice of a paid order a few minutes later; the merchant mostly issues it. */
async function askForInvoice(history: History, orderNo: string, customer: number, paidAt: Date): Promise<void> {
  const { db, rng } = history;
  const [order] = await db.select().from(cashOrders).where(eq(cashOrders.orderNo, orderNo));
  if (!order) return;
  const form = applicationForm(history, customer);
  const asked = new Date(paidAt.getTime() + rng.int(1, 6) * MINUTE);
  history.schedule.add(asked.getTime(), async (when) => {
    const id = await applyForOrderInvoice(db, order.id, order.payerId, form, when);
    history.summary.applications++;
    decide(history, id, rng.chance(0.9) ? 'issue' : 'reject', decisionTime(history, when.getTime()));
  });
}
