/**
 * A real SMTP server on a loopback port (`smtp-server`) that keeps what it accepts, parsed (`mailparser`), with the
 * envelope it came in. It answers a message at once (it parses it afterwards: `messages()` waits for that). Its
 * answers can be scripted: `failNextData` answers the next messages' DATA with a reply code (4xx: try again later;
 * 5xx: never), `stallNextMailFrom` answers the next envelope's MAIL FROM only after a while (a tarpit),
 * `stallNextData` takes a message but answers only after a while, `freezeNextData` takes it while the whole
 * process stands still (the answer is there when the client next runs), `rejectRecipient` refuses an address
 * at RCPT TO for good.
 */
import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  envelope: { from: string; to: string[] };
  mail: ParsedMail;
}

interface Reply {
  code: number;
  message: string;
}

export interface SmtpSink {
  /** `smtp://127.0.0.1:<port>` */
  url: string;
  /** Every message accepted so far, parsed. */
  messages(): Promise<ReceivedMail[]>;
  /** Every DATA the server was sent, accepted or not. */
  dataCommands: number;
  failNextData(...replies: Reply[]): void;
  stallNextMailFrom(ms: number): void;
  stallNextData(ms: number): void;
  /** Takes the next message while the whole process stands still for `ms` (as a loaded machine leaves it), then answers. */
  freezeNextData(ms: number): void;
  rejectRecipient(address: string, reply: Reply): void;
  close(): Promise<void>;
}

function smtpError(reply: Reply): Error {
  return Object.assign(new Error(reply.message), { responseCode: reply.code });
}

export async function startSmtpSink(): Promise<SmtpSink> {
  const dataReplies: Reply[] = [];
  const stalls: number[] = [];
  const envelopeStalls: number[] = [];
  const freezes: number[] = [];
  const rejected = new Map<string, Reply>();
  const parsed: Promise<ReceivedMail>[] = [];
  const sink = {
    url: '',
    dataCommands: 0,
    messages: () => Promise.all(parsed),
    failNextData: (...replies: Reply[]) => dataReplies.push(...replies),
    stallNextMailFrom: (ms: number) => envelopeStalls.push(ms),
    stallNextData: (ms: number) => stalls.push(ms),
    freezeNextData: (ms: number) => freezes.push(ms),
    rejectRecipient: (address: string, reply: Reply) => rejected.set(address.toLowerCase(), reply),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  const server = new SMTPServer({
    secure: false,
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    size: 10 * 1024 * 1024,
    onMailFrom(_address, _session, callback) {
      const stall = envelopeStalls.shift();
      if (stall) setTimeout(() => callback(), stall);
      else callback();
    },
    onRcptTo(address, _session, callback) {
      const reply = rejected.get(address.address.toLowerCase());
      callback(reply ? smtpError(reply) : null);
    },
    onData(stream, session, callback) {
      sink.dataCommands++;
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const reply = dataReplies.shift();
        if (reply) return callback(smtpError(reply));
        const envelope = {
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((to) => to.address),
        };
        // Taken (a stalled answer too: the client may have given up waiting, the message is here all the same).
        parsed.push(simpleParser(Buffer.concat(chunks)).then((mail) => ({ envelope, mail })));
        const freeze = freezes.shift();
        // The whole process stands still, as a loaded machine leaves it (blocked, not spinning: no CPU taken from the run).
        if (freeze) Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, freeze);
        const stall = stalls.shift();
        if (stall) setTimeout(() => callback(), stall);
        else callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  sink.url = `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
  return sink;
}
