/**
 * One API call: `POST /api/<module>/<action>`, its body schema, who may make it, and its handler. The handler gets
 * the validated body and the caller; it returns the result or throws an ApiFailure. Permissions are checked here, on
 * the server, for every call.
 */
import type { FastifyRequest } from 'fastify';
import type { Static, TSchema } from 'typebox';
import type { Caller, CallerCompany } from '../auth/caller';
import type { Permission } from '../db/schema';
import type { AppServices } from '../services';

export type Access =
  /** Anyone, signed in or not (e.g. the service config loaded before sign-in). */
  | { kind: 'public' }
  /** Any signed-in user. */
  | { kind: 'user' }
  /**
   * A signed-in member of a current company holding any of `anyOf` (default: company users, i.e. company_manage or
   * company_user_role). Refused with 2003 once the company's service has expired, unless `allowExpired`.
   */
  | { kind: 'company'; anyOf?: readonly Permission[]; allowExpired?: boolean };

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

export interface RateLimit {
  /** Calls allowed per window, per signed-in user (or per address when not signed in). */
  max: number;
  windowMs: number;
}

export interface CallSpec<S extends TSchema = TSchema, A extends Access = Access, R = unknown> {
  path: `${string}/${string}`;
  body: S;
  access: A;
  rateLimit?: RateLimit;
  handler(context: ContextFor<A, Static<S>>): Promise<R>;
}

export function defineCall<S extends TSchema, A extends Access, R>(spec: CallSpec<S, A, R>): CallSpec<S, A, R> {
  return spec;
}

/** The permissions that make a company user (spec §6). */
export const COMPANY_USER: readonly Permission[] = ['company_manage', 'company_user_role'];
