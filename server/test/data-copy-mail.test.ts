/**
 * 个人信息副本 by e-mail, over a real SMTP server (support/smtp-sink.ts): the call queues an export task of no company
 * and answers 发送中 at once; the worker sends it, retries a 4xx with back-off, gives a 5xx up with the reason; a
 * repeated call or a repeated step sends nothing more; another person's copy and a bad address are refused; deleting
 * the account before the send drops it with its address.
 */
import { afterAll, beforeAll, describe, expect, test } from '@rstest/core';
import { and, eq, sql } from 'drizzle-orm';
import type { ExportJob } from '@app/contract/export';
import { DELETION_PHRASE } from '@app/domain/account-deletion';
import { createSession } from '../src/auth/session-tokens';
import { auditEntries } from '../src/db/schema/audit';
import { memberships } from '../src/db/schema/companies';
import { exportFiles } from '../src/db/schema/exports';
import { tasks } from '../src/db/schema/tasks';
import { users } from '../src/db/schema/users';
import { expectRefused } from './support/call-kit';
import { startSmtpSink, type SmtpSink } from './support/smtp-sink';
import { createTestServer, DATABASES, eventually, TEST_WORKER, type TestServer } from './support/test-server';

const FROM = { fromName: '优税通', fromAddress: 'copies@yst.test' };
/** Long enough for a send on a busy machine; a crashed attempt is retried after it. */
const WORKER = { ...TEST_WORKER, stepTimeoutMs: 8000, leaseMs: 10_000 };

