/**
 * The demo provider: a payment is paid the moment it is created, and the start answer carries the verified payment
 * for the ledger to credit through the same path as a real notification. It has no notification: anything arriving
 * at a notify address for it is refused (otherwise that address would mark orders paid for anyone who asks).
 * On only when no real provider is configured, or PAYMENT_DEMO=true (payment-config.ts).
 */
import { MAX_PAYMENT_FEN } from './payment-money';
import {
  checkCommonRequest,
  PaymentNotificationError,
  type CreatePaymentRequest,
  type GatewayDeps,
  type NotificationAnswer,
  type PaymentGateway,
  type PaymentStart,
  type VerifiedPayment,
} from './payment-gateway';

export class DemoPayGateway implements PaymentGateway {
  readonly channel = 'demo' as const;
  private readonly now: () => Date;

  constructor(deps: GatewayDeps = {}) {
    this.now = deps.now ?? (() => new Date());
  }

  async createPayment(request: CreatePaymentRequest): Promise<PaymentStart> {
    checkCommonRequest(request, 'demo', MAX_PAYMENT_FEN);
    const providerTradeNo = `DEMO-${request.orderNo}`;
    const payment: VerifiedPayment = {
      channel: 'demo',
      notificationKey: `demo:${providerTradeNo}`,
      orderNo: request.orderNo,
      providerTradeNo,
      amountFen: request.amountFen,
      paidAt: this.now(),
      state: 'paid',
      providerState: 'DEMO_PAID',
    };
    return { kind: 'demo', payment };
  }

  async verifyNotification(): Promise<VerifiedPayment> {
    throw new PaymentNotificationError('unsupported', '演示支付没有支付通知 / the demo provider sends no notifications');
  }

  successAnswer(): NotificationAnswer {
    return { status: 200, contentType: 'application/json; charset=utf-8', body: JSON.stringify({ code: 'SUCCESS' }) };
  }

  failureAnswer(reason: string, status = 400): NotificationAnswer {
    return { status, contentType: 'application/json; charset=utf-8', body: JSON.stringify({ code: 'FAIL', message: reason }) };
  }
}
