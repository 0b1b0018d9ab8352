/**
 * Why a page has nothing to show from its load, from the API client's error: refused (1003/1004, or any HTTP 403: not
 * this user's to see), missing (4004, or an id the server refuses as 4000), or failed with the server's reason (or the
 * network's).
 * Kept apart from the view (`state-view`) and free of React, for the hooks that load (lean pages use them).
 */
import { ApiError } from '@app/host-sdk/api-client';

export type LoadProblem =
  | { state: 'missing' }
  | { state: 'refused'; message: string }
  /** `offline`: there was no answer at all, not a failure the server reported. */
  | { state: 'failed'; message: string; offline: boolean };

export const REFUSED_TITLE = '无权查看';
/** What a refusal says when it came without the API's words (a 403 from a gateway in front of it). */
export const REFUSED_MESSAGE = '您没有查看此内容的权限';

const REFUSED_CODES = [1003, 1004] as const;
const MISSING_CODES = [4004, 4000] as const;

/**
 * The codes a detail page's load says itself (`handles` of `callApi`), in its own place: 无权查看 or not found, instead
 * of the catalogue's 权限不足 dialog, which would take the user home from the page that explains it.
 */
export const LOAD_PROBLEM_CODES = [...REFUSED_CODES, ...MISSING_CODES];

/** What a failed load means for the page: refused, missing, or failed with the server's reason (or the network's). */
export function loadProblemOf(error: unknown): LoadProblem {
  if (!(error instanceof ApiError)) return { state: 'failed', message: '请检查网络后重试', offline: true };
  // A refusal is one whoever words it: the API's codes, or a 403 (a gateway's own page has no code): never the network.
  if (error.status === 403 || (error.errorCode !== null && (REFUSED_CODES as readonly number[]).includes(error.errorCode))) {
    return { state: 'refused', message: error.errorCode === null ? REFUSED_MESSAGE : error.message };
  }
  // No answer (the network, a time-out) carries no code: the server never said anything.
  if (error.errorCode === null) return { state: 'failed', message: '请检查网络后重试', offline: true };
  if ((MISSING_CODES as readonly number[]).includes(error.errorCode)) return { state: 'missing' };
  return { state: 'failed', message: error.message, offline: false };
}