describe.each(DATABASES)('the personal copy e-mailed by a queued task (%s)', (kind) => {
  let server: TestServer;
  let sink: SmtpSink;
  let people = 0;

  beforeAll(async () => {
    sink = await startSmtpSink();
    server = await createTestServer(kind, { mail: { smtpUrl: sink.url, ...FROM }, worker: WORKER });
  });
  afterAll(async () => {
    await server?.close();
    await sink?.close();
  });

  /** A new person with no phone (the phrase deletes them) and their JSON copy. */
  async function personWithCopy() {
    const [user] = await server.database.db
      .insert(users)
      .values({ provider: 'test', providerSubject: `copy-mail-${kind}-${++people}`, nickname: `副本${people}` })
      .returning();
    const token = await createSession(server.database.db, user!.id);
    const ok = async <T>(path: string, body: unknown): Promise<T> => {
      const answer = await server.call<T>(path, body, token);
      if (!answer.body.success) throw new Error(`${path}: ${JSON.stringify(answer.body)}`);
      return answer.body.result;
    };
    const copy = await ok<ExportJob>('account/createDataCopy', { format: 'json' });
    const seen = () => ok<ExportJob>('account/getDataCopy', { id: copy.id });
    /** The copy once its e-mail is no longer 发送中. */
    const settled = () => eventually(async () => ((await seen()).mailState !== '发送中' ? seen() : null));
    return { id: user!.id, token, copy, ok, seen, settled };
  }

  const receivedBy = async (address: string) => (await sink.messages()).filter((message) => message.envelope.to.includes(address));
  const mailTasksOf = (userId: string) =>
    server.database.db
      .select()
      .from(tasks)
      .where(and(eq(tasks.userId, userId), eq(tasks.type, 'export_file')));

  test('the call queues a task of no company and answers 发送中; the worker sends it once, with the file attached', async () => {
    const person = await personWithCopy();
    const answer = await person.ok<ExportJob>('account/sendDataCopy', { id: person.copy.id, email: 'me@copy.test' });
    expect(answer).toMatchObject({ id: person.copy.id, emailedTo: 'me@copy.test', mailState: '发送中', failReason: null });
    const [task] = await mailTasksOf(person.id);
    expect(task).toMatchObject({ companyId: null, payload: expect.objectContaining({ exportId: person.copy.id, email: 'me@copy.test' }) });
    // Only an export task may be of no company.
    const companyless = server.database.db.insert(tasks).values({ userId: person.id, type: 'login_sms', deadlineAt: new Date() });
    await expect(companyless).rejects.toThrow();

    expect(await person.settled()).toMatchObject({ mailState: '已发送', emailedTo: 'me@copy.test', failReason: null });
    const arrived = await receivedBy('me@copy.test');
    expect(arrived).toHaveLength(1);
    expect(arrived[0]!.mail.subject).toContain('个人信息副本');
    expect(arrived[0]!.mail.attachments[0]!.filename).toBe(person.copy.fileName);
    expect(arrived[0]!.mail.messageId).toBe(`<export-${person.copy.id}.task-${task!.id}@yst.test>`);
    // The person's own entry, of no company's trail, without the address.
    const entries = await server.database.db.select().from(auditEntries).where(eq(auditEntries.userId, person.id));
    expect(entries.map((entry) => [entry.kind, entry.companyId, entry.objectId])).toEqual([['account.sendDataCopy', null, person.copy.id]]);
    expect(entries[0]!.summary).not.toContain('me@copy.test');
  });

  test('a 4xx reply is retried with back-off and the message arrives once', async () => {
    const person = await personWithCopy();
    sink.failNextData({ code: 451, message: '4.3.0 Mailbox temporarily unavailable' });
    const before = sink.dataCommands;
    await person.ok('account/sendDataCopy', { id: person.copy.id, email: 'busy@copy.test' });
    expect(await person.settled()).toMatchObject({ mailState: '已发送', failReason: null });
    expect(sink.dataCommands - before).toBe(2);
    expect(await receivedBy('busy@copy.test')).toHaveLength(1);
    // 已发送 is written with the message itself; the task's own outcome is written just after it.
    await eventually(async () => (await mailTasksOf(person.id)).every((task) => task.finishedAt !== null));
    expect((await mailTasksOf(person.id)).map((task) => [task.status, task.attempts])).toEqual([[1, 1]]);
  });

  test('a 5xx reply fails the sending with the reason; sending again elsewhere arrives', async () => {
    const person = await personWithCopy();
    sink.rejectRecipient('nobody@copy.test', { code: 550, message: '5.1.1 <nobody@copy.test>: Recipient address rejected' });
    await person.ok('account/sendDataCopy', { id: person.copy.id, email: 'nobody@copy.test' });
    const failed = await person.settled();
    expect(failed).toMatchObject({ state: '已生成', mailState: '发送失败', emailedTo: 'nobody@copy.test' });
    expect(failed.failReason).toBe('邮件服务器拒收：550 5.1.1 <nobody@copy.test>: Recipient address rejected');
    expect(await receivedBy('nobody@copy.test')).toEqual([]);
    expect((await mailTasksOf(person.id)).map((task) => [task.status, task.attempts])).toEqual([[-1, 0]]);

    await person.ok('account/sendDataCopy', { id: person.copy.id, email: 'elsewhere@copy.test' });
    expect(await person.settled()).toMatchObject({ mailState: '已发送', emailedTo: 'elsewhere@copy.test', failReason: null });
    expect(await receivedBy('elsewhere@copy.test')).toHaveLength(1);
  });

  test('a repeated call while it is being sent, and a repeated step after it was sent, send nothing more', async () => {
    const person = await personWithCopy();
    // The server holds its answer: the e-mail stays 发送中 meanwhile.
    sink.stallNextData(1500);
    const send = () => person.ok<ExportJob>('account/sendDataCopy', { id: person.copy.id, email: 'twice@copy.test' });
    const [first, again] = await Promise.all([send(), send()]);
    expect([first.mailState, again.mailState]).toEqual(['发送中', '发送中']);
    expect(await mailTasksOf(person.id)).toHaveLength(1);
    expect(await person.settled()).toMatchObject({ mailState: '已发送' });

    // The worker crashed after the server took the message, before the task's outcome was written: it runs again.
    const [task] = await mailTasksOf(person.id);
    await server.database.db
      .update(tasks)
      .set({ status: 0, finishedAt: null, payload: sql`${tasks.payload} || '{"stage":"mail"}'::jsonb`, nextRunAt: sql`now()` })
      .where(eq(tasks.id, task!.id));
    await eventually(async () => {
      const [rerun] = await server.database.db.select().from(tasks).where(eq(tasks.id, task!.id));
      return rerun?.finishedAt !== null && rerun?.status === 1;
    });
    expect(await receivedBy('twice@copy.test')).toHaveLength(1);
    // Sent again on purpose once it was sent: a new message.
    await send();
    expect(await person.settled()).toMatchObject({ mailState: '已发送' });
    expect(await receivedBy('twice@copy.test')).toHaveLength(2);
  });

  test('another person’s copy, a company export, a bad address and an expired copy are refused; the rate is limited', async () => {
    const owner = await personWithCopy();
    const stranger = await personWithCopy();
    const sendAs = (token: string, body: unknown) => server.call('account/sendDataCopy', body, token);
    expectRefused(await sendAs(stranger.token, { id: owner.copy.id, email: 'thief@copy.test' }), 404, '导出记录不存在', 4004);
    const manager = await server.tokenFor('企业管理员');
    const managerId = await server.userIdOf('企业管理员');
    const [membership] = await server.database.db.select().from(memberships).where(eq(memberships.userId, managerId));
    const [listExport] = await server.database.db
      .insert(exportFiles)
      .values({
        companyId: membership!.companyId,
        userId: managerId,
        source: 'invoices',
        format: 'xlsx',
        rangeFrom: '2026-11-01',
        rangeTo: '2026-11-30',
        fileName: '发票_2026-11.xlsx',
      })
      .returning();
    expectRefused(await sendAs(manager, { id: listExport!.id, email: 'boss@copy.test' }), 404, '导出记录不存在', 4004);
    expectRefused(await sendAs(owner.token, { id: owner.copy.id, email: 'not-an-address' }), 400, '邮箱', 4000);
    expectRefused(await sendAs(owner.token, { id: owner.copy.id, email: '   ' }), 400, '请填写接收邮箱', 4000);
    expect(await mailTasksOf(owner.id)).toEqual([]);
    expect(await mailTasksOf(stranger.id)).toEqual([]);

    const expired = await personWithCopy();
    await server.database.db
      .update(exportFiles)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(exportFiles.id, expired.copy.id));
    expectRefused(await sendAs(expired.token, { id: expired.copy.id, email: 'late@copy.test' }), 409, '文件已过期', 2005);

    // Five sendings in ten minutes, then 429: no one's mailbox is flooded with a person's data.
    const busy = await personWithCopy();
    for (let i = 0; i < 5; i++) await busy.ok('account/sendDataCopy', { id: busy.copy.id, email: `flood${i}@copy.test` });
    expectRefused(await sendAs(busy.token, { id: busy.copy.id, email: 'flood5@copy.test' }), 429, '操作过于频繁', 4029);
    await busy.settled();
  });

  test('a company member’s copy sending is no company’s task: not listed, counted or followed by the company calls', async () => {
    const token = await server.tokenFor('企业管理员');
    const userId = await server.userIdOf('企业管理员');
    const call = async <T>(path: string, body: unknown) => (await server.call<T>(path, body, token)).body;
    const pendingBefore = (await call<{ pendingTasks: number }>('invoice/homeSummary', {})).result.pendingTasks;
    const copy = (await call<ExportJob>('account/createDataCopy', { format: 'xlsx' })).result;
    // Held open by a 4xx and its back-off while the company's calls look.
    sink.failNextData({ code: 451, message: '4.3.0 Mailbox temporarily unavailable' });
    expect((await call<ExportJob>('account/sendDataCopy', { id: copy.id, email: 'boss-self@copy.test' })).result.mailState).toBe('发送中');
    const [task] = await mailTasksOf(userId);
    expect(task).toMatchObject({ companyId: null, finishedAt: null });
    for (const status of [undefined, 'pending'] as const) {
      const listed = await call<{ list: { id: string }[] }>('task/getMyTasks', { page: 1, pageSize: 50, ...(status && { status }) });
      expect(listed.result.list.map((row) => row.id)).not.toContain(task!.id);
    }
    expect((await call<{ pendingTasks: number }>('invoice/homeSummary', {})).result.pendingTasks).toBe(pendingBefore);
    expectRefused(await server.call('task/getTaskProcess', { id: task!.id }, token), 404, '任务不存在', 4004);
    expectRefused(await server.call('task/getTaskDetail', { id: task!.id }, token), 404, '任务不存在', 4004);
    await eventually(async () => (await call<ExportJob>('account/getDataCopy', { id: copy.id })).result.mailState === '已发送');
    expect(await receivedBy('boss-self@copy.test')).toHaveLength(1);
  });

  test('deleting the account before the copy is sent drops the sending and its address', async () => {
    const person = await personWithCopy();
    sink.failNextData({ code: 451, message: '4.3.0 Mailbox temporarily unavailable' });
    await person.ok('account/sendDataCopy', { id: person.copy.id, email: 'gone@copy.test' });
    // The first attempt failed and the task waits for its retry.
    await eventually(async () => {
      const [task] = await mailTasksOf(person.id);
      return task?.attempts === 1 && task.lockedBy === null;
    });
    expect(await server.call('account/delete', { phrase: DELETION_PHRASE }, person.token)).toMatchObject({ status: 200 });

    expect(await mailTasksOf(person.id)).toEqual([]);
    const holding = await server.database.raw(
      `select 'tasks' as "table" from tasks where payload::text like '%gone@copy.test%'
       union all select 'export_files' from export_files where emailed_to = 'gone@copy.test'
       union all select 'audit_entries' from audit_entries where summary like '%gone@copy.test%'
       union all select 'outbox_messages' from outbox_messages where recipient = 'gone@copy.test'`,
    );
    expect(holding).toEqual([]);
    expect(await receivedBy('gone@copy.test')).toEqual([]);
  });
});
