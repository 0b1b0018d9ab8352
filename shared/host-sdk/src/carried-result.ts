/**
 * A call's answer the page already carries, for a page's first render to draw at once rather than a placeholder
 * (docs/architecture.md, "First screens from the server"): in the browser, the server's answer written in the page for
 * this session (held by the early calls); in a first screen the server paints, the answer it paints from. A page that
 * draws it makes the same first render in both, so the app's swap for the painted screen changes nothing.
 */
import { useEffect, useState } from 'react';
import type { ApiPath, CallBody, CallResult } from '@app/contract/api';
import { carriedEarlyCall, dropEarlyCall, type EarlyCall } from './internal/early-calls-slot';
import { paintedAnswer } from './internal/painted-answers';
import { getToken } from './session';

interface Carried<T> {
  result: T;
  /** The early call that held it, in the browser. */
  call?: EarlyCall;
}

function carried<P extends ApiPath>(path: P, payload: CallBody<P>): Carried<CallResult<P>> | null {
  const body = JSON.stringify(payload);
  const painted = paintedAnswer(path, body);
  if (painted) return { result: painted.result as CallResult<P> };
  const token = getToken();
  const call = carriedEarlyCall(path, body, token ? `Bearer ${token}` : null);
  if (call?.carried.status !== 200) return null;
  try {
    const envelope = JSON.parse(call.carried.text) as { success?: unknown; result?: unknown } | null;
    return envelope?.success === true ? { result: envelope.result as CallResult<P>, call } : null;
  } catch {
    return null;
  }
}

/** The carried successful result of `path` with `payload`, or undefined where the page carries none (the page asks). */
export function carriedResult<P extends ApiPath>(path: P, payload: CallBody<P>): CallResult<P> | undefined {
  return carried(path, payload)?.result;
}

/**
 * The carried result as the page first rendered (read once, at mount). Once drawn, the page's answer is used up: a
 * later call of the same (a pull to refresh) asks the server.
 */
export function useCarriedResult<P extends ApiPath>(path: P, payload: CallBody<P>): CallResult<P> | undefined {
  const [first] = useState(() => carried(path, payload));
  useEffect(() => {
    if (first?.call) dropEarlyCall(first.call);
  }, [first]);
  return first?.result;
}
