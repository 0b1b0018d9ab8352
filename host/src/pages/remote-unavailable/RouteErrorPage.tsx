/** The error boundary of every remote route: the page failed to load or threw while rendering. */
import { useContext, useEffect } from 'react';
import { useLocation, useMatches, useNavigate, useRouteError } from 'react-router-dom';
import type { RouteHandle } from '@app/host-sdk/route-meta';
import { useRouteMeta } from '@app/host-sdk/router';
import { reportFailure } from '../../remotes/failure-reports';
import { RemoteRegistryContext } from '../../remotes/registry-context';
import { RemoteUnavailable } from '../../features/remote-unavailable/RemoteUnavailable';

export function RouteErrorPage() {
  const error = useRouteError();
  const location = useLocation();
  const navigate = useNavigate();
  const meta = useRouteMeta();
  const owner = (useMatches().at(-1)?.handle as RouteHandle | undefined)?.owner;
  const registry = useContext(RemoteRegistryContext);
  useEffect(() => {
    console.error('[host] page failed', meta?.name, error);
    if (owner) reportFailure(owner, registry?.get(owner)?.version, 'page-error');
  }, [error, meta?.name, owner, registry]);
  // A new navigation to the same address clears the error and runs the page's loader again; if it fails again this
  // boundary is rendered anew.
  async function retry() {
    await navigate(location, { replace: true });
    return true;
  }
  return <RemoteUnavailable title={meta?.title} reason={error instanceof Error ? error.message : String(error)} onRetry={retry} />;
}
