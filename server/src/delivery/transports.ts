/**
 * What the delivery step hands a transport, and what a transport promises. `recordSent` writes that the message was
 * sent: a transport that stores the message in the database (the outbox, the SMS simulator) calls it in the same
 * transaction as the message, so both happen or neither; one that hands the message to another server (SMTP) calls
 * it as soon as that server has accepted the message. A transport throws a DeliveryFailure only when nothing was sent.
 */
import type { Database } from '../db/database';

export type RecordSent = (db: Database) => Promise<void>;

export interface OutgoingMail {
  /** The delivery it sends, or the task that sends an export (the outbox keeps one message per each). */
  deliveryId?: number;
  exportTaskId?: string;
  /** The same on every attempt of a delivery, so a receiver can tell a repeat (`<…@domain>`). */
  messageId: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Absent: the message carries a link instead (an export too large to attach). */
  attachment?: { fileName: string; content: Buffer; contentType?: string };
}

export interface MailTransport {
  /** `smtp`: a real mail server; `outbox`: stored here and shown at /etax-sim/outbox. */
  readonly kind: 'smtp' | 'outbox';
  send(mail: OutgoingMail, recordSent: RecordSent): Promise<void>;
}

export interface OutgoingSms {
  deliveryId: number;
  to: string;
  text: string;
}

/** Sends SMS; the simulator (delivery/outbox.ts) unless a real provider is configured. */
export interface SmsProvider {
  readonly kind: string;
  send(sms: OutgoingSms, recordSent: RecordSent): Promise<void>;
}

/** The transports the delivery step sends with, and the time after which a send still marked 发送中 cannot be running. */
export interface DeliveryChannels {
  mail: MailTransport;
  sms: SmsProvider;
  /** A send gives up after this long (below the worker's step time-out), so its outcome is known by then. */
  sendTimeoutMs: number;
  /** The sender of e-mails (`优税通 <noreply@…>`). */
  from: { name: string; address: string };
  /** Links in messages point here; signed with the server's key. */
  publicUrl: string;
  secretKey: Buffer;
}
