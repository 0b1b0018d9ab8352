/** One call's answer for a section of the page: loading, failed (with the reason and a retry) or ready. */
import { useCallback, useEffect, useState } from 'react';
import { ApiError } from '@app/host-sdk/api-client';

export type Loaded<T> = { state: 'loading' } | { state: 'failed'; message: string } | { state: 'ready'; value: T };

export function useLoad<T>(load: () => Promise<T>): { loaded: Loaded<T>; retry: () => void } {
  const [loaded, setLoaded] = useState<Loaded<T>>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is not read: 重试 counts one more, which is the reason to load again.
  useEffect(() => {
    let current = true;
    load().then(
      (value) => current && setLoaded({ state: 'ready', value }),
      (error: unknown) =>
        current &&
        setLoaded({ state: 'failed', message: error instanceof ApiError && error.errorCode !== null ? error.message : '请检查网络后重试' }),
    );
    return () => {
      current = false;
    };
  }, [load, attempt]);
  const retry = useCallback(() => {
    setLoaded({ state: 'loading' });
    setAttempt((value) => value + 1);
  }, []);
  return { loaded, retry };
}
