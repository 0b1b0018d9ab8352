/**
 * SMS login (docs/product.md, "Tasks" and "Constants"): 发送验证码 creates the task (or follows the saved one on 2001)
 * and counts down 4 minutes before a resend; 提交 sends the code; the task is polled every 2 s:
 * - 2020 waiting for a code: its failReason (a wrong code, say) becomes the field's error, resending is possible and
 *   the 登录中 spinner stops, unless a code was just submitted and this answer predates it;
 * - 1: 授权登录成功!, the saved id is cleared, the tax account refreshed, the dialog closes;
 * - -1: a 登录失败 dialog with the reason, and the task is forgotten (a new code starts a new task).
 */
import { useCallback, useRef, useState } from 'react';
import { Dialog } from '@app/ui/dialog';
import { Toast } from '@app/ui/toast';
import { callApi, type ApiError } from '../../api-client';
import { clearPendingTask } from '../../pending-tasks';
import { refreshTaxAccount } from '../../session-loader';
import { phaseOf } from '../../task-polling';
import type { TaskProgress } from '@app/contract/task';
import type { SmsWait } from '@app/contract/error-codes';
import { DIALOG_HANDLED_CODES, hasErrorCode, toastFailure } from '../common/api-errors';
import { useTaskPoll } from '../common/use-task-poll';
import { LOGIN_FAILED_MESSAGE, startLoginTask } from './login-task';
import { useCountdown } from './use-countdown';

/** docs/product.md, "Constants": the SMS resend countdown, 4 minutes. */
export const SMS_RESEND_SECONDS = 4 * 60;
export const SMS_LOGIN_SUCCESS_MESSAGE = '授权登录成功!';

/**
 * - idle: no task yet; sending: the task is being set up and the code sent; awaitCode: the code can be entered;
 * - verifying: a submitted code is being checked (the 登录中 spinner).
 */
export type SmsStage = 'idle' | 'sending' | 'awaitCode' | 'verifying';

/** A failReason to show under the field; `seq` tells the same message given twice apart. */
export interface FieldError {
  message: string;
  seq: number;
}

/** How long the server says to wait before another code may be sent (2006 carries it). */
function waitSecondsOf(error: ApiError): number | null {
  const wait = (error.result as Partial<SmsWait> | null)?.waitSeconds;
  return typeof wait === 'number' && wait > 0 ? wait : null;
}

/**
 * The failReason under the code field: a reason said once (the same one in the next poll is not said again), hidden
 * while a code is checked, forgotten when a new code is on its way.
 */
function useFieldError() {
  const [fieldError, setFieldError] = useState<FieldError | null>(null);
  const shownReason = useRef<string | null>(null);
  const errorSeq = useRef(0);
  return {
    fieldError,
    say(reason: string) {
      if (reason === shownReason.current) return;
      shownReason.current = reason;
      errorSeq.current += 1;
      setFieldError({ message: reason, seq: errorSeq.current });
    },
    hide: () => setFieldError(null),
    forget() {
      shownReason.current = null;
      setFieldError(null);
    },
  };
}

type FieldErrors = ReturnType<typeof useFieldError>;

interface SmsTask {
  taskId: string | null;
  setStage(stage: SmsStage): void;
  /** A code was just submitted: answers sent before it say nothing about it. */
  submitting: { current: boolean };
  errors: FieldErrors;
  forgetTask(): void;
  onClose(done: boolean): void;
}

/** The task followed every 2 s: waiting for a code (its reason under the field), logged in, or failed. */
function useSmsProgress({ taskId, setStage, submitting, errors, forgetTask, onClose }: SmsTask) {
  const onProgress = ({ taskStatus, failReason }: TaskProgress) => {
    switch (phaseOf(taskStatus)) {
      case 'awaitSmsCode':
        // Sent before the code was submitted: it cannot say anything about that code.
        if (submitting.current) return;
        setStage('awaitCode');
        if (failReason) errors.say(failReason);
        return;
      case 'success':
        Toast.show({ icon: 'success', content: SMS_LOGIN_SUCCESS_MESSAGE });
        clearPendingTask('smsLogin');
        void refreshTaxAccount();
        onClose(true);
        return;
      case 'failed':
        forgetTask();
        void Dialog.alert({ title: '登录失败', content: failReason || LOGIN_FAILED_MESSAGE, confirmText: '确定' });
        return;
      default:
        return;
    }
  };
  const onError = (error: ApiError) => {
    // The saved task is gone (or not ours): start over.
    if (hasErrorCode(error, 4004, 1004)) forgetTask();
  };
  return useTaskPoll(taskId, { onProgress, onError });
}

