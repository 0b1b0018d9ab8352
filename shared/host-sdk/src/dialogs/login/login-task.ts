/**
 * Creating a tax-bureau login task (docs/product.md, "Tasks"). When the server answers 2001 (a login task is already running),
 * the task this browser saved (or else the one the server names) is followed again instead.
 */
import { callApi } from '../../api-client';
import { pendingTask, savePendingTask, type PendingTaskKind } from '../../pending-tasks';
import type { LoginMethod } from '../../roles';
import { DIALOG_HANDLED_CODES, existingTaskId, handledByDialog, hasErrorCode, messageOf } from '../common/api-errors';
import { taskRequest } from '../common/task-request';

export const LOGIN_FAILED_MESSAGE = '登录失败,请重试';

export type LoginTaskStart =
  | { kind: 'started'; taskId: string; reused: boolean }
  /** 2005: the company is already logged in. */
  | { kind: 'loggedIn'; message: string }
  /** `notified`: the error catalogue already told the user. */
  | { kind: 'failed'; message: string; notified: boolean };

export function pendingKindOf(method: LoginMethod): PendingTaskKind {
  return method === 'sms' ? 'smsLogin' : 'qrLogin';
}

/** docs/product.md, "Tasks": loginMethod '1' QR, '2' SMS. */
const LOGIN_METHOD_CODE: Record<LoginMethod, '1' | '2'> = { qr: '1', sms: '2' };

export async function startLoginTask(method: LoginMethod): Promise<LoginTaskStart> {
  const request = taskRequest();
  if (!request) return { kind: 'failed', message: LOGIN_FAILED_MESSAGE, notified: false };
  const kind = pendingKindOf(method);
  try {
    const created = await callApi(
      'task/createLoginTask',
      { ...request, loginMethod: LOGIN_METHOD_CODE[method] },
      { handles: DIALOG_HANDLED_CODES },
    );
    const taskId = created.taskId;
    if (!taskId) return { kind: 'failed', message: LOGIN_FAILED_MESSAGE, notified: false };
    savePendingTask(kind, taskId);
    return { kind: 'started', taskId, reused: false };
  } catch (error) {
    // Follow the task this browser saved, or else the one the server says is running.
    const running = pendingTask(kind) ?? existingTaskId(error);
    if (hasErrorCode(error, 2001) && running) {
      savePendingTask(kind, running);
      return { kind: 'started', taskId: running, reused: true };
    }
    if (hasErrorCode(error, 2005)) return { kind: 'loggedIn', message: messageOf(error, '您已登录，请勿重复登录') };
    return { kind: 'failed', message: messageOf(error, LOGIN_FAILED_MESSAGE), notified: !handledByDialog(error) };
  }
}
