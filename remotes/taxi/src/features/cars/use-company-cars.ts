/**
 * The company's cars as the session holds them (`useCars`), loaded afresh when a page that needs them opens (another
 * manager may have added or removed one meanwhile), with the default car (saved on this device, else the first).
 */
import { useCallback, useEffect, useState } from 'react';
import { loadCars } from '@app/host-sdk/session-loader';
import { useCars } from '@app/host-sdk/session-hooks';
import { loadFailureMessage } from '@app/widgets/form-page';

export type CarsLoad = { state: 'loading' } | { state: 'failed'; message: string } | { state: 'ready' };

export function useCompanyCars() {
  const { cars, defaultCar, setDefaultCar } = useCars();
  const [load, setLoad] = useState<CarsLoad>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let current = true;
    loadCars().then(
      () => current && setLoad({ state: 'ready' }),
      (error: unknown) => current && setLoad({ state: 'failed', message: loadFailureMessage((error as { cause?: unknown }).cause) }),
    );
    return () => {
      current = false;
    };
  }, [attempt]);
  const retry = useCallback(() => {
    setLoad({ state: 'loading' });
    setAttempt((value) => value + 1);
  }, []);
  /** Loads them again after a change, keeping what shows meanwhile. */
  const reload = useCallback(() => loadCars().then(() => undefined), []);
  return { cars, defaultCar, setDefaultCar, load, retry, reload };
}
