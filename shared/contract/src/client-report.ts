/**
 * What the host reports of remotes on phones (docs/architecture.md, "The server": what ops see): a remote that could
 * not be loaded, a page that failed to load or threw, and a remote version a signed-in user's page started loading.
 * Only which remote, which version and what kind: no address, no message (those could carry personal data). The
 * server counts the failures per hour for `GET /metrics`; while a canary runs, the loads and failures of signed-in
 * users are what it is judged on.
 */
import Type from 'typebox';
import { Body, call, OneOf, UPKEEP } from './schema-kit';

export const CLIENT_FAILURE_KINDS = ['remote-load', 'page-error'] as const;
export type ClientFailureKind = (typeof CLIENT_FAILURE_KINDS)[number];

export const ClientFailureReport = Body({
  app: Type.String({ title: '模块', pattern: '^[a-z][a-z0-9-]{1,30}$', maxLength: 31 }),
  version: Type.String({ title: '版本', pattern: '^\\d{1,4}\\.\\d{1,4}\\.\\d{1,4}$', maxLength: 14 }),
  kind: OneOf([...CLIENT_FAILURE_KINDS], '失败类型'),
});

/** A remote version the signed-in user's page started loading (once a page load). */
export const ClientLoadReport = Body({ app: ClientFailureReport.properties.app, version: ClientFailureReport.properties.version });

export const clientReportCalls = {
  'client/reportFailure': call(ClientFailureReport, Type.Null(), UPKEEP),
  'client/reportLoad': call(ClientLoadReport, Type.Null(), UPKEEP),
};
