/**
 * Who may make a call (define-call.ts declares each call's access as data): anyone, a signed-in user, or a member of
 * the current company holding the right permissions. Its own module so that code the task worker runs (exports reading
 * the lists) can share a list's access without importing the calls' machinery.
 */
import type { Permission } from '@app/contract/user';

export type Access =
  /** Anyone, signed in or not (e.g. the service config loaded before sign-in). */
  | { kind: 'public' }
  /** Any signed-in user. */
  | { kind: 'user' }
  /**
   * A signed-in member of a current company holding any of `anyOf` (default: company users, i.e. company_manage or
   * company_user_role). Refused with 2003 once the company's service has expired, unless `allowExpired`. `agreement`:
   * the call acts at the tax bureau for the company (or hands over the e-tax password), which needs the caller's
   * accepted authorisation agreement (else 2007). `allOf`: permissions the caller must also hold, every one (a taxi
   * manager: taxi_trip_manage and company_manage).
   */
  | { kind: 'company'; anyOf?: readonly Permission[]; allOf?: readonly Permission[]; allowExpired?: boolean; agreement?: true };

/** The permissions that make a company user. */
export const COMPANY_USER: readonly Permission[] = ['company_manage', 'company_user_role'];

/** Whether a member holding `permissions` may make a company call of this access. */
export function permitted(
  access: { anyOf?: readonly Permission[]; allOf?: readonly Permission[] },
  permissions: readonly string[],
): boolean {
  const anyOf = access.anyOf ?? COMPANY_USER;
  return (
    anyOf.some((permission) => permissions.includes(permission)) &&
    (access.allOf ?? []).every((permission) => permissions.includes(permission))
  );
}

/** A taxi user (docs/domain-rules.md, "Taxis"): records, shares and invoices the company's trips. */
export const TAXI_USER = { kind: 'company', anyOf: ['taxi_trip_manage'] } as const satisfies Access;
/** A taxi manager: a taxi user who also manages the company (adds and removes its cars). */
export const TAXI_MANAGER = { kind: 'company', anyOf: ['taxi_trip_manage'], allOf: ['company_manage'] } as const satisfies Access;
