/**
 * How issued invoices are sent, from the environment (docs/server.md, "Settings"):
 *
 * | variable | what |
 * |---|---|
 * | SMTP_URL | `smtp://user:password@host:587` (STARTTLS when the server offers it) or `smtps://…:465`; absent: the built-in outbox |
 * | MAIL_FROM_ADDRESS | the sender's address; needed with SMTP_URL (the outbox uses `noreply@yst.invalid`) |
 * | MAIL_FROM_NAME | the sender's name, `优税通` by default |
 */
import { isEmailAddress } from '@app/domain/invoice-title';

export interface MailConfig {
  /** Null: e-mail goes to the built-in outbox (server/src/delivery/outbox.ts). */
  smtpUrl: string | null;
  fromName: string;
  fromAddress: string;
}

export const OUTBOX_FROM_ADDRESS = 'noreply@yst.invalid';

export const DEFAULT_MAIL: MailConfig = { smtpUrl: null, fromName: '优税通', fromAddress: OUTBOX_FROM_ADDRESS };

export function mailConfigFromEnv(env: NodeJS.ProcessEnv): MailConfig {
  const smtpUrl = env.SMTP_URL?.trim() || null;
  if (smtpUrl) {
    let protocol = '';
    try {
      protocol = new URL(smtpUrl).protocol;
    } catch {
      // Reported below with the others.
    }
    if (protocol !== 'smtp:' && protocol !== 'smtps:') throw new Error('SMTP_URL 无效：应为 smtp://用户名:密码@主机:端口 或 smtps://…');
  }
  const fromAddress = env.MAIL_FROM_ADDRESS?.trim() || null;
  if (smtpUrl && !fromAddress) throw new Error('已设置 SMTP_URL，还需设置发件地址 MAIL_FROM_ADDRESS');
  if (fromAddress && !isEmailAddress(fromAddress)) throw new Error(`MAIL_FROM_ADDRESS 无效: ${fromAddress}`);
  const fromName = env.MAIL_FROM_NAME?.trim() || DEFAULT_MAIL.fromName;
  if (/[\r\n<>"]/.test(fromName) || fromName.length > 60) throw new Error('MAIL_FROM_NAME 无效：最多 60 个字符，不含换行、尖括号和引号');
  return { smtpUrl, fromName, fromAddress: fromAddress ?? OUTBOX_FROM_ADDRESS };
}
