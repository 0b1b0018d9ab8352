/**
 * Tells the server of a remote that could not be loaded, or of a page that failed (`client/reportFailure`),
 * so that ops see a release failing on phones (`GET /metrics`: client_failures_total beside remote_loads_total). Once
 * a page load for each remote, version and kind; only those three (no user, no address, no message). A report that
 * fails is let go: the page already says 模块暂不可用.
 */
import type { ClientFailureKind } from '@app/contract/client-report';

const reported = new Set<string>();

export function reportFailure(app: string, version: string | undefined, kind: ClientFailureKind): void {
  if (!version) return;
  const key = `${app}@${version} ${kind}`;
  if (reported.has(key)) return;
  reported.add(key);
  // Loaded when needed: the registry that reports runs before the API client is loaded at start-up (startup-registry.ts).
  import('@app/host-sdk/api-client')
    .then(({ callApi }) => callApi('client/reportFailure', { app, version, kind }, { handles: true }))
    .catch(() => undefined);
}
