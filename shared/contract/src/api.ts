/**
 * The whole API: every call's path with its body and result schemas. The server mounts exactly these
 * (`POST /api/<path>`, validating the body and serialising the result with them); clients import only the types
 * (`import type`), so none of this reaches a browser bundle.
 */
import type { Static } from 'typebox';
import { auditCalls } from './audit';
import { accountCalls } from './account';
import { clientReportCalls } from './client-report';
import { companyCalls } from './company';
import { exportCalls } from './export';
import { goodsCalls } from './goods';
import { applicationCalls } from './invoice-application';
import { invoiceCalls } from './invoice';
import { lifeServiceCalls } from './life-service';
import { paymentCalls } from './payment';
import type { CallContract } from './schema-kit';
import { serviceCalls } from './service';
import { statisticsCalls } from './statistics';
import { subCodeCalls } from './sub-code';
import { taskCalls } from './task';
import { taxiCalls } from './taxi';
import { taxAccountCalls } from './tax-account';
import { ticketCalls } from './ticket';
import { titleCalls } from './title';
import { userCalls } from './user';
import { walletCalls } from './wallet';

export const API = {
  ...userCalls,
  ...taxAccountCalls,
  ...taskCalls,
  ...serviceCalls,
  ...goodsCalls,
  ...invoiceCalls,
  ...applicationCalls,
  ...titleCalls,
  ...companyCalls,
  ...subCodeCalls,
  ...lifeServiceCalls,
  ...paymentCalls,
  ...walletCalls,
  ...statisticsCalls,
  ...taxiCalls,
  ...ticketCalls,
  ...clientReportCalls,
  ...exportCalls,
  ...auditCalls,
  ...accountCalls,
} satisfies Record<`${string}/${string}`, CallContract>;

export type Api = typeof API;
export type ApiPath = keyof Api;
/** What the body of a call may be. */
export type CallBody<P extends ApiPath> = Static<Api[P]['body']>;
/** What a call answers as its `result`. */
export type CallResult<P extends ApiPath> = Static<Api[P]['result']>;

/** The calls that only read (`READ_ONLY` in their declaration), in the contract's order. */
export function readOnlyCalls(): ApiPath[] {
  return (Object.keys(API) as ApiPath[]).filter((path) => (API[path] as CallContract).readOnly === true);
}
