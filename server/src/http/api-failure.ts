/**
 * The failure a handler throws to answer an error code of the contract (`@app/contract/error-codes`), and the
 * envelope every answer is: `{ success, result, message, errorCode }`. A failure is never sent with status 200: the
 * 200 answer of each call is serialised by its result schema, and a failure's `result` (the running task of 2001,
 * the fields of 4000) is another shape.
 */
import { ErrorCode, type ErrorCodeValue, type FieldErrors } from '@app/contract/error-codes';

export { ErrorCode, type ErrorCodeValue };

const STATUS_OF: Record<ErrorCodeValue, number> = {
  [ErrorCode.NotSignedIn]: 401,
  [ErrorCode.SessionExpired]: 401,
  [ErrorCode.NoPermission]: 403,
  [ErrorCode.NoAccess]: 403,
  [ErrorCode.TaskExists]: 409,
  [ErrorCode.TaxLoginRequired]: 409,
  [ErrorCode.ServiceExpired]: 403,
  [ErrorCode.TaxAccountUnusable]: 409,
  [ErrorCode.TaskStateConflict]: 409,
  [ErrorCode.SmsTooSoon]: 429,
  [ErrorCode.AgreementRequired]: 403,
  [ErrorCode.LastManager]: 409,
  [ErrorCode.InvalidInput]: 400,
  [ErrorCode.NotFound]: 404,
  [ErrorCode.TooManyRequests]: 429,
  [ErrorCode.Internal]: 500,
};

export class ApiFailure extends Error {
  readonly errorCode: ErrorCodeValue;
  readonly status: number;
  /** Sent as `result` with the failure (e.g. the existing task's id with 2001, the refused fields with 4000). */
  readonly result: unknown;
  constructor(errorCode: ErrorCodeValue, message: string, result: unknown = null) {
    super(message);
    this.name = 'ApiFailure';
    this.errorCode = errorCode;
    this.status = STATUS_OF[errorCode];
    this.result = result;
  }
}

/**
 * A refusal of bad input (4000): the message (the first problem, shown when no field can show it) and the problem of
 * each field by its path in the body (`buyer.taxNumber`, `lines.0.grossFen`), shown under the fields.
 */
export function invalidInput(message: string, fields: Record<string, string> = {}): ApiFailure {
  const result: FieldErrors = { fields };
  return new ApiFailure(ErrorCode.InvalidInput, message, result);
}

/** A refusal of one field: its message, and the field's path in the body. */
export function invalidField(path: string, message: string): ApiFailure {
  return invalidInput(message, { [path]: message });
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
