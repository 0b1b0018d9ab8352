/**
 * Session state shared by the host and every remote (this module is a shared singleton, so there is one store): the
 * token, the service config, the signed-in user, the current company's tax account and cars. Remotes read it through
 * the hooks in session-hooks.ts.
 */
import { atom, createStore } from 'jotai';
import { atomWithStorage, createJSONStorage } from 'jotai/utils';
import type { Car, ServicesConfig } from '@app/contract/service';
import type { TaxAccount } from '@app/contract/tax-account';
import type { UserDetail } from '@app/contract/user';
import { TOKEN_STORAGE_KEY } from './storage-keys';

export { TOKEN_STORAGE_KEY } from './storage-keys';

/** Key of the default taxi car in localStorage. */
export const DEFAULT_CAR_STORAGE_KEY = 'defaultCarId';
/** Key of the start URL in sessionStorage (docs/product.md, "Screens and the host": the start address). */
export const INPUT_URL_STORAGE_KEY = 'inputUrl';
/** The session flag that lets testers in while the service is open to testers only. */
export const TEST_FLAG_STORAGE_KEY = '_test_';

export const sessionStore = createStore();

/** The address this page's app was opened with, once its start-up has taken it (startup.ts `saveStartUrl`). */
let startAddress: string | null = null;

/** Called by the start-up only (startup.ts `saveStartUrl`). */
export function keepStartUrl(href: string): void {
  startAddress = href;
}

/**
 * The address the app was opened with: this page's, taken at its start, else the one sessionStorage `inputUrl` kept
 * (written when the browser is next idle: startup.ts).
 */
export function startUrl(): string | null {
  return startAddress ?? sessionStorage.getItem(INPUT_URL_STORAGE_KEY);
}

export const tokenAtom = atomWithStorage<string | null>(TOKEN_STORAGE_KEY, null, undefined, { getOnInit: true });
export const servicesConfigAtom = atom<ServicesConfig | null>(null);
export const userDetailAtom = atom<UserDetail | null>(null);
/** The tax account of the current company: undefined until asked, null when it is not set up or its query failed. */
export const taxAccountAtom = atom<TaxAccount | null | undefined>(undefined);
/** Whether the tax account query failed (then only QR login is offered, docs/product.md, "Tasks"). */
export const taxAccountFailedAtom = atom(false);
export const carsAtom = atom<Car[]>([]);
const savedCarIdAtom = atomWithStorage<string | null>(
  DEFAULT_CAR_STORAGE_KEY,
  null,
  // jotai's default storage: localStorage where there is one (a server's render of a lean page has none).
  createJSONStorage<string | null>(),
  { getOnInit: true },
);

/** The default car: the saved one, or the first when none is saved or the saved one is gone (docs/product.md, "Tasks"). */
export const defaultCarAtom = atom(
  (get) => {
    const cars = get(carsAtom);
    return cars.find((car) => car.id === get(savedCarIdAtom)) ?? cars[0] ?? null;
  },
  (_get, set, carId: string) => set(savedCarIdAtom, carId),
);

export function getToken(): string | null {
  return sessionStore.get(tokenAtom);
}

export function setToken(token: string | null): void {
  sessionStore.set(tokenAtom, token);
}

/**
 * Forgets what was loaded about the user and their company (user detail, tax account, cars) but keeps the session:
 * the next page loads it afresh (after a refusal of 1003/1004, or a switch of company).
 */
export function clearCompanyState(): void {
  sessionStore.set(userDetailAtom, null);
  sessionStore.set(taxAccountAtom, undefined);
  sessionStore.set(taxAccountFailedAtom, false);
  sessionStore.set(carsAtom, []);
}

/** Forgets everything about the signed-in user, the token included (before signing in again). */
export function clearSession(): void {
  setToken(null);
  clearCompanyState();
}
