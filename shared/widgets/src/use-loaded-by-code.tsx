/**
 * What a page opened cold by a code (the cash desk `/shop/{code}`, a passenger's ride `/taxi/ride/{code}`) or by an id
 * (a detail page) loads first: the thing the code names, as loading, ready, or its problem (`load-problem`: missing,
 * refused or failed); an empty code is missing at once. The first load may already be under way
 * (a lean page starts it with its start-up calls), or already there (`ready`: the first screen the server painted, which
 * the page hydrates); `retry` loads again, `show` puts a newer copy in place (after an
 * action answered it), `refresh` loads it again while what is shown stays (a failed refresh keeps it: the API client
 * has said why); the three stay the same functions. `settled` counts the answers (a page following the thing asks
 * again after each). Kept free of the form engine: lean pages use it.
 */
import { useCallback, useEffect, useState } from 'react';
import { loadProblemOf, type LoadProblem } from './load-problem';

export type LoadedByCode<T> = { state: 'loading' } | LoadProblem | { state: 'ready'; value: T; code: string };

export function useLoadedByCode<T>(code: string, load: (code: string) => Promise<T>, first: Promise<T> | undefined, ready?: T) {
  const [loaded, setLoaded] = useState<LoadedByCode<T>>(
    ready === undefined || !code ? { state: 'loading' } : { state: 'ready', value: ready, code },
  );
  const [attempt, setAttempt] = useState(0);
  const [settled, setSettled] = useState(ready === undefined ? 0 : 1);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `load` is the page's call for a code, the same call whatever function object carries it; `attempt` is the reason to load again.
  useEffect(() => {
    // No code names nothing: missing, without asking the server (which would refuse the empty code).
    if (!code) {
      setLoaded({ state: 'missing' });
      return;
    }
    // What the first render showed is the first answer.
    if (attempt === 0 && ready !== undefined) return;
    let current = true;
    // A new code shows loading; the same code keeps what it shows while it loads again.
    setLoaded((previous) => (previous.state === 'ready' && previous.code === code ? previous : { state: 'loading' }));
    (attempt === 0 && first ? first : load(code)).then(
      (value) => {
        if (!current) return;
        setLoaded({ state: 'ready', value, code });
        setSettled((count) => count + 1);
      },
      (error: unknown) => {
        if (!current) return;
        const problem = loadProblemOf(error);
        // A failed refresh keeps what is shown; not found or refused replaces it (deleted, or no longer this user's).
        if (problem.state !== 'failed') setLoaded(problem);
        else setLoaded((previous) => (previous.state === 'ready' && previous.code === code ? previous : problem));
        setSettled((count) => count + 1);
      },
    );
    return () => {
      current = false;
    };
  }, [code, attempt, first, ready]);
  const show = useCallback((value: T) => setLoaded({ state: 'ready', value, code }), [code]);
  const retry = useCallback(() => {
    setLoaded({ state: 'loading' });
    setAttempt((value) => value + 1);
  }, []);
  const refresh = useCallback(() => setAttempt((value) => value + 1), []);
  return { loaded, settled, show, retry, refresh };
}

/** Stands for the one thing a page loads that no code names. */
const THE_ONE = 'the-one';

/**
 * What a page loads that no code or id names (the wallet, the company's invoicing QR code): the same states, `retry`,
 * `refresh` and `show` as `useLoadedByCode`, loaded again each time the page is shown.
 */
export function useLoaded<T>(load: () => Promise<T>) {
  return useLoadedByCode(THE_ONE, () => load(), undefined);
}
