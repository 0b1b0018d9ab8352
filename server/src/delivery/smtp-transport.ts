/**
 * E-mail over SMTP (`SMTP_URL`): nodemailer's composer builds the message and its SMTP connection sends it, a
 * connection per message, every wait bounded by the send time-out (and the whole send aborted at it), so a send has
 * ended, one way or the other, before the worker's step time-out. A reply of the server says whether to try again:
 * 4xx (and 503) later, 5xx never. A send that ended before the whole message was handed to the connection (no
 * connection, a server silent before or during the envelope, an abort) cannot have been taken, since a server takes
 * a message only at the end of its data: it is tried again later. One that broke or went silent after that may have
 * delivered it (the server's reply lost), so its outcome is unknown and it is never sent again.
 */
import { Readable } from 'node:stream';
import type SMTPConnection from 'nodemailer/lib/smtp-connection';
import { DeliveryFailure } from './delivery-failure';
import type { MailTransport, OutgoingMail, RecordSent } from './transports';
import type { Database } from '../db/database';

/** What nodemailer attaches to its errors (its `NodemailerError`), as far as the classification reads it. */
interface SmtpError {
  code?: string;
  originalCode?: string;
  timeoutType?: string;
  responseCode?: number;
  response?: string;
  permanent?: boolean;
  message?: string;
}

/** Errors with no SMTP reply that no later attempt can mend: the configuration, or an address that cannot exist. */
const PERMANENT_CODES: Record<string, string> = {
  EAUTH: '邮件服务器登录失败，请检查 SMTP_URL 的用户名和密码',
  ENOAUTH: '邮件服务器需要登录，请在 SMTP_URL 中填写用户名和密码',
  ECONFIG: '邮件服务配置有误（SMTP_URL）',
  EENVELOPE: '收件地址无效',
  EREQUIRETLS: '邮件服务器不支持 REQUIRETLS',
};
/** Failures before a session with the server began: nothing can have been delivered. */
const NOT_CONNECTED = new Set(['EDNS', 'ETLS', 'ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH']);
const BEFORE_SESSION_TIMEOUTS = new Set(['CONNECT_TIMEOUT', 'GREETING_TIMEOUT', 'UPGRADE_TIMEOUT']);

export const SMTP_UNKNOWN_REASON = '与邮件服务器的连接中断，无法确认是否已送达';

function reply(error: SmtpError): string {
  return (error.response ?? '').replace(/\s+/g, ' ').trim().slice(0, 200);
}

/**
 * Why the server did not take the message, and whether trying again can help; null when it may have taken it (the
 * connection broke, went silent or was aborted during the session without a reply).
 */
export function smtpFailure(error: unknown): DeliveryFailure | null {
  const smtp = (typeof error === 'object' && error !== null ? error : {}) as SmtpError;
  if (smtp.responseCode !== undefined) {
    const permanent = smtp.permanent ?? (smtp.responseCode >= 500 && smtp.responseCode !== 503);
    const said = reply(smtp) || String(smtp.responseCode);
    return new DeliveryFailure(permanent ? `邮件服务器拒收：${said}` : `邮件服务器暂时拒收：${said}`, permanent);
  }
  const known = smtp.code ? PERMANENT_CODES[smtp.code] : undefined;
  if (known) return new DeliveryFailure(known, true);
  if (smtp.code === 'ETIMEDOUT' && BEFORE_SESSION_TIMEOUTS.has(smtp.timeoutType ?? ''))
    return new DeliveryFailure('邮件服务器无响应', false);
  const cause = smtp.originalCode ?? smtp.code ?? '';
  if (NOT_CONNECTED.has(cause)) return new DeliveryFailure(`无法连接邮件服务器（${cause}）`, false);
  return null;
}

/**
 * Aborts after `ms`, but only once what already arrived has been read. A process that stood still for longer (a
 * loaded machine, a long synchronous step beside it) runs its due timers before it reads its sockets: aborting right
 * away gave up on a server whose reply was already there, and the message it had taken became 发送中 for good.
 */
