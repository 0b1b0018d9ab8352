/**
 * The API client core: the one axios instance of the app. Every call is `POST /api/<module>/<action>` with a JSON body
 * and answers `{ success, result, message, errorCode }`. `callApi` is typed by the call's path from the API contract
 * (`@app/contract/api`: its body and its result), imported as types only, so no schema reaches the bundle. Remotes
 * define their endpoint functions with `callApi` and never create a client of their own.
 */
import axios, { AxiosError, AxiosHeaders, type AxiosAdapter, type AxiosResponse } from 'axios';
import type { ApiPath, CallBody, CallResult } from '@app/contract/api';
import type { ErrorCodeValue, FieldErrors } from '@app/contract/error-codes';
import { API_BASE, takeEarlyCall, type EarlyAnswer } from './internal/early-calls-slot';
import { recentCalls } from './internal/recent-calls';
import { getToken } from './session';

export { API_BASE } from './internal/early-calls-slot';
/** docs/product.md, "Constants". */
export const REQUEST_TIMEOUT_MS = 50_000;
export const NO_REPEAT_WINDOW_MS = 2_000;
export const NO_REPEAT_MESSAGE = '请勿重复提交';
export const NETWORK_ERROR_MESSAGE = '请求失败,请重试';

export interface ApiEnvelope<T> {
  success: boolean;
  result: T;
  message: string | null;
  errorCode: number | null;
}

export class ApiError extends Error {
  /** The contract's error code; null when no answer came (network error, time-out) or the client refused the call. */
  readonly errorCode: ErrorCodeValue | null;
  /** The HTTP status, or null when no answer came (network error, time-out). */
  readonly status: number | null;
  /** What the server sent with the failure, e.g. the running task's id with 2001. */
  readonly result: unknown;
  constructor(message: string, errorCode: ErrorCodeValue | null, status: number | null, result: unknown = null) {
    super(message);
    this.name = 'ApiError';
    this.errorCode = errorCode;
    this.status = status;
    this.result = result;
  }
}

export interface CallOptions {
  /** Reject the same path and payload again within 2 s on the client. */
  noRepeat?: boolean;
  /** Error codes (or all, with true) the caller handles itself, so the error catalogue stays quiet for them. */
  handles?: true | readonly ErrorCodeValue[];
}

/** The refused fields of a 4000 answer, by their path in the body (`buyer.taxNumber`), or none. */
export function fieldErrorsOf(error: unknown): Record<string, string> {
  if (!(error instanceof ApiError) || error.errorCode !== 4000) return {};
  const fields = (error.result as Partial<FieldErrors> | null)?.fields;
  return fields && typeof fields === 'object' ? fields : {};
}

export type ApiErrorHandler = (error: ApiError, path: string) => void;

/** The early answer, or null once the call's own time-out has passed without it. */
async function earlyAnswerWithin(answer: Promise<EarlyAnswer | null>, timeoutMs: number | undefined): Promise<EarlyAnswer | null> {
  if (!timeoutMs) return answer;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), timeoutMs)));
  try {
    return await Promise.race([answer, late]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The transport `next`, except that a call the host page sent early (`early-calls`) with the same path, body and
 * session is answered with that call's answer, once (internal/early-calls-slot.ts); the rest of axios (status check,
 * parsing, errors) treats it as it treats any answer. A call whose early answer did not come (no answer, or none
 * within the call's time-out) goes to `next`.
 */
export function withEarlyAnswers(next: AxiosAdapter): AxiosAdapter {
  return async (config) => {
    const authorization = config.headers.get('Authorization');
    const early = takeEarlyCall(String(config.url ?? '').replace(/^\//, ''), typeof config.data === 'string' ? config.data : JSON.stringify(config.data ?? {}), typeof authorization === 'string' ? authorization : null);
    const answer = early ? await earlyAnswerWithin(early.answer, config.timeout) : null;
    if (!answer) return next(config);
    const response: AxiosResponse = { data: answer.text, status: answer.status, statusText: '', headers: new AxiosHeaders({ 'Content-Type': 'application/json' }), config };
    if (config.validateStatus && !config.validateStatus(answer.status)) {
      throw new AxiosError(`Request failed with status code ${answer.status}`, answer.status >= 500 ? AxiosError.ERR_BAD_RESPONSE : AxiosError.ERR_BAD_REQUEST, config, undefined, response);
    }
    return response;
  };
}

export const apiClient = axios.create({
  baseURL: API_BASE,
  timeout: REQUEST_TIMEOUT_MS,
  headers: { 'Content-Type': 'application/json' },
  adapter: withEarlyAnswers((config) => axios.getAdapter(axios.defaults.adapter)(config)),
});

apiClient.interceptors.request.use((config) => {
  const token = getToken();
  if (token) config.headers.set('Authorization', `Bearer ${token}`);
  config.headers.set('X-Request-Page-Url', encodeURI(window.location.href));
  return config;
});

let errorHandler: ApiErrorHandler | null = null;

/** The host installs the error catalogue (docs/product.md, "Errors") here; every failed call passes through it. */
export function setApiErrorHandler(handler: ApiErrorHandler | null): void {
  errorHandler = handler;
}

function rejectRepeat(path: string, payload: unknown): void {
  const now = Date.now();
  for (const [key, at] of recentCalls) if (now - at >= NO_REPEAT_WINDOW_MS) recentCalls.delete(key);
  const key = `${path}\n${JSON.stringify(payload ?? {})}`;
  if (recentCalls.has(key)) throw new ApiError(NO_REPEAT_MESSAGE, null, null);
  recentCalls.set(key, now);
}

function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  if (error instanceof AxiosError) {
    const body = error.response?.data as Partial<ApiEnvelope<unknown>> | undefined;
    if (body && typeof body === 'object' && 'success' in body) {
      return new ApiError(body.message || NETWORK_ERROR_MESSAGE, (body.errorCode ?? null) as ErrorCodeValue | null, error.response?.status ?? null, body.result ?? null);
    }
    // axios's own messages ("Network Error", "timeout of 50000ms exceeded") are English: the user sees Chinese.
    const status = error.response?.status ?? null;
    return new ApiError(status ? `${NETWORK_ERROR_MESSAGE}（${status}）` : NETWORK_ERROR_MESSAGE, null, status);
  }
  return new ApiError(NETWORK_ERROR_MESSAGE, null, null);
}

/** A call's arguments: its body (optional when the body takes nothing required), then the options. */
type CallArgs<P extends ApiPath> = {} extends CallBody<P> ? [payload?: CallBody<P>, options?: CallOptions] : [payload: CallBody<P>, options?: CallOptions];

/** Calls `POST /api/<path>` and resolves with `result`, or rejects with an ApiError after the error catalogue ran. */
export async function callApi<P extends ApiPath>(path: P, ...[payload, options = {}]: CallArgs<P>): Promise<CallResult<P>> {
  try {
    if (options.noRepeat) rejectRepeat(path, payload);
    const response = await apiClient.post<ApiEnvelope<CallResult<P>>>(`/${path}`, payload ?? {});
    const body = response.data;
    if (!body.success) throw new ApiError(body.message || NETWORK_ERROR_MESSAGE, body.errorCode as ErrorCodeValue | null, response.status, body.result);
    return body.result;
  } catch (error) {
    const apiError = toApiError(error);
    const handled = options.handles === true || (apiError.errorCode !== null && options.handles?.includes(apiError.errorCode));
    if (!handled) errorHandler?.(apiError, path);
    throw apiError;
  }
}
