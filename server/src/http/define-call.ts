/**
 * One API call: its path in the contract (`@app/contract/api`, which gives its body and result schemas), who may make
 * it, and its handler. The handler gets the validated body and the caller, and returns the call's result (typed by
 * the contract) or throws an ApiFailure. Permissions are checked here, on the server, for every call.
 */
import type { FastifyRequest } from 'fastify';
import type { TSchema } from 'typebox';
import { API, type ApiPath, type CallBody, type CallResult } from '@app/contract/api';
import type { Permission } from '@app/contract/user';
import type { Caller, CallerCompany } from '../auth/caller';
import type { AppServices } from '../services';
import type { RateLimit } from './rate-limiter';

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

interface BaseContext<B> {
  body: B;
  services: AppServices;
  request: FastifyRequest;
}

export type ContextFor<A extends Access, B> = A extends { kind: 'public' }
  ? BaseContext<B> & { caller: Caller | null }
  : A extends { kind: 'user' }
    ? BaseContext<B> & { caller: Caller }
    : BaseContext<B> & { caller: Caller; company: CallerCompany };

export interface CallSpec<P extends ApiPath = ApiPath, A extends Access = Access> {
  path: P;
  body: TSchema;
  result: TSchema;
  access: A;
  rateLimit?: RateLimit;
  handler(context: ContextFor<A, CallBody<P>>): Promise<CallResult<P>>;
}

export function defineCall<P extends ApiPath, A extends Access>(
  path: P,
  spec: Omit<CallSpec<P, A>, 'path' | 'body' | 'result'>,
): CallSpec<P, A> {
  return { path, body: API[path].body, result: API[path].result, ...spec };
}

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
