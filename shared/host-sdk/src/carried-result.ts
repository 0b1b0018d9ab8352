/**
 * A call's answer the page already carries, for a page's first render to draw at once rather than a placeholder
 * (docs/architecture.md, "First screens from the server"): in the browser, the server's answer written in the page for
 * this session (held by the early calls); in a first screen the server paints, the answer it paints from. A page that
 * draws it makes the same first render in both, so the app's swap for the painted screen changes nothing.
 */
import { useEffect, useState } from 'react';
import type { ApiPath, CallBody, CallResult } from '@app/contract/api';
import { peekEarlyCall, takeEarlyCall } from './internal/early-calls-slot';
import { paintedAnswer } from './internal/painted-answers';
import { getToken } from './session';

function authorization(): string | null {
  const token = getToken();
  return token ? `Bearer ${token}` : null;
}

/** The carried successful result of `path` with `payload`, or undefined where the page carries none (the page asks). */
export function carriedResult<P extends ApiPath>(path: P, payload: CallBody<P>): CallResult<P> | undefined {
  const body = JSON.stringify(payload);
  const painted = paintedAnswer(path, body);
  if (painted) return painted.result as CallResult<P>;
  const carried = peekEarlyCall(path, body, authorization())?.carried;
  if (carried?.status !== 200) return undefined;
  try {
    const envelope = JSON.parse(carried.text) as { success?: unknown; result?: unknown } | null;
    return envelope?.success === true ? (envelope.result as CallResult<P>) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The carried result as the page first rendered (read once, at mount). Once drawn, the page's answer is used up: a
 * later call of the same (a pull to refresh) asks the server.
 */
export function useCarriedResult<P extends ApiPath>(path: P, payload: CallBody<P>): CallResult<P> | undefined {
  const [carried] = useState(() => ({ result: carriedResult(path, payload), body: JSON.stringify(payload) }));
  useEffect(() => {
    if (carried.result !== undefined) takeEarlyCall(path, carried.body, authorization());
  }, [carried, path]);
  return carried.result;
}
