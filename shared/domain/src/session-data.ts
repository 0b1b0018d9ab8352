/**
 * What a user's session loads beside the user (docs/product.md, "Roles"): a company's tax account for anyone of a
 * company, and a taxi company's cars for its taxi managers. One rule for the app's start-up, its early calls and the
 * server that writes their answers into the page.
 */
export interface SessionUser {
  company: boolean;
  permissions: readonly string[];
}

/** Whether the user's company data (tax account, and a taxi company's cars) is loaded with the session. */
export function loadsCompanyData(user: Pick<SessionUser, 'company'>): boolean {
  return user.company;
}

/** Taxi user: a taxi manager, i.e. holder of taxi_trip_manage. */
export function isTaxiUser(user: SessionUser | null): boolean {
  return !!user?.company && user.permissions.includes('taxi_trip_manage');
}
