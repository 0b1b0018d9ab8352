/**
 * Tells the server which remote versions a signed-in user's page showed a page of (`client/reportLoad`, once a page
 * load each): what a running canary is judged on, beside the failures remotes/failure-reports.ts sends (the server
 * counts a report only where the user's canary cookie serves that version: docs/architecture.md, "Release and
 * rollback"). Loaded and started once the first screen is up (bootstrap.tsx): a report is no reason to fetch the API
 * client's axios before it, nor to grow the start-up's files.
 */
import type { DataRouter } from 'react-router-dom';
import { callApi } from '@app/host-sdk/api-client';
import { isRouteHandle } from '@app/host-sdk/route-meta';
import { getToken } from '@app/host-sdk/session';
import type { RemoteRegistry } from '../remotes/remote-registry';

export function reportLoads(router: DataRouter, registry: RemoteRegistry): void {
  const reported = new Set<string>();
  const report = () => {
    const handle = router.state.matches.at(-1)?.route.handle;
    const owner = isRouteHandle(handle) ? handle.owner : undefined;
    const version = owner ? registry.get(owner)?.version : undefined;
    if (!owner || !version || !getToken() || reported.has(`${owner}@${version}`)) return;
    reported.add(`${owner}@${version}`);
    callApi('client/reportLoad', { app: owner, version }, { handles: true }).catch(() => undefined);
  };
  report();
  router.subscribe(report);
}
