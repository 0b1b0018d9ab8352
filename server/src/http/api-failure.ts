/**
 * The error codes of the API (spec §8 and the server's own), and the failure a handler throws to answer one. Every
 * answer, good or bad, is the envelope `{ success, result, message, errorCode }`.
 */
export const ErrorCode = {
  /** Missing or unknown session token: sign in again. */
  NotSignedIn: 1001,
  /** The session expired: sign in again. */
  SessionExpired: 1002,
  /** The caller's role does not allow the call. */
  NoPermission: 1003,
  /** The data belongs to a company the caller has no access to. */
  NoAccess: 1004,
  /** A pending task of that kind already exists (its id is in `result.taskId`). */
  TaskExists: 2001,
  /** The action needs the tax-bureau login first. */
  TaxLoginRequired: 2002,
  /** The company's service has expired. */
  ServiceExpired: 2003,
  /** The e-tax account cannot log in (accountState 2 or 3), or is not set up. */
  TaxAccountUnusable: 2004,
  /** The task is not in a state that allows this step. */
  TaskStateConflict: 2005,
  /** Too soon to send another SMS code (4-minute window). */
  SmsTooSoon: 2006,
  /** The request body is not valid: the message names the field. */
  InvalidInput: 4000,
  NotFound: 4004,
  /** Too many requests in a short time. */
  TooManyRequests: 4029,
  /** Unexpected server failure (a bug: never caused by client input). */
  Internal: 5000,
} as const;

export type ErrorCodeValue = (typeof ErrorCode)[keyof typeof ErrorCode];

const STATUS_OF: Partial<Record<ErrorCodeValue, number>> = {
  [ErrorCode.NotSignedIn]: 401,
  [ErrorCode.SessionExpired]: 401,
  [ErrorCode.NoPermission]: 403,
  [ErrorCode.NoAccess]: 403,
  [ErrorCode.InvalidInput]: 400,
  [ErrorCode.NotFound]: 404,
  [ErrorCode.TooManyRequests]: 429,
  [ErrorCode.Internal]: 500,
};

export class ApiFailure extends Error {
  readonly errorCode: ErrorCodeValue;
  readonly status: number;
  /** Sent as `result` with the failure (e.g. the existing task's id with 2001). */
  readonly result: unknown;
  constructor(errorCode: ErrorCodeValue, message: string, result: unknown = null) {
    super(message);
    this.name = 'ApiFailure';
    this.errorCode = errorCode;
    this.status = STATUS_OF[errorCode] ?? 200;
    this.result = result;
  }
}

export interface Envelope<T> {
  success: boolean;
  result: T | null;
  message: string | null;
  errorCode: number | null;
}

export function ok<T>(result: T): Envelope<T> {
  return { success: true, result, message: null, errorCode: null };
}

export function failed(errorCode: number, message: string, result: unknown = null): Envelope<unknown> {
  return { success: false, result, message, errorCode };
}
