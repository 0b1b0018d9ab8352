/**
 * An API call the server makes of itself while it writes a page (the same handler, access rules, serialisation and
 * hooks as a phone's call), waited for until a deadline at most: a page is never held up by a slow call.
 */
import type { FastifyInstance } from 'fastify';

export interface InProcessAnswer {
  status: number;
  /** The API's envelope, or null when the answer was not JSON. */
  envelope: { success?: boolean; result?: unknown } | null;
  /** The cookies the answer set. */
  setCookies: string[];
}

export interface InProcessCall {
  path: string;
  body: Record<string, unknown>;
  /** The request's headers (a session's Authorization, the phone's User-Agent). */
  headers?: Record<string, string>;
  /** The phone's address, so that what is counted per address is counted as the phone's. */
  remoteAddress?: string;
}

/** The answer to `POST /api/<path>`, or null when it failed or was not in by `deadline` (epoch ms). */
export async function callInProcess(
  app: FastifyInstance,
  call: InProcessCall,
  deadline = Number.POSITIVE_INFINITY,
): Promise<InProcessAnswer | null> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<null>((resolve) => {
    if (Number.isFinite(deadline)) timer = setTimeout(() => resolve(null), Math.max(0, deadline - Date.now()));
  });
  const answered = app
    .inject({ method: 'POST', url: `/api/${call.path}`, payload: call.body, headers: call.headers, remoteAddress: call.remoteAddress })
    .then((response): InProcessAnswer => {
      let envelope: InProcessAnswer['envelope'] = null;
      try {
        envelope = response.json();
      } catch {
        envelope = null;
      }
      const cookies = response.headers['set-cookie'];
      return { status: response.statusCode, envelope, setCookies: cookies === undefined ? [] : [cookies].flat() };
    })
    .catch(() => null);
  try {
    return await Promise.race([answered, late]);
  } finally {
    clearTimeout(timer);
  }
}

/** Whether the API answered the call with success (its result may be null: a company without a tax account). */
export function succeeded(answer: InProcessAnswer | null): answer is InProcessAnswer {
  return answer?.status === 200 && answer.envelope?.success === true;
}

/** The result of a success with one. */
export function successResult(answer: InProcessAnswer | null): unknown | null {
  return answer?.status === 200 && answer.envelope?.success === true && answer.envelope.result !== undefined
    ? answer.envelope.result
    : null;
}
