/**
 * Session state shared by the host and every remote (this module is a shared singleton, so there is one store): the
 * token, the service config, the signed-in user, the current company's tax account and cars. Remotes read it through
 * the hooks in session-hooks.ts.
 */
import { atom, createStore } from 'jotai';
import { atomWithStorage, createJSONStorage } from 'jotai/utils';

/** Key of the session token in localStorage (spec §9: stored locally). */
export const TOKEN_STORAGE_KEY = 'token';
/** Key of the default taxi car in localStorage. */
export const DEFAULT_CAR_STORAGE_KEY = 'defaultCarId';
/** Key of the start URL in sessionStorage (spec §4: the input URL). */
export const INPUT_URL_STORAGE_KEY = 'inputUrl';
/** The session flag that lets testers in while the service is open to testers only. */
export const TEST_FLAG_STORAGE_KEY = '_test_';

export type Permission = 'company_manage' | 'company_user_role' | 'taxi_trip_manage' | 'benefit_payment';

export interface ServicesConfig {
  id: number;
  appHotLine: string;
  etaxAreas: { code: string; name: string }[];
  systemServiceConfig: { available: 'all' | 'self' | 'none'; closeReason: string };
  frontVersion: number;
  /** Sign-in goes through the built-in demo provider (no WeChat/Alipay credentials configured). */
  demo: boolean;
}

export interface CompanyInfo {
  id: string;
  name: string;
  qylx: string;
  businessTypes: string[];
  xsfNsrsbh: string;
  address: string;
  phone: string;
  bankName: string;
  bankAccount: string;
  code: string;
  roleName: string;
  serviceExpiresAt: string;
}

export interface UserDetail {
  id: string;
  nickname: string;
  avatarUrl: string | null;
  company: boolean;
  companyInfo: CompanyInfo | null;
  permissions: Permission[];
  account: { username: string | null; agreed: boolean };
  tester: boolean;
}

export interface TaxAccount {
  nsrsbh: string;
  loginIdentity: string;
  loginIdentityName: string;
  personName: string;
  phone: string;
  accountState: number;
  loginState: string;
  expirationTime: string | null;
  scanFaceState: string;
  scanFaceTime: string | null;
  supportedLoginMethod: string[];
}

export interface Car {
  id: string;
  licensePlateNumber: string;
}

export const sessionStore = createStore();

export const tokenAtom = atomWithStorage<string | null>(TOKEN_STORAGE_KEY, null, undefined, { getOnInit: true });
export const servicesConfigAtom = atom<ServicesConfig | null>(null);
export const userDetailAtom = atom<UserDetail | null>(null);
/** The tax account of the current company: undefined until asked, null when it is not set up or its query failed. */
export const taxAccountAtom = atom<TaxAccount | null | undefined>(undefined);
/** Whether the tax account query failed (then only QR login is offered, spec §4). */
export const taxAccountFailedAtom = atom(false);
export const carsAtom = atom<Car[]>([]);
const savedCarIdAtom = atomWithStorage<string | null>(DEFAULT_CAR_STORAGE_KEY, null, createJSONStorage(() => localStorage), { getOnInit: true });

/** The default car: the saved one, or the first when none is saved or the saved one is gone (spec §4). */
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

/** Forgets everything about the signed-in user (before signing in again). */
export function clearSession(): void {
  setToken(null);
  sessionStore.set(userDetailAtom, null);
  sessionStore.set(taxAccountAtom, undefined);
  sessionStore.set(taxAccountFailedAtom, false);
  sessionStore.set(carsAtom, []);
}
