/**
 * The error codes of the API (docs/product.md, "Errors"): every failed call answers the envelope with one of these and
 * a Chinese message. Plain values, no schema library: the server imports them; clients use their type.
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
  /** The data is not in a state that allows this (a task, an application, an invoice). */
  TaskStateConflict: 2005,
  /** Too soon to send another SMS code (4-minute window); `result.waitSeconds` says how long to wait. */
  SmsTooSoon: 2006,
  /** Acting at the tax bureau needs the accepted authorisation agreement (the host opens the agreement dialog). */
  AgreementRequired: 2007,
  /** Deleting the account of a company's last manager while it has other members: hand over first. */
  LastManager: 2008,
  /** The request is not valid: the message names the field, `result.fields` maps each field's path to its message. */
  InvalidInput: 4000,
  NotFound: 4004,
  /** Too many requests in a short time. */
  TooManyRequests: 4029,
  /** Unexpected server failure (a bug: never caused by client input). */
  Internal: 5000,
} as const;

export type ErrorCodeValue = (typeof ErrorCode)[keyof typeof ErrorCode];

/** `result` of a 4000 answer: the message of each refused field, by its path in the body (`buyer.taxNumber`, `lines.0.grossFen`). */
export interface FieldErrors {
  fields: Record<string, string>;
}

/** `result` of a 2001 answer: the task that is already running. */
export interface ExistingTask {
  taskId: string;
}

/** `result` of a 2006 answer. */
export interface SmsWait {
  waitSeconds: number;
}
