/**
 * Which failures the dialogs explain themselves. They pass these codes as `handles`, so the host's error catalogue
 * stays quiet for them; everything else (session expired, no permission, service expired, network errors) the
 * catalogue has already shown when the call rejects, and the dialog adds nothing.
 */
import { Toast } from '@app/ui/toast';
import type { ErrorCodeValue, ExistingTask } from '@app/contract/error-codes';
import { ApiError, NETWORK_ERROR_MESSAGE } from '../../api-client';

/** Task exists, tax login required, account unusable, wrong state, SMS too soon, bad input, not found, too many, server error. */
export const DIALOG_HANDLED_CODES: readonly ErrorCodeValue[] = [2001, 2002, 2004, 2005, 2006, 4000, 4004, 4029, 5000];

/** Whether the dialog is the one to tell the user about this failure. */
export function handledByDialog(error: unknown): boolean {
  if (!(error instanceof ApiError)) return true;
  return error.errorCode !== null && DIALOG_HANDLED_CODES.includes(error.errorCode);
}

/** The server's message, or `fallback` when it gave none. */
export function messageOf(error: unknown, fallback: string): string {
  if (!(error instanceof Error) || !error.message) return fallback;
  // The API client puts its generic text on an answer that came without a message.
  if (error instanceof ApiError && error.errorCode !== null && error.message === NETWORK_ERROR_MESSAGE) return fallback;
  return error.message;
}

/** Shows the failure as a toast, unless the error catalogue already did. */
export function toastFailure(error: unknown, fallback: string): void {
  if (handledByDialog(error)) Toast.show({ icon: 'fail', content: messageOf(error, fallback) });
}

export function hasErrorCode(error: unknown, ...codes: ErrorCodeValue[]): error is ApiError {
  return error instanceof ApiError && error.errorCode !== null && codes.includes(error.errorCode);
}

/** The running task's id the server sends with 2001 ("task exists"). */
export function existingTaskId(error: unknown): string | null {
  if (!(error instanceof ApiError)) return null;
  const result = error.result as Partial<ExistingTask> | null;
  return typeof result?.taskId === 'string' ? result.taskId : null;
}
