/**
 * One trip by id, loaded by the one hook (`use-loaded-by-code`) when the page shows and again each time it is shown;
 * `poll` reads it again every few seconds while it holds (the driver waits for the passenger to receive it), quietly:
 * a failed poll is tried at the next one.
 */
import { useEffect } from 'react';
import { callApi } from '@app/host-sdk/api-client';
import { useLoadedByCode } from '@app/widgets/use-loaded-by-code';
import type { TaxiTrip } from './trips-api';

/** How often a page waiting for a passenger asks again. */
export const TRIP_POLL_MS = 3_000;

export function useTrip(id: string | null, load: (id: string) => Promise<TaxiTrip>, poll: (trip: TaxiTrip) => boolean) {
  const { loaded, show, retry } = useLoadedByCode(id ?? '', load, undefined);
  const waiting = loaded.state === 'ready' && poll(loaded.value);
  useEffect(() => {
    if (!id || !waiting) return;
    let current = true;
    const timer = setInterval(() => {
      callApi('taxiTrip/get', { id }, { handles: true }).then(
        (trip) => current && show(trip),
        () => undefined,
      );
    }, TRIP_POLL_MS);
    return () => {
      current = false;
      clearInterval(timer);
    };
  }, [id, waiting, show]);
  return { loaded, retry };
}
