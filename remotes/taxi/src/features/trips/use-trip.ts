/**
 * One trip by id, loaded when the page shows and again each time it is shown; `poll` reads it again every few seconds
 * while it holds (the driver waits for the passenger to receive it), quietly: a failed poll is tried at the next one.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { callApi } from '@app/host-sdk/api-client';
import { loadProblemOf, type LoadProblem } from '@app/widgets/load-problem';
import type { TaxiTrip } from './trips-api';

/** How often a page waiting for a passenger asks again. */
export const TRIP_POLL_MS = 3_000;

export type TripLoad = { state: 'loading' } | LoadProblem | { state: 'ready'; trip: TaxiTrip };

export function useTrip(id: string | null, load: (id: string) => Promise<TaxiTrip>, poll: (trip: TaxiTrip) => boolean) {
  const [loaded, setLoaded] = useState<TripLoad>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const latestLoad = useRef(load);
  latestLoad.current = load;
  useEffect(() => {
    if (!id) return;
    let current = true;
    latestLoad.current(id).then(
      (trip) => current && setLoaded({ state: 'ready', trip }),
      (error: unknown) => current && setLoaded(loadProblemOf(error)),
    );
    return () => {
      current = false;
    };
  }, [id, attempt]);

  const waiting = loaded.state === 'ready' && loaded.trip.id === id && poll(loaded.trip);
  useEffect(() => {
    if (!id || !waiting) return;
    let current = true;
    const timer = setInterval(() => {
      callApi('taxiTrip/get', { id }, { handles: true }).then(
        (trip) => current && setLoaded({ state: 'ready', trip }),
        () => undefined,
      );
    }, TRIP_POLL_MS);
    return () => {
      current = false;
      clearInterval(timer);
    };
  }, [id, waiting]);

  const retry = useCallback(() => {
    setLoaded({ state: 'loading' });
    setAttempt((value) => value + 1);
  }, []);
  return { loaded, retry };
}
