/** Hooks on the session for pages of the host and of the remotes. */
import { useAtomValue, useSetAtom } from 'jotai';
import { useCallback } from 'react';
import { isCompanyUser, isTaxiUser, loginMethods } from './roles';
import {
  carsAtom,
  defaultCarAtom,
  servicesConfigAtom,
  sessionStore,
  taxAccountAtom,
  taxAccountFailedAtom,
  userDetailAtom,
} from './session';
import { refreshTaxAccount, revalidateTaxAccount } from './session-loader';

const options = { store: sessionStore };

export function useServicesConfig() {
  return useAtomValue(servicesConfigAtom, options);
}

/** The signed-in user and their roles. */
export function useSession() {
  const user = useAtomValue(userDetailAtom, options);
  return {
    user,
    company: user?.companyInfo ?? null,
    isCompanyUser: isCompanyUser(user),
    isTaxiUser: isTaxiUser(user),
  };
}

export function usePermissions() {
  return useAtomValue(userDetailAtom, options)?.permissions ?? [];
}

/**
 * The current company's tax account, the login methods it allows, a refresh (always asks the server) and a
 * revalidation for a page that shows it (asks unless the session has just asked: `revalidateTaxAccount`).
 */
export function useTaxAccount() {
  const account = useAtomValue(taxAccountAtom, options);
  const failed = useAtomValue(taxAccountFailedAtom, options);
  const refresh = useCallback(() => refreshTaxAccount(), []);
  return {
    account,
    failed,
    loading: account === undefined,
    loginMethods: loginMethods(account, failed),
    refresh,
    revalidate: revalidateTaxAccount,
  };
}

/** The company's cars and the default car (remembered on this device). */
export function useCars() {
  const cars = useAtomValue(carsAtom, options);
  const defaultCar = useAtomValue(defaultCarAtom, options);
  const setDefaultCar = useSetAtom(defaultCarAtom, options);
  return { cars, defaultCar, setDefaultCar };
}
