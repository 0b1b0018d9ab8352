/** Cash orders as their payer and their merchant see them, and loading one (scoped to payer or company). */
import { formatYuan } from '@app/domain/money';
import { recordAudit } from '../audit/audit-trail';
import { randomInt } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { CashOrder, PayChannel, PaymentRecord } from '@app/contract/payment';
import type { ApplicationStatus } from '@app/contract/invoice-application';
import type { InvoiceParty, InvoiceStatus } from '@app/domain/invoice-document';
import type { Database } from '../db/database';
import { cashOrders } from '../db/schema/cash';
import { companies } from '../db/schema/companies';
import { invoiceApplications, invoices } from '../db/schema/invoices';
import type { withdrawals } from '../db/schema/payouts';
import { users } from '../db/schema/users';
import type { Shop } from '../companies/shops';
import { ApiFailure, ErrorCode } from '../http/api-failure';
import { createApplication, goodsForInvoice } from '../invoices/applications';

export type OrderRow = typeof cashOrders.$inferSelect;
export type WithdrawalRow = typeof withdrawals.$inferSelect;

/** 20 characters: `P`, the time in ms, 6 random digits (the providers' out_trade_no rules allow it). */
export function newOrderNo(at: Date = new Date()): string {
  return `P${at.getTime()}${String(randomInt(1_000_000)).padStart(6, '0')}`;
}

/**
 * Writes a customer's order (待支付) at a shop or sub-code (`cash/createOrder`, after its checks). `at`: when it was
 * made (now; the demo history's are past times, db/demo-history.ts).
 */
export async function openOrder(
  db: Database,
  orderNo: string,
  shop: Shop,
  payerId: string,
  amountFen: number,
  channel: PayChannel,
  at?: Date,
): Promise<void> {
  await db.insert(cashOrders).values({
    orderNo,
    companyId: shop.companyId,
    subCodeId: shop.subCode?.id ?? null,
    subCodeName: shop.subCode?.name ?? null,
    goodsId: shop.goods?.id ?? null,
    goodsName: shop.goods?.name ?? null,
    payerId,
    amountFen,
    channel,
    ...(at && { createdAt: at }),
  });
}

export async function orderByNo(db: Database, orderNo: string): Promise<OrderRow | undefined> {
  const [order] = await db.select().from(cashOrders).where(eq(cashOrders.orderNo, orderNo));
  return order;
}

/**
 * The payer's application for the invoice of a paid order (`cash/applyInvoice`): once per order, and not when the
 * merchant issued it already; the order's row is locked meanwhile. Its id. `at` as for `openOrder`.
 */
export async function applyForOrderInvoice(
  db: Database,
  orderId: string,
  applicantId: string,
  form: { buyer: InvoiceParty; remarks: string; deliverPhone: string; deliverEmail: string },
  at?: Date,
): Promise<string> {
  return db.transaction(async (tx) => {
    const [locked] = await tx.select().from(cashOrders).where(eq(cashOrders.id, orderId)).for('update');
    if (!locked) throw new ApiFailure(ErrorCode.NotFound, '订单不存在');
    if (locked.applicationId) throw new ApiFailure(ErrorCode.TaskStateConflict, '该订单已申请开票，请勿重复申请');
    if (locked.invoiceId) throw new ApiFailure(ErrorCode.TaskStateConflict, '商户已为该订单开具发票');
    const item = await goodsForInvoice(tx, locked.companyId, locked.goodsId);
    const id = await createApplication(
      tx,
      {
        companyId: locked.companyId,
        applicantId,
        source: locked.subCodeName ? '子码' : '店铺码',
        sourceName: locked.subCodeName ?? '',
        buyer: form.buyer,
        goods: item,
        grossFen: locked.amountFen,
        remarks: form.remarks,
        deliverPhone: form.deliverPhone,
        deliverEmail: form.deliverEmail,
      },
      at,
    );
    await tx
      .update(cashOrders)
      .set({ applicationId: id })
      .where(and(eq(cashOrders.id, locked.id), isNull(cashOrders.applicationId)));
    const summary = `为订单 ${locked.orderNo}（${formatYuan(locked.amountFen)}）申请开票`;
    await recordAudit(tx, { type: 'application', id, summary, companyId: locked.companyId, role: null });
    return id;
  });
}

