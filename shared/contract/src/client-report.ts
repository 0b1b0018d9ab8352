/**
 * What the host reports of the app's failures on phones (issue 25, "what ops see"): a remote that could not be loaded,
 * a page that failed to load or threw. Only which remote, which version and what kind: no user, no address, no
 * message (those could carry personal data). The server counts them per hour for `GET /metrics`.
 */
import Type from 'typebox';
import { Body, call, OneOf } from './schema-kit';

export const CLIENT_FAILURE_KINDS = ['remote-load', 'page-error'] as const;
export type ClientFailureKind = (typeof CLIENT_FAILURE_KINDS)[number];

export const ClientFailureReport = Body({
  app: Type.String({ title: '模块', pattern: '^[a-z][a-z0-9-]{1,30}$', maxLength: 31 }),
  version: Type.String({ title: '版本', pattern: '^\\d{1,4}\\.\\d{1,4}\\.\\d{1,4}$', maxLength: 14 }),
  kind: OneOf([...CLIENT_FAILURE_KINDS], '失败类型'),
});

export const clientReportCalls = {
  'client/reportFailure': call(ClientFailureReport, Type.Null()),
};
