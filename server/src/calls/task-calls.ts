/** Tax-bureau tasks: login (SMS or QR) and face authentication, their progress, and the company's task list. */
import { audited, recordAudit } from '../audit/audit-trail';
import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { TaskStatus } from '@app/contract/task-status';
import type { CallerCompany, Caller } from '../auth/caller';
import { batchedRowLookup, type Database } from '../db/database';
import { openTask, tasks } from '../db/schema/tasks';
import { ApiFailure, ErrorCode } from '../http/api-failure';
import { defineCall } from '../http/define-call';
import { cappedCount, pageWindow } from '../http/paging';
import { isLoggedIn, loadTaxAccount } from '../tax-accounts/tax-account-records';
import { clientTask, loadCompanyTask, taskView } from '../tasks/company-task';
import { isClientTask } from '../tasks/worker-task-type';
import { SMS_RESEND_WINDOW_MS } from '../tasks/task-queue';

/** The request must name the caller and the caller's own tax account (ids and tax numbers in either letter case). */
async function usableAccount(db: Database, caller: Caller, company: CallerCompany, body: { nsrsbh: string; userId: string }) {
  if (body.userId.toLowerCase() !== caller.userId.toLowerCase()) throw new ApiFailure(ErrorCode.NoAccess, '只能为自己发起任务');
  const account = await loadTaxAccount(db, company.id);
  if (!account) throw new ApiFailure(ErrorCode.TaxAccountUnusable, '请先设置电子税务局账号');
  if (account.nsrsbh.toUpperCase() !== body.nsrsbh.toUpperCase()) throw new ApiFailure(ErrorCode.NoAccess, '无权操作该纳税人的账号');
  if (account.accountState === 2 || account.accountState === 3) {
    throw new ApiFailure(ErrorCode.TaxAccountUnusable, '该电子税务局账号状态异常，暂不能登录');
  }
  return account;
}

const createLoginTask = defineCall('task/createLoginTask', {
  access: { kind: 'company', agreement: true },
  rateLimit: { max: 10, windowMs: 60_000 },
  handler: async ({ caller, company, body, services }) => {
    const account = await usableAccount(services.db, caller, company, body);
    const sms = body.loginMethod === '2';
    if (sms && !account.supportedLoginMethods.includes('smscode'))
      throw new ApiFailure(ErrorCode.TaxAccountUnusable, '该账号不支持短信登录，请使用扫码登录');
    if (isLoggedIn(account)) throw new ApiFailure(ErrorCode.TaskStateConflict, '您已登录，请勿重复登录');
    const pending = await services.tasks.findUnfinished(company.id, ['login_sms', 'login_qr']);
    if (pending) throw new ApiFailure(ErrorCode.TaskExists, '已有进行中的登录任务', { taskId: pending.id });
    const task = await audited(
      services.db,
      (tx) => services.tasks.create({ companyId: company.id, userId: caller.userId, type: sms ? 'login_sms' : 'login_qr' }, tx),
      (created) => ({ type: 'task', id: created.id, summary: `${sms ? '短信' : '扫码'}登录电子税务局` }),
    );
    services.tasks.wake();
    return { taskId: task.id };
  },
});

const submitLoginTaskSmsCode = defineCall('task/submitLoginTaskSmsCode', {
  access: { kind: 'company', agreement: true },
  rateLimit: { max: 10, windowMs: 60_000 },
  handler: async ({ company, body, services }) => {
    const task = await loadCompanyTask(services.db, body.id, company);
    if (task.type !== 'login_sms') throw new ApiFailure(ErrorCode.TaskStateConflict, '该任务不是短信登录任务');
    await services.db.transaction(async (tx) => {
      const moved = await services.tasks.advance(
        task.id,
        { status: TaskStatus.AwaitingSmsCode, stage: 'awaitCode' },
        { status: TaskStatus.Processing, payload: { stage: 'verify', code: body.smsCode } },
        tx,
      );
      if (!moved) throw new ApiFailure(ErrorCode.TaskStateConflict, '当前任务不在等待验证码的状态');
      await recordAudit(tx, { type: 'task', id: task.id, summary: '提交电子税务局登录短信验证码' });
    });
    services.tasks.wake();
    return { taskId: task.id };
  },
});

