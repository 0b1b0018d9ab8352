/**
 * The providers' notify addresses, `POST /api/payments/notify/wechat` and `/api/payments/notify/alipay`, for the
 * configured providers. Signatures cover the body byte for byte, so these routes live in their own encapsulated
 * scope whose only content parser keeps the body as received (text, up to 64 KiB) for every content type (WeChat
 * posts application/json, Alipay application/x-www-form-urlencoded): nothing parses or re-serialises it before the
 * gateway has verified it. The API's JSON parser and hooks (`/api` calls) do not apply here, nor sign-in.
 *
 * The route answers the provider in its own form: `onNotification` (the ledger: dedupe on `notificationKey`, check
 * the order's amount, credit once) resolving → success; a refused notification → 400 and the provider's failure
 * form; `onNotification` throwing → 500, and the provider notifies again later.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { PaymentGateways } from './payment-config';
import { PaymentNotificationError, type NotificationAnswer, type PaymentGateway, type VerifiedPayment } from './payment-gateway';

export const NOTIFY_BODY_LIMIT = 64 * 1024;

export interface NotifyRouteOptions {
  gateways: PaymentGateways;
  /** Records a verified notification; throwing makes the provider retry. */
  onNotification(payment: VerifiedPayment, request: FastifyRequest): Promise<void>;
  /** Default `/api/payments/notify`. */
  prefix?: string;
}

function send(reply: FastifyReply, answer: NotificationAnswer): FastifyReply {
  return reply.code(answer.status).header('content-type', answer.contentType).send(answer.body);
}

export async function registerPaymentNotifyRoutes(app: FastifyInstance, options: NotifyRouteOptions): Promise<void> {
  const notifying = [options.gateways.wechat, options.gateways.alipay].filter(
    (gateway): gateway is NonNullable<typeof gateway> => gateway !== null,
  );
  for (const gateway of notifying as PaymentGateway[]) {
    await app.register(
      async (scope) => {
        scope.removeAllContentTypeParsers();
        scope.addContentTypeParser('*', { parseAs: 'string', bodyLimit: NOTIFY_BODY_LIMIT }, (_request, body, done) => done(null, body));
        // A body too large, or none at all: the provider's failure form, never the API's envelope.
        scope.setErrorHandler((error: { statusCode?: number; message?: string }, request, reply) => {
          const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
          if (status === 500) request.log.error({ err: error, channel: gateway.channel }, 'payment notification failed');
          return send(reply, gateway.failureAnswer(status === 500 ? '处理失败' : '请求无效', status));
        });
        scope.post('/', { schema: { body: { type: 'string', minLength: 1 } }, bodyLimit: NOTIFY_BODY_LIMIT }, async (request, reply) => {
          let payment: VerifiedPayment;
          try {
            payment = await gateway.verifyNotification({ headers: request.headers, rawBody: request.body as string });
          } catch (error) {
            if (!(error instanceof PaymentNotificationError)) throw error;
            request.log.warn({ channel: gateway.channel, problem: error.problem }, `payment notification refused: ${error.reason}`);
            return send(reply, gateway.failureAnswer(error.reason, 400));
          }
          try {
            await options.onNotification(payment, request);
          } catch (error) {
            request.log.error({ err: error, channel: gateway.channel, orderNo: payment.orderNo }, 'payment notification not recorded');
            return send(reply, gateway.failureAnswer('处理失败', 500));
          }
          return send(reply, gateway.successAnswer());
        });
      },
      { prefix: `${options.prefix ?? '/api/payments/notify'}/${gateway.channel}` },
    );
  }
}
