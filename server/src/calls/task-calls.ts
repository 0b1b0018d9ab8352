/** Tax-bureau tasks: login (SMS or QR) and face authentication, their progress, and the company's task list. */
import { and, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import Type from 'typebox';
import type { CallerCompany, Caller } from '../auth/caller';
import { batchedRowLookup, type Database } from '../db/database';
import { tasks, type TaskType } from '../db/schema';
import { ApiFailure, ErrorCode } from '../http/api-failure';
import { defineCall } from '../http/define-call';
import { Body, Id, Paging, pageWindow, Text } from '../http/schemas';
import { SMS_RESEND_WINDOW_MS, TaskStatus, type TaskRow } from '../tasks/task-queue';
import { isLoggedIn, loadTaxAccount } from './tax-account-calls';

export const TASK_TYPE_NAMES: Record<TaskType, string> = {
  login_sms: '短信登录',
  login_qr: '扫码登录',
  face: '刷脸认证',
  blue_invoice: '开具蓝字发票',
  red_invoice: '开具红字发票',
};

/** A task of the caller's company: 4004 when there is none, 1004 when it belongs to another company. */
export async function loadCompanyTask(db: Database, id: string, company: CallerCompany): Promise<TaskRow> {
  const [task] = await db.select().from(tasks).where(eq(tasks.id, id));
  if (!task) throw new ApiFailure(ErrorCode.NotFound, '任务不存在');
  if (task.companyId !== company.id) throw new ApiFailure(ErrorCode.NoAccess, '无权访问该企业的任务');
  return task;
}

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

const TaskRequest = {
  nsrsbh: Text('纳税人识别号', 20, 15),
  userId: Id('用户编号'),
};

export const createLoginTask = defineCall({
  path: 'task/createLoginTask',
  body: Body({ ...TaskRequest, loginMethod: Type.Union([Type.Literal('1'), Type.Literal('2')], { title: '登录方式' }) }),
  access: { kind: 'company' },
  rateLimit: { max: 10, windowMs: 60_000 },
  handler: async ({ caller, company, body, services }) => {
    const account = await usableAccount(services.db, caller, company, body);
    const sms = body.loginMethod === '2';
    if (sms && !account.supportedLoginMethods.includes('smscode')) throw new ApiFailure(ErrorCode.TaxAccountUnusable, '该账号不支持短信登录，请使用扫码登录');
    if (isLoggedIn(account)) throw new ApiFailure(ErrorCode.TaskStateConflict, '您已登录，请勿重复登录');
    const pending = await services.tasks.findUnfinished(company.id, ['login_sms', 'login_qr']);
    if (pending) throw new ApiFailure(ErrorCode.TaskExists, '已有进行中的登录任务', { taskId: pending.id });
    const task = await services.tasks.create({ companyId: company.id, userId: caller.userId, type: sms ? 'login_sms' : 'login_qr' });
    return { taskId: task.id };
  },
});

export const submitLoginTaskSmsCode = defineCall({
  path: 'task/submitLoginTaskSmsCode',
  body: Body({ id: Id('任务编号'), smsCode: Type.String({ title: '验证码', pattern: '^\\d{6}$', maxLength: 6 }) }),
  access: { kind: 'company' },
  rateLimit: { max: 10, windowMs: 60_000 },
  handler: async ({ company, body, services }) => {
    const task = await loadCompanyTask(services.db, body.id, company);
    if (task.type !== 'login_sms') throw new ApiFailure(ErrorCode.TaskStateConflict, '该任务不是短信登录任务');
    const moved = await services.tasks.advance(task.id, { status: TaskStatus.AwaitingSmsCode, stage: 'awaitCode' }, { status: TaskStatus.Processing, payload: { stage: 'verify', code: body.smsCode } });
    if (!moved) throw new ApiFailure(ErrorCode.TaskStateConflict, '当前任务不在等待验证码的状态');
    return { taskId: task.id };
  },
});

export const reSendSmsCode = defineCall({
  path: 'bus/reSendSmsCode',
  body: Body({ id: Id('任务编号') }),
  access: { kind: 'company' },
  rateLimit: { max: 5, windowMs: 60_000 },
  handler: async ({ company, body, services }) => {
    const task = await loadCompanyTask(services.db, body.id, company);
    if (task.type !== 'login_sms') throw new ApiFailure(ErrorCode.TaskStateConflict, '该任务不是短信登录任务');
    const windowOpen = sql`(${tasks.smsSentAt} is null or ${tasks.smsSentAt} <= now() - (${SMS_RESEND_WINDOW_MS} * interval '1 millisecond'))`;
    const moved = await services.tasks.advance(task.id, { status: TaskStatus.AwaitingSmsCode, stage: 'awaitCode' }, { payload: { stage: 'resend' }, extraWhere: windowOpen });
    if (moved) return { taskId: task.id };
    if (task.status === TaskStatus.AwaitingSmsCode && task.smsSentAt) {
      const wait = Math.ceil((task.smsSentAt.getTime() + SMS_RESEND_WINDOW_MS - Date.now()) / 1000);
      if (wait > 0) throw new ApiFailure(ErrorCode.SmsTooSoon, `请在 ${wait} 秒后重新获取验证码`, { waitSeconds: wait });
    }
    throw new ApiFailure(ErrorCode.TaskStateConflict, '当前任务不能重新发送验证码');
  },
});

export const createScanFaceTask = defineCall({
  path: 'task/createScanFaceTask',
  body: Body(TaskRequest),
  access: { kind: 'company' },
  rateLimit: { max: 10, windowMs: 60_000 },
  handler: async ({ caller, company, body, services }) => {
    const account = await usableAccount(services.db, caller, company, body);
    if (!isLoggedIn(account)) throw new ApiFailure(ErrorCode.TaxLoginRequired, '请先登录税务局!');
    const pending = await services.tasks.findUnfinished(company.id, ['face']);
    if (pending) throw new ApiFailure(ErrorCode.TaskExists, '上一个刷脸认证任务尚未完成', { taskId: pending.id });
    const task = await services.tasks.create({ companyId: company.id, userId: caller.userId, type: 'face' });
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
  companyId: string;
  status: number;
  failReason: string | null;
  extensionData: string | null;
}

export const getTaskProcess = defineCall({
  path: 'task/getTaskProcess',
  body: Body({ id: Id('任务编号') }),
  access: { kind: 'company' },
  handler: async ({ company, body, services }) => {
    // Polls arriving together share one query (see BatchedLookup: each answer as fresh as a query of its own).
    const task = await batchedRowLookup<ProgressRow>(services.db, 'task_progress', PROGRESS_QUERY, 'id').load(body.id.toLowerCase());
    if (!task) throw new ApiFailure(ErrorCode.NotFound, '任务不存在');
    if (task.companyId !== company.id) throw new ApiFailure(ErrorCode.NoAccess, '无权访问该企业的任务');
    return { taskStatus: task.status, failReason: task.failReason, extensionData: task.extensionData };
  },
});

function taskView(task: TaskRow) {
  return {
    id: task.id,
    taskId: task.id,
    type: task.type,
    typeName: TASK_TYPE_NAMES[task.type],
    /** The step the task is at (a red invoice: start, confirm — waiting for the buyer —, issue, done). */
    stage: String(task.payload.stage ?? 'start'),
    taskStatus: task.status,
    failReason: task.failReason,
    result: task.result,
    /** Invoice tasks: the invoice they issue. */
    invoiceId: typeof task.payload.invoiceId === 'string' ? task.payload.invoiceId : null,
    attempts: task.attempts,
    createdAt: task.createdAt.toISOString(),
    updatedAt: task.updatedAt.toISOString(),
    finishedAt: task.finishedAt?.toISOString() ?? null,
  };
}

export const getTaskDetail = defineCall({
  path: 'task/getTaskDetail',
  body: Body({ id: Id('任务编号') }),
  access: { kind: 'company' },
  handler: async ({ company, body, services }) => {
    const task = await loadCompanyTask(services.db, body.id, company);
    return { ...taskView(task), extensionData: task.extensionData };
  },
});

const STATUS_FILTER = Type.Union([Type.Literal('pending'), Type.Literal('success'), Type.Literal('failed')], { title: '任务状态' });

export const getMyTasks = defineCall({
  path: 'task/getMyTasks',
  body: Body({
    status: Type.Optional(STATUS_FILTER),
    type: Type.Optional(Type.Union(Object.keys(TASK_TYPE_NAMES).map((type) => Type.Literal(type)), { title: '任务类型' })),
    ...Paging,
  }),
  access: { kind: 'company' },
  handler: async ({ company, body, services }) => {
    const conditions: SQL[] = [eq(tasks.companyId, company.id)];
    if (body.type) conditions.push(eq(tasks.type, body.type as TaskType));
    if (body.status === 'success') conditions.push(eq(tasks.status, TaskStatus.Succeeded));
    if (body.status === 'failed') conditions.push(eq(tasks.status, TaskStatus.Failed));
    if (body.status === 'pending') conditions.push(sql`${tasks.status} not in (${TaskStatus.Succeeded}, ${TaskStatus.Failed})`);
    const where = and(...conditions);
    const { limit, offset } = pageWindow(body.page, body.pageSize);
    const [rows, [total]] = await Promise.all([
      services.db.select().from(tasks).where(where).orderBy(desc(tasks.createdAt)).limit(limit).offset(offset),
      services.db.select({ n: count() }).from(tasks).where(where),
    ]);
    return { total: Math.min(total?.n ?? 0, 1000), list: rows.map(taskView) };
  },
});
