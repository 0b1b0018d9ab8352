/** The error boundary of every remote route: the page failed to load or threw while rendering. */
import { useEffect } from 'react';
import { useLocation, useNavigate, useRouteError } from 'react-router-dom';
import { useRouteMeta } from '@app/host-sdk/router';
import { RemoteUnavailable } from './RemoteUnavailable';

export function RouteErrorPage() {
  const error = useRouteError();
  const location = useLocation();
  const navigate = useNavigate();
  const meta = useRouteMeta();
  useEffect(() => {
    console.error('[host] page failed', meta?.name, error);
  }, [error, meta?.name]);
  // A new navigation to the same address clears the error and runs the page's loader again; if it fails again this
  // boundary is rendered anew.
  async function retry() {
    await navigate(location, { replace: true });
    return true;
  }
  return <RemoteUnavailable title={meta?.title} reason={error instanceof Error ? error.message : String(error)} onRetry={retry} />;
}
