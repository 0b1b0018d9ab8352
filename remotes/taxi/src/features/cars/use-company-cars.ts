/**
 * The company's cars as the session holds them (`useCars`), loaded afresh when a page that needs them opens (another
 * manager may have added or removed one meanwhile) by the one loading hook (`useLoaded`), with the default car (saved
 * on this device, else the first).
 */
import { useCallback } from 'react';
import { loadCars } from '@app/host-sdk/session-loader';
import { useCars } from '@app/host-sdk/session-hooks';
import { useLoaded } from '@app/widgets/use-loaded-by-code';

/** The cars afresh; a failure is the API client's own (the session's wraps it in words for its toast). */
async function companyCars() {
  try {
    return await loadCars();
  } catch (error) {
    throw (error as { cause?: unknown }).cause;
  }
}

export function useCompanyCars() {
  const { cars, defaultCar, setDefaultCar } = useCars();
  const { loaded: load, retry } = useLoaded(companyCars);
  /** Loads them again after a change, keeping what shows meanwhile. */
  const reload = useCallback(() => loadCars().then(() => undefined), []);
  return { cars, defaultCar, setDefaultCar, load, retry, reload };
}
