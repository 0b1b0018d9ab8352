/** Tax-bureau tasks: login (SMS or QR) and face authentication, their progress, the company's task list, retrying. */
import Type, { type Static } from 'typebox';
import { Body, call, changes, Id, IsoTime, Nullable, OneOf, Paged, Paging, READ_ONLY, Text, UPKEEP } from './schema-kit';
import { TASK_TYPES } from './task-status';

const TaskRequest = {
  nsrsbh: Text('纳税人识别号', 20, 15),
  userId: Id('用户编号'),
};
const TaskCreated = Type.Object({ taskId: Type.String() });

export const TaskProgress = Type.Object({
  taskStatus: Type.Integer(),
  failReason: Nullable(Type.String()),
  /** The QR image (PNG data URL) while the task waits for a scan. */
  extensionData: Nullable(Type.String()),
});
export type TaskProgress = Static<typeof TaskProgress>;

export const TaskView = Type.Object({
  id: Type.String(),
  taskId: Type.String(),
  type: OneOf([...TASK_TYPES], '任务类型'),
  typeName: Type.String(),
  /** The step the task is at (a red invoice: start, confirm — waiting for the buyer —, issue, done). */
  stage: Type.String(),
  taskStatus: Type.Integer(),
  failReason: Nullable(Type.String()),
  /** An invoice task once issued: the invoice and its number. */
  result: Nullable(Type.Object({ invoiceId: Type.String(), invoiceNumber: Type.String() })),
  /** Invoice tasks: the invoice they issue. */
  invoiceId: Nullable(Type.String()),
  attempts: Type.Integer(),
  createdAt: IsoTime,
  updatedAt: IsoTime,
  finishedAt: Nullable(IsoTime),
});
export type TaskView = Static<typeof TaskView>;

export const TaskDetail = Type.Object({ ...TaskView.properties, extensionData: Nullable(Type.String()) });
export type TaskDetail = Static<typeof TaskDetail>;

export const TASK_STATUS_FILTERS = ['pending', 'success', 'failed'] as const;

export const taskCalls = {
  'task/createLoginTask': call(
    Body({ ...TaskRequest, loginMethod: OneOf(['1', '2'], '登录方式') }),
    TaskCreated,
    changes('taxAccount.login'),
  ),
  'task/submitLoginTaskSmsCode': call(
    Body({ id: Id('任务编号'), smsCode: Type.String({ title: '验证码', pattern: '^\\d{6}$', maxLength: 6 }) }),
    TaskCreated,
    changes('taxAccount.submitSmsCode'),
  ),
  'bus/reSendSmsCode': call(Body({ id: Id('任务编号') }), TaskCreated, UPKEEP),
  'task/createScanFaceTask': call(Body(TaskRequest), TaskCreated, changes('taxAccount.scanFace')),
  'task/getTaskProcess': call(Body({ id: Id('任务编号') }), TaskProgress, READ_ONLY),
  'task/getTaskDetail': call(Body({ id: Id('任务编号') }), TaskDetail, READ_ONLY),
  'task/getMyTasks': call(
    Body({
      status: Type.Optional(OneOf([...TASK_STATUS_FILTERS], '任务状态')),
      type: Type.Optional(OneOf([...TASK_TYPES], '任务类型')),
      ...Paging,
    }),
    Paged(TaskView),
    READ_ONLY,
  ),
  /** A failed invoice task runs again (the bureau is asked first what became of it, so nothing is issued twice). */
  'task/retryTask': call(Body({ id: Id('任务编号') }), TaskCreated, changes('task.retry')),
};
