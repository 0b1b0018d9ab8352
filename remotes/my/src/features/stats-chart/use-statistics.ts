/** Loads a statistics call for a range, again when the range changes or on 重试; a stale answer never shows. */
import { useCallback, useEffect, useState } from 'react';
import type { ApiError } from '@app/host-sdk/api-client';
import type { StatsRange } from './stats-range';

export type StatsBody = Pick<StatsRange, 'from' | 'to' | 'by'>;

export type Loaded<T> = { state: 'loading' } | { state: 'failed'; error: ApiError } | { state: 'loaded'; data: T };

export function useStatistics<T>(load: (body: StatsBody) => Promise<T>, range: StatsRange): { loaded: Loaded<T>; retry(): void } {
  const [loaded, setLoaded] = useState<Loaded<T>>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const { from, to, by } = range;

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is not read: 重试 counts one more, which is the reason to load again.
  useEffect(() => {
    let current = true;
    setLoaded({ state: 'loading' });
    load({ from, to, by }).then(
      (data) => current && setLoaded({ state: 'loaded', data }),
      (error: ApiError) => current && setLoaded({ state: 'failed', error }),
    );
    return () => {
      current = false;
    };
  }, [load, from, to, by, attempt]);

  const retry = useCallback(() => setAttempt((value) => value + 1), []);
  return { loaded, retry };
}
