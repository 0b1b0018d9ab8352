/**
 * Where an issued invoice is sent: a mainland mobile number (11 digits starting with 1) and/or an e-mail address,
 * each optional. The server checks them on create and resend; the forms check them as the user types.
 */
import { isEmailAddress } from './invoice-title';

export const DELIVERY_MESSAGES = {
  phone: '接收手机号应为 11 位手机号码',
  email: '接收邮箱格式不正确',
} as const;

const MOBILE = /^1\d{10}$/;

export function deliverPhoneProblem(phone: string): string | null {
  const value = phone.trim();
  return value && !MOBILE.test(value) ? DELIVERY_MESSAGES.phone : null;
}

export function deliverEmailProblem(email: string): string | null {
  const value = email.trim();
  return value && !isEmailAddress(value) ? DELIVERY_MESSAGES.email : null;
}
