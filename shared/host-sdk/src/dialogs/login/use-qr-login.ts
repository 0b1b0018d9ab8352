/**
 * QR login (docs/product.md, "Tasks"): creates the task at once (or follows the saved one on 2001) and polls it every 2 s:
 * - 2010: extensionData is the QR image, taken once (later answers do not redraw it);
 * - 1: 登录成功!, the saved id is cleared, the tax account refreshed, the dialog closes;
 * - -1: the failure view with the reason; 重新登录 starts a new task.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { Toast } from '@app/ui/toast';
import type { ApiError } from '../../api-client';
import { clearPendingTask } from '../../pending-tasks';
import { refreshTaxAccount } from '../../session-loader';
import { phaseOf } from '../../task-polling';
import type { TaskProgress } from '@app/contract/task';
import { hasErrorCode, messageOf } from '../common/api-errors';
import { useTaskPoll } from '../common/use-task-poll';
import { LOGIN_FAILED_MESSAGE, startLoginTask } from './login-task';

export const QR_LOGIN_SUCCESS_MESSAGE = '登录成功!';

export type QrLoginState =
  /** Creating the task, or waiting for its QR code. */
  { kind: 'waiting'; qr: string | null } | { kind: 'failed'; reason: string };

export function useQrLogin(onClose: (done: boolean) => void) {
  const [taskId, setTaskId] = useState<string | null>(null);
  const [state, setState] = useState<QrLoginState>({ kind: 'waiting', qr: null });

  const fail = useCallback((reason: string) => {
    clearPendingTask('qrLogin');
    setTaskId(null);
    setState({ kind: 'failed', reason });
  }, []);

  const start = useCallback(async () => {
    setTaskId(null);
    setState({ kind: 'waiting', qr: null });
    const outcome = await startLoginTask('qr');
    if (outcome.kind === 'started') {
      setTaskId(outcome.taskId);
    } else if (outcome.kind === 'loggedIn') {
      Toast.show({ content: outcome.message });
      void refreshTaxAccount();
      onClose(true);
    } else {
      setState({ kind: 'failed', reason: outcome.message });
    }
  }, [onClose]);

  // Once per dialog (a ref, not the effect's cleanup, so React's double-run in development creates one task).
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void start();
  }, [start]);

  const onProgress = ({ taskStatus, failReason, extensionData }: TaskProgress) => {
    switch (phaseOf(taskStatus)) {
      case 'awaitQrScan':
        if (extensionData)
          setState((current) => (current.kind === 'waiting' && !current.qr ? { kind: 'waiting', qr: extensionData } : current));
        return;
      case 'success':
        Toast.show({ icon: 'success', content: QR_LOGIN_SUCCESS_MESSAGE });
        clearPendingTask('qrLogin');
        void refreshTaxAccount();
        onClose(true);
        return;
      case 'failed':
        fail(failReason || LOGIN_FAILED_MESSAGE);
        return;
      default:
        return;
    }
  };

  const onError = (error: ApiError) => {
    if (hasErrorCode(error, 4004, 1004)) fail(messageOf(error, LOGIN_FAILED_MESSAGE));
  };

  useTaskPoll(taskId, { onProgress, onError });

  /** 重新登录: forget the failed task and start a new one. */
  const relogin = useCallback(() => {
    clearPendingTask('qrLogin');
    void start();
  }, [start]);

  return { state, relogin };
}