/** The payer's own order: 4004 when there is none, 1004 when it is someone else's. */
export async function loadPayerOrder(db: Database, orderNo: string, userId: string): Promise<OrderRow> {
  const order = await orderByNo(db, orderNo);
  if (!order) throw new ApiFailure(ErrorCode.NotFound, '订单不存在');
  if (order.payerId !== userId) throw new ApiFailure(ErrorCode.NoAccess, '无权查看他人的订单');
  return order;
}

export async function cashOrderView(db: Database, order: OrderRow): Promise<CashOrder> {
  const [company] = await db.select({ name: companies.name }).from(companies).where(eq(companies.id, order.companyId));
  const [application] = order.applicationId
    ? await db
        .select({ status: invoiceApplications.status })
        .from(invoiceApplications)
        .where(eq(invoiceApplications.id, order.applicationId))
    : [];
  return {
    orderNo: order.orderNo,
    amountFen: order.amountFen,
    channel: order.channel,
    state: order.state,
    shopName: company?.name ?? '',
    subCodeName: order.subCodeName,
    goodsName: order.goodsName,
    paidAt: order.paidAt?.toISOString() ?? null,
    createdAt: order.createdAt.toISOString(),
    applicationId: order.applicationId,
    applicationStatus: application?.status ?? null,
  };
}

/** Where an order's invoice stands: asked for by the customer, or issued by the merchant. */
export function invoiceStateOf(
  applicationStatus: ApplicationStatus | null,
  invoiceStatus: InvoiceStatus | null,
): PaymentRecord['invoiceState'] {
  if (invoiceStatus) return invoiceStatus === '开具中' || invoiceStatus === '开具失败' ? '开票中' : '已开票';
  if (!applicationStatus || applicationStatus === '已拒绝') return '未开票';
  if (applicationStatus === '开票中' || applicationStatus === '开具失败') return '开票中';
  if (applicationStatus === '已开具' || applicationStatus === '已交付') return '已开票';
  return '申请中';
}

/** The order with its payer's nickname, its application's status and its invoice (the merchant's or the application's). */
export const incomeColumns = {
  order: cashOrders,
  payer: users.nickname,
  applicationStatus: invoiceApplications.status,
  applicationInvoiceId: invoiceApplications.invoiceId,
  invoiceStatus: invoices.status,
  invoiceTaskId: invoices.taskId,
};

export interface IncomeRow {
  order: OrderRow;
  payer: string | null;
  applicationStatus: ApplicationStatus | null;
  applicationInvoiceId: string | null;
  invoiceStatus: InvoiceStatus | null;
  invoiceTaskId: string | null;
}

const CHANNEL_NAMES = { wechat: '微信支付', alipay: '支付宝', demo: '演示支付' } as const;

export function incomeRecord(row: IncomeRow): PaymentRecord {
  const { order } = row;
  const invoiceId = order.invoiceId ?? row.applicationInvoiceId;
  return {
    id: order.id,
    type: 'income',
    amountFen: order.amountFen,
    channel: order.channel,
    title: `${order.subCodeName ?? '店铺码'}收款 · ${CHANNEL_NAMES[order.channel]}`,
    counterparty: row.payer ?? '',
    orderNo: order.orderNo,
    providerTradeNo: order.providerTradeNo,
    at: (order.paidAt ?? order.createdAt).toISOString(),
    invoiceState: invoiceStateOf(row.applicationStatus, invoiceId ? row.invoiceStatus : null),
    invoiceId,
    applicationId: order.applicationId,
    taskId: invoiceId ? row.invoiceTaskId : null,
  };
}

export function expenseRecord(withdrawal: WithdrawalRow): PaymentRecord {
  return {
    id: withdrawal.id,
    type: 'expense',
    amountFen: -(withdrawal.amountFen + withdrawal.feeFen),
    channel: 'bank',
    title: `提现 ¥${(withdrawal.amountFen / 100).toFixed(2)}（手续费 ¥${(withdrawal.feeFen / 100).toFixed(2)}）`,
    counterparty: withdrawal.account,
    orderNo: withdrawal.id.replace(/-/g, '').slice(0, 20).toUpperCase(),
    providerTradeNo: withdrawal.payoutNo,
    at: withdrawal.createdAt.toISOString(),
    invoiceState: null,
    invoiceId: null,
    applicationId: null,
    taskId: withdrawal.taskId,
  };
}
