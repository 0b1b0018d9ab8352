/**
 * Issued invoices are sent for real (server/src/delivery/): over SMTP to a real SMTP server on a loopback port
 * (smtp-server), read back with mailparser and pdf.js — subject, addresses, body, and the PDF attached whose text holds
 * the invoice number — for blue, red and taxi invoices; a 4xx is retried and the message arrives once; a 5xx fails
 * with the reason, which invoice/deliveries shows and invoice/list's deliveryFailed finds; a task retried after its
 * worker died sends nothing twice; a server silent before the envelope is tried again; a reply that arrived while the process stood still is read, not given up on; resend to
 * another address, its limit, and tenancy. Without SMTP_URL: the outbox,
 * its page and attachment, and SMS through the simulator.
 */
import { afterAll, beforeAll, describe, expect, test } from '@rstest/core';
import { eq } from 'drizzle-orm';
import type { InvoiceDelivery } from '@app/contract/invoice';
import { TaskStatus } from '@app/contract/task-status';
import type { InvoiceDocument, InvoiceParty, InvoiceSummary } from '@app/domain/invoice-document';
import { formatYuan } from '@app/domain/money';
import { usccCheckCharacter } from '@app/domain/tax-number';
import { companies, goods, memberships } from '../src/db/schema/companies';
import { invoiceDeliveries, invoices, outboxMessages } from '../src/db/schema/invoices';
import { tasks } from '../src/db/schema/tasks';
import { taxAccounts } from '../src/db/schema/tax-accounts';
import { DEMO_TAX_NUMBERS } from '../src/db/seed';
import { DeliveryFailure } from '../src/delivery/delivery-failure';
import { UNKNOWN_OUTCOME_REASON } from '../src/delivery/delivery-step';
import { RESEND_LIMIT_MESSAGE } from '../src/delivery/resend-invoice';
import type { MailTransport, OutgoingMail, RecordSent, SmsProvider } from '../src/delivery/transports';
import { expectRefused } from './support/call-kit';
import { readPdf } from './support/pdf-text';
import { startSmtpSink, type SmtpSink } from './support/smtp-sink';
import { createTestServer, DATABASES, eventually, TEST_WORKER, type TestServer } from './support/test-server';

const BUYER: InvoiceParty = {
  name: '杭州西湖文化传媒有限公司',
  taxNumber: `91330106MA27Y8K3P${usccCheckCharacter('91330106MA27Y8K3P')}`,
  address: '杭州市西湖区曙光路 120 号',
  phone: '0571-86001234',
  bankName: '',
  bankAccount: '',
  naturalPerson: false,
};
const FROM = { fromName: '优税通', fromAddress: 'invoices@yst.test' };
/** Long enough for a send on a busy machine; a crashed attempt is retried after it. */
const WORKER = { ...TEST_WORKER, stepTimeoutMs: 8000, leaseMs: 10_000 };

let serial = 0;
const nextSerial = () => `delivery-${Date.now()}-${++serial}`;

/** The demo trading company, ready to issue, and what its tests call. */
async function tradingHarness(server: TestServer) {
  const token = await server.tokenFor('企业管理员');
  const db = server.database.db;
  const [membership] = await db
    .select()
    .from(memberships)
    .where(eq(memberships.userId, await server.userIdOf('企业管理员')));
  const companyId = membership!.companyId;
  await db
    .update(taxAccounts)
    .set({ expirationTime: new Date(Date.now() + 3600_000), scanFaceTime: new Date() })
    .where(eq(taxAccounts.companyId, companyId));
  const [item] = await db.select().from(goods).where(eq(goods.companyId, companyId));
  const ok = async <T>(path: string, body: unknown, who = token): Promise<T> => {
    const answer = await server.call<T>(path, body, who);
    if (!answer.body.success) throw new Error(`${path}: ${JSON.stringify(answer.body)}`);
    return answer.body.result;
  };
  const finished = (taskId: string) =>
    eventually(async () => {
      const detail = await ok<{ taskStatus: number }>('task/getTaskDetail', { id: taskId });
      return detail.taskStatus === TaskStatus.Succeeded || detail.taskStatus === TaskStatus.Failed ? detail : null;
    });
  /** A blue invoice issued to BUYER, sent where `delivery` says. */
  const issueBlue = async (delivery: { deliverEmail?: string; deliverPhone?: string }, grossFen = 10_600) => {
    const created = await ok<{ taskId: string; invoiceId: string }>('task/createBlueInvoiceTask', {
      requestSerial: nextSerial(),
      type: '数电普票',
      buyer: BUYER,
      lines: [{ goodsId: item!.id, quantity: null, grossFen, rate: 60 }],
      remarks: '',
      deliverPhone: '',
      deliverEmail: '',
      ...delivery,
    });
    expect((await finished(created.taskId)).taskStatus).toBe(TaskStatus.Succeeded);
    return ok<InvoiceDocument>('invoice/get', { id: created.invoiceId });
  };
  const deliveriesOf = async (invoiceId: string) => (await ok<{ list: InvoiceDelivery[] }>('invoice/deliveries', { id: invoiceId })).list;
  /** The invoice's deliveries once none is 待发送 any more. */
  const settled = (invoiceId: string, count = 1) =>
    eventually(async () => {
      const list = await deliveriesOf(invoiceId);
      return list.length === count && list.every((row) => row.state !== 'pending') ? list : null;
    });
  return { token, companyId, ok, finished, issueBlue, deliveriesOf, settled };
}

