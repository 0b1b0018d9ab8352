/**
 * The cash desk (`/shop/{code}` → `/cash/return`): any signed-in customer pays a shop or sub-code, follows the order,
 * and asks for its invoice. Money comes in only through `recordPayment` (cash/pay-order.ts): at once for the demo
 * provider, by the provider's verified notification for WeChat Pay and Alipay.
 */
import { audited } from '../audit/audit-trail';
import { and, eq } from 'drizzle-orm';
import { MAX_PAYMENT_FEN, type PaymentStart } from '@app/contract/payment';
import { formatYuan } from '@app/domain/money';
import { sameOriginPath } from '@app/domain/return-path';
import { recordPayment } from '../cash/pay-order';
import { applyForOrderInvoice, cashOrderView, loadPayerOrder, newOrderNo, openOrder } from '../cash/orders';
import { resolveShop } from '../companies/shops';
import { cashOrders } from '../db/schema/cash';
import { users } from '../db/schema/users';
import { ApiFailure, ErrorCode, invalidField } from '../http/api-failure';
import { defineCall } from '../http/define-call';
import { PaymentRequestError, type PaymentStart as GatewayStart } from '../payments/payment-gateway';

const CHANNEL_NAMES = { wechat: '微信支付', alipay: '支付宝', demo: '演示支付' } as const;
/** No payment provider at all (a real deployment before its merchant account is set up); the cash desk says the same. */
const NO_ONLINE_PAYMENT = '商户暂未开通在线支付';

/** What the browser needs, as the contract says it (nothing of the verified payment, no prepay id). */
function startView(start: GatewayStart): PaymentStart {
  if (start.kind === 'demo') return { kind: 'demo' };
  if (start.kind === 'wechat-jsapi') return { kind: 'wechat-jsapi', jsapi: start.jsapi };
  return { kind: 'alipay-wap', redirectUrl: start.redirectUrl };
}

const createOrder = defineCall('cash/createOrder', {
  access: { kind: 'user' },
  rateLimit: { max: 30, windowMs: 60_000 },
  handler: async ({ caller, body, services }) => {
    const shop = await resolveShop(services.db, body.code);
    if (shop.closedReason) throw new ApiFailure(ErrorCode.TaskStateConflict, shop.closedReason);
    if (body.amountFen > MAX_PAYMENT_FEN) throw invalidField('amountFen', `单笔付款不能超过 ${formatYuan(MAX_PAYMENT_FEN)}`);
    if (shop.amountFen !== null && body.amountFen !== shop.amountFen) throw invalidField('amountFen', '请按固定金额付款');
    // Only a channel this deployment offers (shop/get lists them): demo is one only where demo payment is on.
    const gateway = services.payments.get(body.channel);
    if (!gateway) {
      throw invalidField(
        'channel',
        services.payments.channels().length === 0 ? NO_ONLINE_PAYMENT : `暂不支持${CHANNEL_NAMES[body.channel]}，请选择其他支付方式`,
      );
    }
    const orderNo = newOrderNo();
    // The app's own page, judged as every return address is (docs/security.md).
    const returnUrl = sameOriginPath(`/cash/return?orderNo=${orderNo}`);
    if (!returnUrl) throw new Error(`return path refused for ${orderNo}`);
    const [payer] = await services.db
      .select({ provider: users.provider, subject: users.providerSubject })
      .from(users)
      .where(eq(users.id, caller.userId));
    await audited(
      services.db,
      (tx) => openOrder(tx, orderNo, shop, caller.userId, body.amountFen, body.channel),
      () => ({
        type: 'order',
        id: orderNo,
        summary: `向「${shop.shopName}」付款 ${formatYuan(body.amountFen)}`,
        companyId: shop.companyId,
        role: null,
      }),
    );
    let start: GatewayStart;
    try {
      start = await gateway.createPayment({
        orderNo,
        amountFen: body.amountFen,
        // In full: each provider's gateway fits it to that provider's limits without splitting a character.
        description: `${shop.shopName}${shop.subCode ? `-${shop.subCode.name}` : ''}`,
        ...(payer?.provider === 'wechat' && { payerOpenId: payer.subject }),
        notifyUrl: `${services.publicUrl}/api/payments/notify/${body.channel}`,
        returnUrl: `${services.publicUrl}${returnUrl}`,
        channel: body.channel,
      });
    } catch (error) {
      await services.db
        .update(cashOrders)
        .set({ state: '已关闭' })
        .where(and(eq(cashOrders.orderNo, orderNo), eq(cashOrders.state, '待支付')));
      if (error instanceof PaymentRequestError) {
        throw error.kind === 'input' && body.channel === 'wechat' && payer?.provider !== 'wechat'
          ? invalidField('channel', '请在微信中打开并使用微信登录后再选择微信支付')
          : new ApiFailure(ErrorCode.TaskStateConflict, '支付发起失败，请稍后重试');
      }
      throw error;
    }
    // The demo provider has paid already: credit it through the same path as a notification.
    if (start.kind === 'demo') await recordPayment(services.db, start.payment);
    return { orderNo, start: startView(start) };
  },
});

const getOrder = defineCall('cash/getOrder', {
  access: { kind: 'user' },
  handler: async ({ caller, body, services }) => cashOrderView(services.db, await loadPayerOrder(services.db, body.orderNo, caller.userId)),
});

const applyInvoice = defineCall('cash/applyInvoice', {
  access: { kind: 'user' },
  rateLimit: { max: 20, windowMs: 60_000 },
  handler: async ({ caller, body, services }) => {
    const order = await loadPayerOrder(services.db, body.orderNo, caller.userId);
    if (order.state !== '已支付') throw new ApiFailure(ErrorCode.TaskStateConflict, '订单尚未支付，不能申请开票');
    const applicationId = await applyForOrderInvoice(services.db, order.id, caller.userId, {
      buyer: body.buyer,
      remarks: body.remarks ?? '',
      deliverPhone: body.deliverPhone ?? '',
      deliverEmail: body.deliverEmail ?? '',
    });
    return { applicationId };
  },
});

export const cashCalls = [createOrder, getOrder, applyInvoice];
