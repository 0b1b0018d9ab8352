/**
 * One API call: its path in the contract (`@app/contract/api`, which gives its body and result schemas), who may make
 * it, and its handler. The handler gets the validated body and the caller, and returns the call's result (typed by
 * the contract) or throws an ApiFailure. Permissions are checked here, on the server, for every call.
 */
import type { FastifyRequest } from 'fastify';
import type { TSchema } from 'typebox';
import { API, type ApiPath, type CallBody, type CallResult } from '@app/contract/api';
import type { Caller, CallerCompany } from '../auth/caller';
import type { AppServices } from '../services';
import type { Access } from './access';
import type { RateLimit } from './rate-limiter';

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
