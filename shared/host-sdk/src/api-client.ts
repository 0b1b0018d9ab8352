/**
 * The API client core. Every call is `POST /api/<module>/<action>` with a JSON body and answers
 * `{ success, result, message, errorCode }`. `callApi` is typed by the call's path from the API contract
 * (`@app/contract/api`: its body and its result), imported as types only, so no schema reaches the bundle. Remotes
 * define their endpoint functions with `callApi` and never create a client of their own.
 *
 * A call the host page sent early (`early-calls`) with the same path, body and session takes that call's answer, once
 * (internal/early-calls-slot.ts); any other goes to the network through the app's one axios instance
 * (internal/axios-client.ts), which is loaded with the first such call: the first screen, drawn from early answers,
 * does not wait for it.
 */
import type { AxiosInstance } from 'axios';
import type { ApiPath, CallBody, CallResult } from '@app/contract/api';
import type { ErrorCodeValue, FieldErrors } from '@app/contract/error-codes';
import { takeEarlyCall, type EarlyAnswer } from './internal/early-calls-slot';
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

let axiosClient: Promise<AxiosInstance> | null = null;

/** The axios instance, loaded once (again after a failed load: the next call retries it). */
function loadAxiosClient(): Promise<AxiosInstance> {
  axiosClient ??= import(/* webpackChunkName: "lib-axios" */ './internal/axios-client').then(
    (module) => module.axiosClient,
    (error: unknown) => {
      axiosClient = null;
      throw error;
    },
  );
  return axiosClient;
}

/**
 * Loads the axios instance ahead of the first call that needs it. The host calls it once its first screen is up, so
 * that a tap that calls the server does not wait for the file.
 */
export function prefetchApiClient(): void {
  loadAxiosClient().catch(() => undefined);
}

/** What the server answered a call: its HTTP status and its body (the parsed JSON, or the text where it is not JSON). */
export interface ApiAnswer {
  status: number;
  data: unknown;
}

function parsed(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/**
 * `POST /api/<path>` with the session, answered by the page's early call of the same path, body and session where
 * one stands for it (and comes within the time-out), otherwise by the server. Every answer resolves, a refusal too;
 * it rejects only when no answer came (network error, time-out), with an ApiError without a code.
 */
export async function postApi(path: string, payload: unknown, timeoutMs = REQUEST_TIMEOUT_MS): Promise<ApiAnswer> {
  const body = JSON.stringify(payload ?? {});
  const token = getToken();
  const early = takeEarlyCall(path, body, token ? `Bearer ${token}` : null);
  const answer = early ? await earlyAnswerWithin(early.answer, timeoutMs) : null;
  if (answer) return { status: answer.status, data: parsed(answer.text) };
  try {
    const client = await loadAxiosClient();
    const response = await client.post<unknown>(`/${path}`, body, { timeout: timeoutMs, validateStatus: () => true });
    return { status: response.status, data: response.data };
  } catch (error) {
    // An adapter may still reject an answer it was given (a refusal as an AxiosError with its response).
    const response = (error as { response?: { status?: unknown; data?: unknown } } | null)?.response;
    if (response && typeof response.status === 'number') return { status: response.status, data: response.data };
    // axios's own messages ("Network Error", "timeout of 50000ms exceeded") are English: the user sees Chinese.
    throw new ApiError(NETWORK_ERROR_MESSAGE, null, null);
  }
}

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

const isEnvelope = (data: unknown): data is Partial<ApiEnvelope<unknown>> => typeof data === 'object' && data !== null && 'success' in data;

/** The call's result, or the ApiError its answer stands for. */
function resultOf<T>({ status, data }: ApiAnswer): T {
  const ok = status >= 200 && status < 300;
  if (isEnvelope(data)) {
    if (ok && data.success) return data.result as T;
    throw new ApiError(
      data.message || NETWORK_ERROR_MESSAGE,
      (data.errorCode ?? null) as ErrorCodeValue | null,
      status,
      data.result ?? null,
    );
  }
  throw new ApiError(ok ? NETWORK_ERROR_MESSAGE : `${NETWORK_ERROR_MESSAGE}（${status}）`, null, status);
}

/** A call's arguments: its body (optional when the body takes nothing required), then the options. */
type CallArgs<P extends ApiPath> =
  Partial<CallBody<P>> extends CallBody<P> ? [payload?: CallBody<P>, options?: CallOptions] : [payload: CallBody<P>, options?: CallOptions];

/** Calls `POST /api/<path>` and resolves with `result`, or rejects with an ApiError after the error catalogue ran. */
export async function callApi<P extends ApiPath>(path: P, ...[payload, options = {}]: CallArgs<P>): Promise<CallResult<P>> {
  try {
    if (options.noRepeat) rejectRepeat(path, payload);
    return resultOf<CallResult<P>>(await postApi(path, payload));
  } catch (error) {
    const apiError = error instanceof ApiError ? error : new ApiError(NETWORK_ERROR_MESSAGE, null, null);
    const handled = options.handles === true || (apiError.errorCode !== null && options.handles?.includes(apiError.errorCode));
    if (!handled) errorHandler?.(apiError, path);
    throw apiError;
  }
}
