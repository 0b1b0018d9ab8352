/** The company's cars (`taxiCar/*`; `taxiCar/getMyCars` is the session's, `loadCars` of `@app/host-sdk/session-loader`). */
import type { Car } from '@app/contract/service';
import { callApi } from '@app/host-sdk/api-client';

export type { Car } from '@app/contract/service';

/** Adds a car; a plate the server refuses (4000) comes back with its message under `licensePlateNumber`. */
export function addCar(licensePlateNumber: string): Promise<Car> {
  return callApi('taxiCar/add', { licensePlateNumber }, { noRepeat: true });
}

export function removeCar(id: string): Promise<void> {
  return callApi('taxiCar/remove', { id }).then(() => undefined);
}
