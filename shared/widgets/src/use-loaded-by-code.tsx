/**
 * What a page opened cold by a code (the cash desk `/shop/{code}`, a passenger's ride `/taxi/ride/{code}`) loads first:
 * the thing the code names, as loading, missing (4004, or a code the server refuses as 4000), failed with the
 * server's message (or 请检查网络后重试 when there was no answer) or ready; an empty code is missing at once. The first load may already be under way
 * (a lean page starts it with its start-up calls); `retry` loads again, `show` puts a newer copy in place (after an
 * action answered it), `refresh` loads it again while what is shown stays (a failed refresh keeps it: the API client
 * has said why). Kept free of the form engine: lean pages use it.
 */
import { useEffect, useState } from 'react';
import { ApiError } from '@app/host-sdk/api-client';

export type LoadedByCode<T> = { state: 'loading' } | { state: 'missing' } | { state: 'failed'; message: string } | { state: 'ready'; value: T; code: string };

export function useLoadedByCode<T>(code: string, load: (code: string) => Promise<T>, first: Promise<T> | undefined) {
  const [loaded, setLoaded] = useState<LoadedByCode<T>>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    // No code names nothing: missing, without asking the server (which would refuse the empty code).
    if (!code) {
      setLoaded({ state: 'missing' });
      return;
    }
    let current = true;
    // A new code shows loading; the same code keeps what it shows while it loads again.
    setLoaded((previous) => (previous.state === 'ready' && previous.code === code ? previous : { state: 'loading' }));
    (attempt === 0 && first ? first : load(code)).then(
      (value) => current && setLoaded({ state: 'ready', value, code }),
      (error: unknown) => {
        if (!current) return;
        if (error instanceof ApiError && (error.errorCode === 4004 || error.errorCode === 4000)) setLoaded({ state: 'missing' });
        else setLoaded((previous) => (previous.state === 'ready' && previous.code === code ? previous : { state: 'failed', message: error instanceof ApiError && error.errorCode !== null ? error.message : '请检查网络后重试' }));
      },
    );
    return () => {
      current = false;
    };
    // `load` is left out: it is the page's call for a code, the same call whatever function object carries it.
  }, [code, attempt, first]);
  return {
    loaded,
    show: (value: T) => setLoaded({ state: 'ready', value, code }),
    retry: () => {
      setLoaded({ state: 'loading' });
      setAttempt((value) => value + 1);
    },
    refresh: () => setAttempt((value) => value + 1),
  };
}
