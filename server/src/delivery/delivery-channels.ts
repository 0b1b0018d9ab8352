/** The transports deliveries go through, from the settings: SMTP where SMTP_URL is set, else the outbox; SMS: the simulator. */
import type { Database } from '../db/database';
import { DEFAULT_MAIL, type MailConfig } from './mail-config';
import { OutboxTransport, SimulatorSmsProvider } from './outbox';
import { SmtpTransport } from './smtp-transport';
import type { DeliveryChannels } from './transports';

/**
 * A send must have ended before the worker's step time-out (which also covers loading the invoice and drawing its
 * PDF), so that the next attempt knows its outcome: a little over half of it.
 */
export function sendTimeoutFor(stepTimeoutMs: number): number {
  return Math.max(500, Math.floor(stepTimeoutMs * 0.6));
}

export function deliveryChannels(
  db: Database,
  options: {
    mail?: MailConfig | undefined;
    stepTimeoutMs: number;
    publicUrl: string;
    secretKey: Buffer;
  },
): DeliveryChannels {
  const mail = options.mail ?? DEFAULT_MAIL;
  const from = { name: mail.fromName, address: mail.fromAddress };
  const sendTimeoutMs = sendTimeoutFor(options.stepTimeoutMs);
  return {
    mail: mail.smtpUrl ? new SmtpTransport(mail.smtpUrl, { from, timeoutMs: sendTimeoutMs, db }) : new OutboxTransport(db, from),
    sms: new SimulatorSmsProvider(db),
    sendTimeoutMs,
    from,
    publicUrl: options.publicUrl,
    secretKey: options.secretKey,
  };
}
