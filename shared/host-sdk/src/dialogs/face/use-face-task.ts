/**
 * Face authentication (docs/product.md, "Screens and the host"): only when logged in to the tax bureau; creates the task (or, on 2001 or a
 * message about the previous task — 上一… — follows the saved one) and polls it every 2 s:
 * - 3010: extensionData is the QR code, shown in a popup (once; the user may close and reopen it);
 * - 1: 人脸认证成功!, the saved id is cleared, the tax account refreshed, the dialog closes;
 * - -1: a 认证失败 dialog with the reason, and the task is forgotten.
 */
import { useCallback, useState } from 'react';
import { Dialog } from '@app/ui/dialog';
import { Toast } from '@app/ui/toast';
import { ApiError, callApi } from '../../api-client';
import { clearPendingTask, pendingTask, savePendingTask } from '../../pending-tasks';
import { isTaxLoggedIn } from '../../roles';
import { sessionStore, taxAccountAtom } from '../../session';
import { refreshTaxAccount } from '../../session-loader';
import { phaseOf } from '../../task-polling';
import type { TaskProgress } from '@app/contract/task';
import { DIALOG_HANDLED_CODES, existingTaskId, hasErrorCode, toastFailure } from '../common/api-errors';
import { taskRequest } from '../common/task-request';
import { useTaskPoll } from '../common/use-task-poll';

export const TAX_LOGIN_REQUIRED_MESSAGE = '请先登录税务局!';
export const CREATE_FACE_TASK_FAILED = '创建人脸识别任务失败!';
export const FACE_SUCCESS_MESSAGE = '人脸认证成功!';
const FACE_FAILED_MESSAGE = '人脸认证失败，请重试';

/** The server says a face task is already running: 2001, or a message about the previous (上一) task. */
function isTaskExisting(error: unknown): boolean {
  return hasErrorCode(error, 2001) || (error instanceof ApiError && error.message.includes('上一'));
}

export function useFaceTask(onClose: (done: boolean) => void) {
  const [taskId, setTaskId] = useState<string | null>(null);
  const [creating, setCreating] = useState(false);
  const [qr, setQr] = useState<string | null>(null);
  const [qrOpen, setQrOpen] = useState(false);

  const forgetTask = useCallback(() => {
    clearPendingTask('face');
    setTaskId(null);
    setQr(null);
    setQrOpen(false);
  }, []);

  const onProgress = ({ taskStatus, failReason, extensionData }: TaskProgress) => {
    switch (phaseOf(taskStatus)) {
      case 'awaitFaceScan':
        if (extensionData && !qr) {
          setQr(extensionData);
          setQrOpen(true);
        }
        return;
      case 'success':
        Toast.show({ icon: 'success', content: FACE_SUCCESS_MESSAGE });
        clearPendingTask('face');
        void refreshTaxAccount();
        onClose(true);
        return;
      case 'failed':
        forgetTask();
        void Dialog.alert({ title: '认证失败', content: failReason || FACE_FAILED_MESSAGE, confirmText: '确定' });
        return;
      default:
        return;
    }
  };

  const onError = (error: ApiError) => {
    if (hasErrorCode(error, 4004, 1004)) forgetTask();
  };

  useTaskPoll(taskId, { onProgress, onError });

  /** 开始认证. */
  const start = async () => {
    if (creating) return;
    if (!isTaxLoggedIn(sessionStore.get(taxAccountAtom))) {
      Toast.show({ content: TAX_LOGIN_REQUIRED_MESSAGE });
      return;
    }
    if (taskId) {
      // Already following a task: show its code again if it has one.
      if (qr) setQrOpen(true);
      return;
    }
    const request = taskRequest();
    if (!request) {
      Toast.show({ icon: 'fail', content: CREATE_FACE_TASK_FAILED });
      return;
    }
    setCreating(true);
    try {
      const created = await callApi('task/createScanFaceTask', request, { handles: DIALOG_HANDLED_CODES });
      if (!created.taskId) {
        Toast.show({ icon: 'fail', content: CREATE_FACE_TASK_FAILED });
        return;
      }
      savePendingTask('face', created.taskId);
      setTaskId(created.taskId);
    } catch (error) {
      const saved = pendingTask('face');
      const running = saved ?? existingTaskId(error);
      if (running && isTaskExisting(error)) {
        savePendingTask('face', running);
        setTaskId(running);
      } else toastFailure(error, CREATE_FACE_TASK_FAILED);
    } finally {
      setCreating(false);
    }
  };

  return {
    start,
    /** Creating the task, or waiting for its QR code. */
    preparing: creating || (taskId !== null && qr === null),
    qr,
    qrOpen,
    openQr: () => setQrOpen(true),
    closeQr: () => setQrOpen(false),
  };
}
