/**
 * invoice/resend: an issued invoice sent again, to the address it went to or another, as new deliveries (待发送) that
 * the worker sends. At most RESEND_LIMIT a window per invoice, whoever asks (counted like every rate limit: in Redis
 * for the fleet where REDIS_URL is set).
 */
import { audited } from '../audit/audit-trail';
import type { InvoiceDelivery } from '@app/contract/invoice';
import type { Caller, CallerCompany } from '../auth/caller';
import { ApiFailure, ErrorCode, invalidInput } from '../http/api-failure';
import type { RateLimit } from '../http/rate-limiter';
import { checkedDelivery } from '../invoices/invoice-input';
import { loadCompanyInvoice } from '../invoices/invoice-records';
import type { AppServices } from '../services';
import { deliveryTargets, deliveryView, queueDeliveries } from './delivery-records';

export const RESEND_LIMIT: RateLimit = { max: 5, windowMs: 3600_000 };
export const RESEND_LIMIT_MESSAGE = `同一张发票 1 小时内最多重新发送 ${RESEND_LIMIT.max} 次，请稍后再试`;

export async function resendInvoice(
  services: AppServices,
  caller: Caller,
  company: CallerCompany,
  body: { id: string; phone?: string; email?: string },
): Promise<{ sentTo: string; deliveries: InvoiceDelivery[] }> {
  const invoice = await loadCompanyInvoice(services.db, body.id, company.id);
  if (!invoice.number) throw new ApiFailure(ErrorCode.TaskStateConflict, '发票尚未开具，不能发送');
  const { deliverPhone, deliverEmail } = checkedDelivery(body.phone ?? '', body.email ?? '', { phone: 'phone', email: 'email' });
  if (!deliverPhone && !deliverEmail) throw invalidInput('请填写接收手机号或邮箱', { phone: '请填写接收手机号或邮箱' });
  if (!(await services.rateLimiter.allow(`invoice-resend:${invoice.id}`, RESEND_LIMIT))) {
    throw new ApiFailure(ErrorCode.TooManyRequests, RESEND_LIMIT_MESSAGE);
  }
  const targets = deliveryTargets(deliverPhone, deliverEmail);
  const sentTo = targets.map((target) => target.address).join('、');
  const rows = await audited(
    services.db,
    (tx) => queueDeliveries(tx, { invoice, targets, userId: caller.userId, requestedBy: caller.userId, at: new Date() }),
    () => ({
      type: 'invoice',
      id: invoice.id,
      summary: `重发发票 ${invoice.number}（${targets.map((target) => (target.channel === 'sms' ? '短信' : '邮件')).join('、')}）`,
    }),
  );
  services.tasks.wake();
  return { sentTo, deliveries: rows.map(deliveryView) };
}