describe.each(DATABASES)('invoices sent over SMTP (%s)', (kind) => {
  let server: TestServer;
  let sink: SmtpSink;
  let trading: Awaited<ReturnType<typeof tradingHarness>>;

  beforeAll(async () => {
    sink = await startSmtpSink();
    server = await createTestServer(kind, { mail: { smtpUrl: sink.url, ...FROM }, worker: WORKER });
    trading = await tradingHarness(server);
  });
  afterAll(async () => {
    await server?.close();
    await sink?.close();
  });

  const receivedBy = async (address: string) => (await sink.messages()).filter((message) => message.envelope.to.includes(address));

  test('a blue invoice arrives: Chinese subject and body, the sender, the buyer’s address, the PDF whose text holds the number', async () => {
    const invoice = await trading.issueBlue({ deliverEmail: 'finance@xihu-media.test' }, 59_000);
    const [delivery] = await trading.settled(invoice.id);
    expect(delivery).toMatchObject({
      channel: 'email',
      address: 'finance@xihu-media.test',
      state: 'sent',
      stateName: '已发送',
      attempts: 1,
    });
    expect(delivery!.sentAt).not.toBeNull();

    const arrived = await receivedBy('finance@xihu-media.test');
    expect(arrived).toHaveLength(1);
    const received = arrived[0];
    expect(received!.envelope).toEqual({ from: 'invoices@yst.test', to: ['finance@xihu-media.test'] });
    const mail = received!.mail;
    expect(mail.from?.value).toEqual([{ name: '优税通', address: 'invoices@yst.test' }]);
    expect(mail.subject).toBe(`【电子发票】${invoice.seller.name}开具的发票 ${invoice.number}（价税合计 ¥590.00）`);
    expect(mail.messageId).toBe(`<invoice-${invoice.id}.delivery-${delivery!.id}@yst.test>`);
    for (const fact of [
      `您好，${BUYER.name}：`,
      `发票号码：${invoice.number}`,
      `销售方：${invoice.seller.name}`,
      `购买方：${BUYER.name}`,
      `价税合计：${formatYuan(59_000)}`,
    ]) {
      expect(mail.text).toContain(fact);
    }
    expect(mail.html).toContain(invoice.number);
    // The link opens the PDF (signed, for 30 days).
    const link = /在线查看（30 天内有效）：(\S+)/.exec(mail.text ?? '')?.[1] ?? '';
    expect(link).toMatch(new RegExp(`^http://sim\\.test/files/invoices/${invoice.id}\\.pdf\\?expires=\\d+&signature=`));
    expect(Number(new URL(link).searchParams.get('expires'))).toBeGreaterThan(Date.now() + 29 * 24 * 3600_000);
    const opened = await server.app.inject(link.replace('http://sim.test', ''));
    expect([opened.statusCode, opened.headers['content-type']]).toEqual([200, 'application/pdf']);

    expect(mail.attachments.map((file) => [file.filename, file.contentType])).toEqual([[`发票_${invoice.number}.pdf`, 'application/pdf']]);
    const pdf = await readPdf(mail.attachments[0]!.content);
    expect(pdf.text).toContain(invoice.number!);
    expect(pdf.text).toContain(BUYER.name);
  });

  test('a red invoice goes to the blue one’s address, a taxi invoice to its passenger’s', async () => {
    const blue = await trading.issueBlue({ deliverEmail: 'returns@xihu-media.test' });
    await trading.settled(blue.id);
    const red = await trading.ok<{ taskId: string; invoiceId: string }>('task/createRedInvoiceTask', {
      requestSerial: nextSerial(),
      blueInvoiceId: blue.id,
      reason: '04',
    });
    expect((await trading.finished(red.taskId)).taskStatus).toBe(TaskStatus.Succeeded);
    const redInvoice = await trading.ok<InvoiceDocument>('invoice/get', { id: red.invoiceId });
    expect((await trading.settled(red.invoiceId))[0]?.state).toBe('sent');
    const redMail = (await receivedBy('returns@xihu-media.test')).find((message) => message.mail.subject?.startsWith('【红字电子发票】'));
    expect(redMail!.mail.attachments[0]!.filename).toBe(`红字发票_${redInvoice.number}.pdf`);
    expect((await readPdf(redMail!.mail.attachments[0]!.content)).text).toContain(redInvoice.number!);

    // A taxi invoice: the demo taxi company's trip, shared, received, asked for with the passenger's title (its e-mail)
    // and invoiced to the address the trip shows the company, as /invoice/taxi/create does.
    const db = server.database.db;
    const driver = await server.tokenFor('出租车管理员');
    const passenger = await server.tokenFor('普通用户');
    const [taxi] = await db.select().from(companies).where(eq(companies.xsfNsrsbh, DEMO_TAX_NUMBERS.taxi));
    await db
      .update(taxAccounts)
      .set({ expirationTime: new Date(Date.now() + 3600_000), scanFaceTime: new Date() })
      .where(eq(taxAccounts.companyId, taxi!.id));
    const [car] = await trading.ok<{ id: string }[]>('taxiCar/getMyCars', {}, driver);
    const trip = await trading.ok<{ id: string }>(
      'taxiTrip/create',
      {
        carId: car!.id,
        startTime: new Date(Date.now() - 50 * 60_000).toISOString(),
        endTime: new Date(Date.now() - 20 * 60_000).toISOString(),
        fromPlace: '武林广场',
        toPlace: '萧山机场',
        distanceMetres: 31_200,
        fareFen: 9_850,
      },
      driver,
    );
    const { code } = await trading.ok<{ code: string }>('taxiTrip/shareTrip', { id: trip.id }, driver);
    await trading.ok('taxiTrip/receiveTrip', { id: trip.id, code }, passenger);
    const passengerParty = { name: '陈乘客', taxNumber: '', address: '', phone: '', bankName: '', bankAccount: '', naturalPerson: true };
    const title = await trading.ok<{ id: string }>(
      'title/save',
      {
        kind: '个人',
        name: '陈乘客',
        taxNumber: '',
        address: '',
        phone: '',
        bankName: '',
        bankAccount: '',
        email: 'chen@rider.test',
        isDefault: false,
      },
      passenger,
    );
    await trading.ok('taxiTrip/applyInvoice', { ids: [trip.id], titleId: title.id }, passenger);
    const asked = await trading.ok<{ deliverEmail: string | null }>('taxiTrip/get', { id: trip.id }, driver);
    expect(asked.deliverEmail).toBe('chen@rider.test');
    const taxiInvoice = await trading.ok<{ taskId: string; invoiceId: string }>(
      'taxiInvoice/create',
      { requestSerial: nextSerial(), tripIds: [trip.id], buyer: passengerParty, deliverEmail: asked.deliverEmail },
      driver,
    );
    const [mail] = await eventually(async () => {
      const arrived = await receivedBy('chen@rider.test');
      return arrived.length ? arrived : null;
    });
    const issued = await trading.ok<InvoiceDocument>('invoice/get', { id: taxiInvoice.invoiceId }, driver);
    const sent = await eventually(async () => {
      const { list } = await trading.ok<{ list: InvoiceDelivery[] }>('invoice/deliveries', { id: taxiInvoice.invoiceId }, driver);
      return list.every((row) => row.state !== 'pending') ? list : null;
    });
    expect(sent).toMatchObject([{ channel: 'email', address: 'chen@rider.test', state: 'sent' }]);
    expect(mail!.mail.subject).toContain(issued.number!);
    expect(mail!.mail.text).toContain(`销售方：${issued.seller.name}`);
    expect(issued.seller.taxNumber).toBe(taxi!.xsfNsrsbh);
    expect((await readPdf(mail!.mail.attachments[0]!.content)).text).toContain('萧山机场');
  });

  test('a 4xx reply is retried with back-off and the message arrives once', async () => {
    sink.failNextData({ code: 451, message: '4.3.0 Mailbox temporarily unavailable' });
    const before = sink.dataCommands;
    const invoice = await trading.issueBlue({ deliverEmail: 'busy@xihu-media.test' });
    const [delivery] = await trading.settled(invoice.id);
    expect(delivery).toMatchObject({ state: 'sent', attempts: 2, failReason: null });
    expect(sink.dataCommands - before).toBe(2);
    const arrived = await receivedBy('busy@xihu-media.test');
    expect(arrived).toHaveLength(1);
    expect(arrived[0]!.mail.messageId).toBe(`<invoice-${invoice.id}.delivery-${delivery!.id}@yst.test>`);
  });

  test('a 5xx reply fails the delivery with the reason, shown by the call and found by the list; a resend elsewhere arrives', async () => {
    sink.rejectRecipient('nobody@xihu-media.test', { code: 550, message: '5.1.1 <nobody@xihu-media.test>: Recipient address rejected' });
    const invoice = await trading.issueBlue({ deliverEmail: 'nobody@xihu-media.test' });
    const [failed] = await trading.settled(invoice.id);
    expect(failed).toMatchObject({ state: 'failed', stateName: '发送失败', attempts: 1, resent: false });
    expect(failed!.failReason).toBe('邮件服务器拒收：550 5.1.1 <nobody@xihu-media.test>: Recipient address rejected');
    expect(failed!.failedAt).not.toBeNull();
    expect(await receivedBy('nobody@xihu-media.test')).toEqual([]);

    const failedList = await trading.ok<{ total: number; list: InvoiceSummary[] }>('invoice/list', { deliveryFailed: true });
    expect(failedList.list.map((row) => row.id)).toContain(invoice.id);
    // Every row of the list says whether its delivery failed, filtered or not.
    expect(failedList.list.every((row) => row.deliveryFailed === true)).toBe(true);
    const all = await trading.ok<{ list: InvoiceSummary[] }>('invoice/list', { kind: 'blue', pageSize: 50 });
    expect(all.list.find((row) => row.id === invoice.id)?.deliveryFailed).toBe(true);
    // With the list's other filters and its keyword (the number's tail) too.
    const byNumber = await trading.ok<{ list: InvoiceSummary[] }>('invoice/list', {
      deliveryFailed: true,
      kind: 'blue',
      keyword: invoice.number!.slice(-8),
    });
    expect(byNumber.list.map((row) => row.id)).toEqual([invoice.id]);

    const resent = await trading.ok<{ sentTo: string; deliveries: InvoiceDelivery[] }>('invoice/resend', {
      id: invoice.id,
      email: 'finance@xihu-media.test',
    });
    expect(resent.sentTo).toBe('finance@xihu-media.test');
    expect(resent.deliveries).toEqual([expect.objectContaining({ address: 'finance@xihu-media.test', state: 'pending', resent: true })]);
    const both = await trading.settled(invoice.id, 2);
    expect(both.map((row) => [row.address, row.state])).toEqual([
      ['finance@xihu-media.test', 'sent'],
      ['nobody@xihu-media.test', 'failed'],
    ]);
    expect((await receivedBy('finance@xihu-media.test')).filter((message) => message.mail.subject?.includes(invoice.number!))).toHaveLength(
      1,
    );
    // The e-mail that went out replaces the failed one: the invoice is no longer listed as failed.
    const after = await trading.ok<{ list: InvoiceSummary[] }>('invoice/list', { deliveryFailed: true });
    expect(after.list.map((row) => row.id)).not.toContain(invoice.id);
    const row = (await trading.ok<{ list: InvoiceSummary[] }>('invoice/list', { keyword: invoice.number!.slice(-8) })).list[0];
    expect(row).toMatchObject({ id: invoice.id, deliveryFailed: false });
  });

  test('a worker that dies after the server accepted the message, before recording it: the retried task sends nothing again', async () => {
    const real = server.app.services.delivery.mail;
    // The first send goes out, then its worker never comes back (its step times out as a dead worker's lease runs out).
    let sends = 0;
    const dying: MailTransport = {
      kind: real.kind,
      send: async (mail: OutgoingMail, recordSent: RecordSent) => {
        if (++sends > 1) return real.send(mail, recordSent);
        await real.send(mail, async () => {});
        await new Promise(() => {});
      },
    };
    server.app.services.delivery.mail = dying;
    try {
      const invoice = await trading.issueBlue({ deliverEmail: 'crash@xihu-media.test' });
      const [delivery] = await trading.settled(invoice.id);
      expect(delivery).toMatchObject({ state: 'failed', failReason: UNKNOWN_OUTCOME_REASON, attempts: 1 });
      expect(sends).toBe(1);
      expect(await receivedBy('crash@xihu-media.test')).toHaveLength(1);
    } finally {
      server.app.services.delivery.mail = real;
    }
  });

  test('a server silent past the send time-out before the envelope (a tarpit): nothing was sent, so it is tried again and arrives once', async () => {
    sink.stallNextMailFrom(WORKER.stepTimeoutMs);
    const before = sink.dataCommands;
    const invoice = await trading.issueBlue({ deliverEmail: 'tarpit@xihu-media.test' });
    const [delivery] = await trading.settled(invoice.id);
    expect(delivery).toMatchObject({ state: 'sent', attempts: 2, failReason: null });
    expect(sink.dataCommands - before).toBe(1);
    expect(await receivedBy('tarpit@xihu-media.test')).toHaveLength(1);
  });

  test('a server that takes the message but answers too late: the outcome is unknown, the message is not sent again', async () => {
    sink.stallNextData(WORKER.stepTimeoutMs);
    const invoice = await trading.issueBlue({ deliverEmail: 'slow@xihu-media.test' });
    const [delivery] = await trading.settled(invoice.id);
    expect(delivery).toMatchObject({ state: 'failed', failReason: UNKNOWN_OUTCOME_REASON, attempts: 1 });
    expect(await receivedBy('slow@xihu-media.test')).toHaveLength(1);
  });

  test('a process that stood still past the send time-out while the server answered: the answer is read, the message sent', async () => {
    // Longer than the send's time-out (60% of the step's), shorter than the step's.
    sink.freezeNextData(WORKER.stepTimeoutMs * 0.75);
    const invoice = await trading.issueBlue({ deliverEmail: 'frozen@xihu-media.test' });
    const [delivery] = await trading.settled(invoice.id);
    expect(delivery).toMatchObject({ state: 'sent', attempts: 1, failReason: null });
    expect(await receivedBy('frozen@xihu-media.test')).toHaveLength(1);
  });

  test('a worker that dies after recording the send, before its task’s outcome: the retried task finishes without sending', async () => {
    const invoice = await trading.issueBlue({ deliverEmail: 'twice@xihu-media.test' });
    const [delivery] = await trading.settled(invoice.id);
    expect(delivery?.state).toBe('sent');
    const db = server.database.db;
    const [row] = await db.select().from(invoiceDeliveries).where(eq(invoiceDeliveries.id, delivery!.id));
    // What that crash leaves: the task claimed and unfinished, its lease run out.
    await db
      .update(tasks)
      .set({ status: TaskStatus.Processing, finishedAt: null, lockedBy: null, lockedUntil: null, nextRunAt: new Date() })
      .where(eq(tasks.id, row!.taskId!));
    server.app.services.tasks.wake();
    await eventually(async () => {
      const [task] = await db.select().from(tasks).where(eq(tasks.id, row!.taskId!));
      return task?.finishedAt && task.status === TaskStatus.Succeeded;
    });
    expect(await receivedBy('twice@xihu-media.test')).toHaveLength(1);
    expect((await trading.deliveriesOf(invoice.id))[0]).toMatchObject({ state: 'sent', attempts: 1 });
  });

  test('resend to the same address; at most 5 an hour per invoice; an invalid address or an unissued invoice is refused', async () => {
    const invoice = await trading.issueBlue({ deliverEmail: 'again@xihu-media.test' });
    await trading.settled(invoice.id);
    const other = await server.tokenFor('企业员工');
    expectRefused(
      await server.call('invoice/resend', { id: invoice.id, email: 'not-an-address' }, trading.token),
      400,
      '接收邮箱格式不正确',
      4000,
    );
    expectRefused(await server.call('invoice/resend', { id: invoice.id }, trading.token), 400, '请填写接收手机号或邮箱', 4000);
    // A copy of it that was never issued (开具失败).
    const [row] = await server.database.db.select().from(invoices).where(eq(invoices.id, invoice.id));
    const { id: _id, listedAt: _listed, buyerName: _buyer, number: _number, issuedAt: _issued, ...copy } = row!;
    const unissued = await server.database.db
      .insert(invoices)
      .values({ ...copy, status: '开具失败' })
      .returning({ id: invoices.id });
    expectRefused(
      await server.call('invoice/resend', { id: unissued[0]!.id, email: 'a@b.test' }, trading.token),
      409,
      '发票尚未开具，不能发送',
      2005,
    );
    for (let i = 0; i < 5; i++) {
      // Whoever asks, the invoice's count is one.
      const answer = await server.call('invoice/resend', { id: invoice.id, email: 'again@xihu-media.test' }, i % 2 ? other : trading.token);
      expect(answer.body.success).toBe(true);
    }
    expectRefused(
      await server.call('invoice/resend', { id: invoice.id, email: 'again@xihu-media.test' }, other),
      429,
      RESEND_LIMIT_MESSAGE,
      4029,
    );
    const all = await trading.settled(invoice.id, 6);
    expect(all.filter((row) => row.resent)).toHaveLength(5);
    await eventually(async () => (await receivedBy('again@xihu-media.test')).length === 6);
    // Another invoice is not limited by it.
    const next = await trading.issueBlue({});
    expect(await trading.deliveriesOf(next.id)).toEqual([]);
    expect((await server.call('invoice/resend', { id: next.id, phone: '13800002222' }, trading.token)).body.success).toBe(true);
  });

  test('another company cannot see or resend an invoice’s deliveries, nor find them in its list', async () => {
    sink.rejectRecipient('lost@xihu-media.test', { code: 550, message: '5.1.1 no such user' });
    const invoice = await trading.issueBlue({ deliverEmail: 'lost@xihu-media.test' });
    expect((await trading.settled(invoice.id))[0]?.state).toBe('failed');
    const taxiManager = await server.tokenFor('出租车管理员');
    expectRefused(await server.call('invoice/deliveries', { id: invoice.id }, taxiManager), 403, '无权查看该企业的发票', 1004);
    expectRefused(
      await server.call('invoice/resend', { id: invoice.id, email: 'thief@taxi.test' }, taxiManager),
      403,
      '无权查看该企业的发票',
      1004,
    );
    const theirs = await server.call<{ list: InvoiceSummary[] }>('invoice/list', { deliveryFailed: true }, taxiManager);
    expect(theirs.body.result.list.map((row) => row.id)).not.toContain(invoice.id);
    expect(await trading.deliveriesOf(invoice.id)).toHaveLength(1);
    expect(await receivedBy('thief@taxi.test')).toEqual([]);
  });

  test('the delivery tasks are the server’s own: not in the task list, the home page’s count or task detail', async () => {
    const invoice = await trading.issueBlue({ deliverEmail: 'tasks@xihu-media.test' });
    const [delivery] = await trading.settled(invoice.id);
    const [row] = await server.database.db.select().from(invoiceDeliveries).where(eq(invoiceDeliveries.id, delivery!.id));
    const listed = await trading.ok<{ list: { taskId: string; type: string }[] }>('task/getMyTasks', { pageSize: 100 });
    expect(listed.list.some((task) => task.taskId === row!.taskId)).toBe(false);
    expectRefused(await server.call('task/getTaskDetail', { id: row!.taskId }, trading.token), 404, '任务不存在', 4004);
  });
});