const reSendSmsCode = defineCall('bus/reSendSmsCode', {
  access: { kind: 'company', agreement: true },
  rateLimit: { max: 5, windowMs: 60_000 },
  handler: async ({ company, body, services }) => {
    const task = await loadCompanyTask(services.db, body.id, company);
    if (task.type !== 'login_sms') throw new ApiFailure(ErrorCode.TaskStateConflict, '该任务不是短信登录任务');
    const windowOpen = sql`(${tasks.smsSentAt} is null or ${tasks.smsSentAt} <= now() - (${SMS_RESEND_WINDOW_MS} * interval '1 millisecond'))`;
    const moved = await services.tasks.advance(
      task.id,
      { status: TaskStatus.AwaitingSmsCode, stage: 'awaitCode' },
      { payload: { stage: 'resend' }, extraWhere: windowOpen },
    );
    if (moved) return { taskId: task.id };
    if (task.status === TaskStatus.AwaitingSmsCode && task.smsSentAt) {
      const wait = Math.ceil((task.smsSentAt.getTime() + SMS_RESEND_WINDOW_MS - Date.now()) / 1000);
      if (wait > 0) throw new ApiFailure(ErrorCode.SmsTooSoon, `请在 ${wait} 秒后重新获取验证码`, { waitSeconds: wait });
    }
    throw new ApiFailure(ErrorCode.TaskStateConflict, '当前任务不能重新发送验证码');
  },
});

const createScanFaceTask = defineCall('task/createScanFaceTask', {
  access: { kind: 'company', agreement: true },
  rateLimit: { max: 10, windowMs: 60_000 },
  handler: async ({ caller, company, body, services }) => {
    const account = await usableAccount(services.db, caller, company, body);
    if (!isLoggedIn(account)) throw new ApiFailure(ErrorCode.TaxLoginRequired, '请先登录税务局!');
    const pending = await services.tasks.findUnfinished(company.id, ['face']);
    if (pending) throw new ApiFailure(ErrorCode.TaskExists, '上一个刷脸认证任务尚未完成', { taskId: pending.id });
    const task = await audited(
      services.db,
      (tx) => services.tasks.create({ companyId: company.id, userId: caller.userId, type: 'face' }, tx),
      (created) => ({ type: 'task', id: created.id, summary: '发起刷脸认证' }),
    );
    services.tasks.wake();
    return { taskId: task.id };
  },
});

/** The progress of a batch of tasks (`$1`), written with the schema's columns, prepared once per database. */
const PROGRESS_QUERY = new PgDialect().sqlToQuery(sql`
  select ${tasks.id} as "id", ${tasks.companyId} as "companyId", ${tasks.status} as "status", ${tasks.failReason} as "failReason",
    ${tasks.extensionData} as "extensionData"
  from ${tasks} where ${tasks.id} = any($1::uuid[])`).sql;

interface ProgressRow extends Record<string, unknown> {
  id: string;
  /** Null: the e-mail of a person's copy of their data, no company's task. */
  companyId: string | null;
  status: number;
  failReason: string | null;
  extensionData: string | null;
}

const getTaskProcess = defineCall('task/getTaskProcess', {
  access: { kind: 'company' },
  handler: async ({ company, body, services }) => {
    // Polls arriving together share one query (see BatchedLookup: each answer as fresh as a query of its own).
    const task = await batchedRowLookup<ProgressRow>(services.db, 'task_progress', PROGRESS_QUERY, 'id').load(body.id.toLowerCase());
    if (!task || task.companyId === null) throw new ApiFailure(ErrorCode.NotFound, '任务不存在');
    if (task.companyId !== company.id) throw new ApiFailure(ErrorCode.NoAccess, '无权访问该企业的任务');
    return { taskStatus: task.status, failReason: task.failReason, extensionData: task.extensionData };
  },
});

const getTaskDetail = defineCall('task/getTaskDetail', {
  access: { kind: 'company' },
  handler: async ({ company, body, services }) => {
    const task = await loadCompanyTask(services.db, body.id, company);
    return { ...taskView(task), extensionData: task.extensionData };
  },
});

const getMyTasks = defineCall('task/getMyTasks', {
  access: { kind: 'company' },
  handler: async ({ company, body, services }) => {
    const conditions: SQL[] = [eq(tasks.companyId, company.id)];
    // The server's own tasks (sending invoices) are not the company's to list.
    conditions.push(body.type ? eq(tasks.type, body.type) : clientTask);
    if (body.status === 'success') conditions.push(eq(tasks.status, TaskStatus.Succeeded));
    if (body.status === 'failed') conditions.push(eq(tasks.status, TaskStatus.Failed));
    if (body.status === 'pending') conditions.push(openTask);
    const where = and(...conditions);
    const { limit, offset } = pageWindow(body.page, body.pageSize);
    const [rows, total] = await Promise.all([
      services.db.select().from(tasks).where(where).orderBy(desc(tasks.createdAt)).limit(limit).offset(offset),
      cappedCount(services.db, tasks, where, [desc(tasks.createdAt)]),
    ]);
    return { total, list: rows.filter(isClientTask).map(taskView) };
  },
});

export const taskCalls = [
  createLoginTask,
  submitLoginTaskSmsCode,
  reSendSmsCode,
  createScanFaceTask,
  getTaskProcess,
  getTaskDetail,
  getMyTasks,
];
