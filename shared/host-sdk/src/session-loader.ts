/**
 * Loads the session from the server into the session store: the service config (before mounting), the user detail
 * (before the first signed-in page), then, for users of a company, the tax account and, for taxi users, the cars.
 */
import { showToast } from '@app/ui/feedback';
import { callApi } from './api-client';
import { isTaxiUser, loadsCompanyData } from './roles';
import type { Car, ServicesConfig } from '@app/contract/service';
import type { TaxAccount } from '@app/contract/tax-account';
import type { UserDetail } from '@app/contract/user';
import { carsAtom, servicesConfigAtom, sessionStore, taxAccountAtom, taxAccountFailedAtom, userDetailAtom } from './session';

export async function loadServicesConfig(): Promise<ServicesConfig> {
  const config = await callApi('sysConfig/get', {}, { handles: true });
  sessionStore.set(servicesConfigAtom, config);
  return config;
}

/** When the session last asked for the tax account (in flight or answered), 0 when never or when that load failed. */
let taxAccountAskedAt = 0;

/** The tax account of the current company; on failure the store remembers it (only QR login is then offered). */
export async function refreshTaxAccount(): Promise<TaxAccount | null> {
  taxAccountAskedAt = Date.now();
  try {
    const account = await callApi('taxAccount/getTaxAccount', {}, { handles: true });
    sessionStore.set(taxAccountAtom, account);
    sessionStore.set(taxAccountFailedAtom, false);
    return account;
  } catch {
    taxAccountAskedAt = 0;
    sessionStore.set(taxAccountAtom, null);
    sessionStore.set(taxAccountFailedAtom, true);
    return null;
  }
}

/**
 * For a page that shows the tax account as it is now: asks the server again, unless the session asked it less than
 * ten seconds ago and that load has not failed (the start-up's, which the first page would otherwise repeat: a call no
 * early answer stands for, which loads the API client's axios during the first screen). Acting on the account is
 * `refreshTaxAccount`'s: it always asks.
 */
export function revalidateTaxAccount(): void {
  if (Date.now() - taxAccountAskedAt >= 10_000) void refreshTaxAccount();
}

/** What the user is told when the company's cars cannot be loaded with the session (docs/product.md, "Errors"). */
export const CARS_FAILED_MESSAGE = '获取公司车辆信息失败';

export async function loadCars(): Promise<Car[]> {
  try {
    const cars = await callApi('taxiCar/getMyCars', {}, { handles: true });
    sessionStore.set(carsAtom, cars);
    return cars;
  } catch (error) {
    sessionStore.set(carsAtom, []);
    throw Object.assign(new Error(CARS_FAILED_MESSAGE), { cause: error });
  }
}

/**
 * Company-level data loads only when the user detail says company: true (docs/product.md, "Roles"). A taxi company's
 * cars that cannot be loaded are said once, in a toast; nothing waits for them (the taxi pages load them again).
 */
async function loadCompanyData(user: UserDetail): Promise<void> {
  if (!loadsCompanyData(user)) return;
  await refreshTaxAccount();
  if (isTaxiUser(user)) await loadCars().catch(() => showToast(CARS_FAILED_MESSAGE));
}

/** The signed-in user's detail; the caller handles a failure (the token is invalid: sign in again). */
export async function loadUserDetail(): Promise<UserDetail> {
  const user = await callApi('user/getOfficialAccountLoginUserInfo', {}, { handles: true });
  sessionStore.set(userDetailAtom, user);
  void loadCompanyData(user);
  return user;
}
