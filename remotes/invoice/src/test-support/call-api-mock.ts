/**
 * Test support (never imported by the app): the answers of a mocked `callApi`, one route per call path. A test file
 * mocks `@app/host-sdk/api-client` with `rs.mock` and installs these answers with `answerCalls`.
 */
import type { Mock } from '@rstest/core';
import { ApiError } from '@app/host-sdk/api-client';

export type CallRoute = unknown | ((payload: Record<string, unknown>) => unknown);

type CallApiMock = Mock<(path: string, payload?: unknown, options?: unknown) => Promise<unknown>>;

/** Each answer in turn, then the last one again and again; an ApiError answer is thrown. */
export function sequence(...answers: unknown[]): (payload: Record<string, unknown>) => unknown {
  let next = 0;
  return () => answers[Math.min(next++, answers.length - 1)];
}

/** A failed call: an error code from the server, or null when no answer came (network error, time-out). */
export function failure(errorCode: number | null, message: string): ApiError {
  return new ApiError(message, errorCode, 200);
}

export interface CallTable {
  /** Sets (or replaces) the answer of a path. */
  route(path: string, route: CallRoute): void;
  /** The payloads sent to a path, in order. */
  payloadsOf(path: string): unknown[];
}

export function answerCalls(callApi: CallApiMock, routes: Record<string, CallRoute>): CallTable {
  const table = new Map<string, CallRoute>(Object.entries(routes));
  callApi.mockReset();
  callApi.mockImplementation(async (path, payload) => {
    if (!table.has(path)) throw failure(4004, `没有模拟 ${path}`);
    const route = table.get(path);
    const answer = typeof route === 'function' ? await (route as (body: Record<string, unknown>) => unknown)((payload ?? {}) as Record<string, unknown>) : route;
    if (answer instanceof ApiError) throw answer;
    return structuredClone(answer);
  });
  return {
    route: (path, route) => void table.set(path, route),
    payloadsOf: (path) => callApi.mock.calls.filter(([called]) => called === path).map(([, payload]) => payload),
  };
}
