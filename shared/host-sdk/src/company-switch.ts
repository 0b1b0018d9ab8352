/**
 * Switching the current company (docs/product.md, "Roles"): the server makes another of the user's companies current,
 * then everything loaded for the previous one (user detail, tax account, cars) is forgotten and loaded again, so the
 * tab bar, the home page and every page kept alive show the new company without a page reload.
 */
import { callApi } from './api-client';
import { clearCompanyState } from './session';
import { loadUserDetail } from './session-loader';
import type { UserDetail } from '@app/contract/user';

/**
 * Makes the loaded user detail current again after the server changed the current company (a switch, or binding to
 * a new company): forgets the company-level state and loads the user detail, then its tax account and cars.
 */
export async function reloadCompanySession(): Promise<UserDetail> {
  clearCompanyState();
  return loadUserDetail();
}

/**
 * Makes company `id` (one of `company/getMyCompanies`) current and reloads the session for it. Rejects with the
 * call's `ApiError` when the server refuses (the session is then untouched); resolves with the new user detail.
 */
export async function switchCompany(id: string): Promise<UserDetail> {
  await callApi('company/changeCompany', { id });
  return reloadCompanySession();
}