interface SmsSending {
  taskId: string | null;
  countdown: number;
  startCountdown(seconds: number): void;
  errors: FieldErrors;
  /** A task started: follow it. */
  follow(id: string): void;
  onClose(done: boolean): void;
}

/** 发送验证码 (a new task, or the logged-in answer) and 重新发送 (the same task, or how long to wait: 2006). */
function useSmsSending({ taskId, countdown, startCountdown, errors, follow, onClose }: SmsSending) {
  const [requesting, setRequesting] = useState(false);

  const create = async () => {
    const start = await startLoginTask('sms');
    if (start.kind === 'started') follow(start.taskId);
    else if (start.kind === 'loggedIn') {
      Toast.show({ content: start.message });
      void refreshTaxAccount();
      onClose(true);
    } else if (!start.notified) Toast.show({ icon: 'fail', content: start.message });
  };

  const resend = async (id: string) => {
    try {
      await callApi('bus/reSendSmsCode', { id }, { handles: DIALOG_HANDLED_CODES });
      errors.forget();
      startCountdown(SMS_RESEND_SECONDS);
      Toast.show({ content: '验证码已重新发送' });
    } catch (error) {
      const wait = hasErrorCode(error, 2006) ? waitSecondsOf(error) : null;
      if (wait) startCountdown(wait);
      toastFailure(error, '发送失败,请重试');
    }
  };

  /** 发送验证码 / 重新发送. */
  const send = async () => {
    if (requesting || countdown > 0) return;
    setRequesting(true);
    try {
      await (taskId ? resend(taskId) : create());
    } finally {
      setRequesting(false);
    }
  };

  return { requesting, send };
}

export function useSmsLogin(onClose: (done: boolean) => void) {
  const [taskId, setTaskId] = useState<string | null>(null);
  const [stage, setStage] = useState<SmsStage>('idle');
  const errors = useFieldError();
  const { seconds: countdown, start: startCountdown, reset: resetCountdown } = useCountdown();
  const submitting = useRef(false);

  const forgetTask = useCallback(() => {
    clearPendingTask('smsLogin');
    setTaskId(null);
    setStage('idle');
    resetCountdown();
  }, [resetCountdown]);

  const poll = useSmsProgress({ taskId, setStage, submitting, errors, forgetTask, onClose });

  const follow = (id: string) => {
    errors.forget();
    setTaskId(id);
    setStage('sending');
    startCountdown(SMS_RESEND_SECONDS);
  };
  const { requesting, send } = useSmsSending({ taskId, countdown, startCountdown, errors, follow, onClose });

  /** 提交: the code passed the field's validation. */
  const submit = async (smsCode: string) => {
    if (!taskId) {
      Toast.show({ content: '请先获取验证码' });
      return;
    }
    submitting.current = true;
    setStage('verifying');
    errors.hide();
    try {
      await callApi('task/submitLoginTaskSmsCode', { id: taskId, smsCode }, { handles: DIALOG_HANDLED_CODES });
      submitting.current = false;
      errors.forget();
      // Answers to polls sent before now would still say "waiting for a code".
      poll.restart();
    } catch (error) {
      submitting.current = false;
      setStage('awaitCode');
      toastFailure(error, '提交失败');
    }
  };

  return {
    stage,
    fieldError: errors.fieldError,
    /** Seconds until a resend is possible (0: possible). */
    countdown,
    hasTask: taskId !== null,
    /** The send / resend button can be pressed. */
    canSend: !requesting && countdown === 0 && stage !== 'verifying',
    requesting,
    send,
    submit,
  };
}