function abortAfter(ms: number): AbortSignal {
  const controller = new AbortController();
  // setImmediate runs after the event loop's I/O phase, which follows its timers.
  const abort = () => controller.abort(new DOMException('The operation was aborted due to timeout', 'TimeoutError'));
  setTimeout(() => setImmediate(abort), ms).unref();
  return controller.signal;
}

/** Nothing was handed over: the server cannot have taken the message. */
const NOT_TAKEN_REASON = '邮件服务器无响应';

export class SmtpTransport implements MailTransport {
  readonly kind = 'smtp';

  constructor(
    private readonly smtpUrl: string,
    private readonly options: { from: { name: string; address: string }; timeoutMs: number; db: Database },
  ) {}

  async send(mail: OutgoingMail, recordSent: RecordSent): Promise<void> {
    // nodemailer is loaded by the first message, not by every server start (docs/server.md, "Memory").
    const [{ default: MailComposer }, { default: Connection }, { parseConnectionUrl }] = await Promise.all([
      import('nodemailer/lib/mail-composer'),
      import('nodemailer/lib/smtp-connection'),
      import('nodemailer/lib/shared'),
    ]);
    const composed = new MailComposer({
      from: { name: this.options.from.name, address: this.options.from.address },
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      messageId: mail.messageId,
      attachments: mail.attachment
        ? [
            {
              filename: mail.attachment.fileName,
              content: mail.attachment.content,
              contentType: mail.attachment.contentType ?? 'application/pdf',
            },
          ]
        : [],
    }).compile();
    const envelope = composed.getEnvelope();
    // Read by the connection only once the server said to go ahead with the data; its end is the last thing the
    // connection writes before the end-of-data mark.
    const data = Readable.from([await composed.build()]);
    let handedOver = false;
    data.once('end', () => {
      handedOver = true;
    });
    const { auth, ...url } = parseConnectionUrl(this.smtpUrl);
    const timeout = this.options.timeoutMs;
    const connection = new Connection({
      ...url,
      connectionTimeout: timeout,
      greetingTimeout: timeout,
      // The abort (abortAfter) bounds the send; the socket's idle time-out fires even when a reply is waiting unread,
      // so it only backs that up.
      socketTimeout: 2 * timeout,
      dnsTimeout: timeout,
    });
    try {
      await exchange(connection, auth, envelope, data, abortAfter(timeout));
    } catch (error) {
      const failure = smtpFailure(error) ?? (handedOver ? null : new DeliveryFailure(NOT_TAKEN_REASON, false));
      // Not a DeliveryFailure: the delivery stays 发送中 and is never sent again (delivery/delivery-step.ts).
      throw failure ?? new Error(`${SMTP_UNKNOWN_REASON}: ${error instanceof Error ? error.message : String(error)}`);
    } finally {
      connection.close();
    }
    // Accepted: recorded at once, before the worker's lease on the task can run out.
    await recordSent(this.options.db);
  }
}

/** Connects, logs in where the URL says to, and sends; settles once the server took the message, or at the first error. */
function exchange(
  connection: SMTPConnection,
  auth: SMTPConnection.AuthenticationCredentials | undefined,
  envelope: SMTPConnection.Envelope,
  data: Readable,
  signal: AbortSignal,
): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const fail = (error: unknown) => reject(error);
    signal.addEventListener('abort', () => fail(Object.assign(new Error('SMTP send aborted'), { code: 'EABORT' })), { once: true });
    connection.on('error', fail);
    const send = () =>
      connection.send(envelope, data, (error) => {
        if (error) return fail(error);
        connection.quit();
        resolve();
      });
    connection.connect((error) => {
      if (error) return fail(error);
      if (!auth?.user) return send();
      connection.login(auth, (loginError) => (loginError ? fail(loginError) : send()));
    });
  });
}