describe.each(DATABASES)('invoices sent to the outbox and by the SMS simulator, without SMTP_URL (%s)', (kind) => {
  let server: TestServer;
  let trading: Awaited<ReturnType<typeof tradingHarness>>;

  beforeAll(async () => {
    server = await createTestServer(kind, { worker: WORKER });
    trading = await tradingHarness(server);
  });
  afterAll(async () => server?.close());

  test('the e-mail and the SMS are stored once; the outbox page lists them and serves the PDF', async () => {
    const invoice = await trading.issueBlue({ deliverEmail: 'finance@xihu-media.test', deliverPhone: '13800001111' });
    const sent = await trading.settled(invoice.id, 2);
    expect(sent.map((row) => [row.channel, row.channelName, row.address, row.stateName])).toEqual([
      ['email', '邮箱', 'finance@xihu-media.test', '已发送'],
      ['sms', '短信', '13800001111', '已发送'],
    ]);
    const stored = await server.database.db.select().from(outboxMessages);
    const mail = stored.find((message) => message.recipient === 'finance@xihu-media.test');
    const sms = stored.find((message) => message.recipient === '13800001111');
    expect(mail).toMatchObject({ channel: 'email', sender: '优税通 <noreply@yst.invalid>', attachmentName: `发票_${invoice.number}.pdf` });
    expect((await readPdf(mail!.attachment!)).text).toContain(invoice.number!);
    expect(sms!.body).toContain(`号码 ${invoice.number}`);
    expect(sms!.body).toContain('价税合计 ¥106.00');

    const page = await server.app.inject('/etax-sim/outbox');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(mail!.subject);
    expect(page.body).toContain(`/etax-sim/outbox/${mail!.id}/attachment`);
    const attachment = await server.app.inject(`/etax-sim/outbox/${mail!.id}/attachment`);
    expect([attachment.statusCode, attachment.headers['content-type']]).toEqual([200, 'application/pdf']);
    expect(attachment.headers['content-disposition']).toBe(
      `attachment; filename*=UTF-8''${encodeURIComponent(`发票_${invoice.number}.pdf`)}`,
    );
    expect((await server.app.inject(`/etax-sim/outbox/${sms!.id}/attachment`)).statusCode).toBe(404);
    const json = await server.app.inject('/etax-sim/api/outbox?to=13800001111');
    expect(json.json<{ list: { body: string }[] }>().list.map((message) => message.body)).toEqual([sms!.body]);
  });

  test('an SMS provider’s failures: a temporary one is retried, a permanent one or the last attempt is 发送失败 with reason and time', async () => {
    const real = server.app.services.delivery.sms;
    const gates = new Map<string, Promise<void>>();
    const opened = new Map<string, () => void>();
    for (const phone of ['13800003333', '13700007777']) gates.set(phone, new Promise<void>((resolve) => opened.set(phone, resolve)));
    const calls = new Map<string, number>();
    const flaky: SmsProvider = {
      kind: 'flaky',
      send: async (sms, recordSent) => {
        const call = (calls.get(sms.to) ?? 0) + 1;
        calls.set(sms.to, call);
        if (sms.to === '13900009999') throw new DeliveryFailure('号码不存在', true);
        // Held until the test lets it go, then busy: once for one number, always for the other.
        await gates.get(sms.to);
        if (call === 1 || sms.to === '13700007777') throw new DeliveryFailure('短信网关繁忙', false);
        return real.send(sms, recordSent);
      },
    };
    server.app.services.delivery.sms = flaky;
    try {
      const invoice = await trading.issueBlue({ deliverPhone: '13800003333' });
      // While it is being sent it shows 待发送.
      expect((await trading.deliveriesOf(invoice.id))[0]).toMatchObject({ state: 'pending', stateName: '待发送' });
      opened.get('13800003333')!();
      expect((await trading.settled(invoice.id))[0]).toMatchObject({ state: 'sent', attempts: 2, failReason: null });

      const wrong = await trading.issueBlue({ deliverPhone: '13900009999' });
      const [failed] = await trading.settled(wrong.id);
      expect(failed).toMatchObject({ state: 'failed', stateName: '发送失败', failReason: '号码不存在', attempts: 1 });
      expect(Date.parse(failed!.failedAt!)).toBeGreaterThan(Date.now() - 60_000);

      // A number the gateway is always busy for, with two attempts: the task gives up after the second.
      const busy = await trading.issueBlue({ deliverPhone: '13700007777' });
      const [row] = await server.database.db.select().from(invoiceDeliveries).where(eq(invoiceDeliveries.invoiceId, busy.id));
      await server.database.db.update(tasks).set({ maxAttempts: 2 }).where(eq(tasks.id, row!.taskId!));
      opened.get('13700007777')!();
      expect((await trading.settled(busy.id))[0]).toMatchObject({
        state: 'failed',
        failReason: '多次重试仍未发送成功：短信网关繁忙',
        attempts: 2,
      });
    } finally {
      server.app.services.delivery.sms = real;
    }
  });
});
