/**
 * The built-in outbox: where e-mail goes without `SMTP_URL` (the default of `npm start`), and where the simulated SMS
 * provider puts its messages. Each message is stored with its attachment, once per delivery (a unique key), in the
 * transaction that records the delivery as sent: so a message is in the outbox exactly when its delivery says 已发送.
 * `/etax-sim/outbox` lists them (delivery/outbox-routes.ts). For demos and tests only: nothing leaves the server.
 */
import { desc, eq } from 'drizzle-orm';
import type { Database } from '../db/database';
import { outboxMessages } from '../db/schema/invoices';
import { DeliveryFailure } from './delivery-failure';
import type { MailTransport, OutgoingMail, OutgoingSms, RecordSent, SmsProvider } from './transports';

export type OutboxMessage = typeof outboxMessages.$inferSelect;
type NewOutboxMessage = typeof outboxMessages.$inferInsert;

/** Stores the message and records its delivery as sent, in one transaction; nothing is stored when it fails. */
async function store(db: Database, message: NewOutboxMessage, recordSent: RecordSent): Promise<void> {
  try {
    await db.transaction(async (tx) => {
      await tx.insert(outboxMessages).values(message);
      await recordSent(tx);
    });
  } catch (error) {
    // Rolled back: nothing was sent, so the delivery may be tried again.
    throw new DeliveryFailure(`发件箱暂时无法保存（${error instanceof Error ? error.message.slice(0, 100) : '未知错误'}）`, false);
  }
}

export class OutboxTransport implements MailTransport {
  readonly kind = 'outbox';

  constructor(
    private readonly db: Database,
    private readonly from: { name: string; address: string },
  ) {}

  send(mail: OutgoingMail, recordSent: RecordSent): Promise<void> {
    return store(
      this.db,
      {
        deliveryId: mail.deliveryId ?? null,
        exportTaskId: mail.exportTaskId ?? null,
        channel: 'email',
        sender: `${this.from.name} <${this.from.address}>`,
        recipient: mail.to,
        subject: mail.subject,
        body: mail.text,
        messageId: mail.messageId,
        attachmentName: mail.attachment?.fileName ?? null,
        attachment: mail.attachment?.content ?? null,
      },
      recordSent,
    );
  }
}

/** The default SMS provider: the simulator, whose messages are read at /etax-sim/outbox. */
export class SimulatorSmsProvider implements SmsProvider {
  readonly kind = 'simulator';

  constructor(private readonly db: Database) {}

  send(sms: OutgoingSms, recordSent: RecordSent): Promise<void> {
    return store(this.db, { deliveryId: sms.deliveryId, channel: 'sms', sender: '优税通', recipient: sms.to, body: sms.text }, recordSent);
  }
}

/** The newest messages first, without their attachments. */
export function outboxList(db: Database, limit = 100) {
  return db
    .select({
      id: outboxMessages.id,
      channel: outboxMessages.channel,
      sender: outboxMessages.sender,
      recipient: outboxMessages.recipient,
      subject: outboxMessages.subject,
      body: outboxMessages.body,
      messageId: outboxMessages.messageId,
      attachmentName: outboxMessages.attachmentName,
      createdAt: outboxMessages.createdAt,
    })
    .from(outboxMessages)
    .orderBy(desc(outboxMessages.id))
    .limit(limit);
}

export async function outboxAttachment(db: Database, id: number): Promise<{ name: string; content: Buffer } | null> {
  const [message] = await db
    .select({ name: outboxMessages.attachmentName, content: outboxMessages.attachment })
    .from(outboxMessages)
    .where(eq(outboxMessages.id, id));
  return message?.name && message.content ? { name: message.name, content: message.content } : null;
}
