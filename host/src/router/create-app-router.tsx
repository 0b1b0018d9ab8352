/**
 * The app's data router. The host's own routes are known up front; a remote's routes are added the first time the
 * user navigates into a path it owns (route discovery by prefix, longest prefix wins), so the host lists no remote at
 * build time and a remote can add pages without a host release.
 */
import { createBrowserRouter, type DataRouter } from 'react-router-dom';
import { AppLayout } from '../layout/AppLayout';
import { PageSkeleton } from '../layout/PageSkeleton';
import { PaintedScreenHandover } from '../layout/painted-screen';
import { RouteErrorPage } from '../pages/remote-unavailable/RouteErrorPage';
import { nextTask } from '../next-task';
import type { RemoteRegistry } from '../remotes/remote-registry';
import { hostRoutes } from './host-routes';
import { toRouterRoutes } from './remote-routes';

export const ROOT_ROUTE_ID = 'root';

function RootErrorPage() {
  return (
    <>
      <PaintedScreenHandover />
      <RouteErrorPage />
    </>
  );
}

export function createAppRouter(registry: RemoteRegistry, createRouter = createBrowserRouter): DataRouter {
  const patched = new Set<string>();
  return createRouter(
    [
      {
        // Pathless, so every remote path is only matched by the splat until its remote is patched in, which is what
        // makes the router ask patchRoutesOnNavigation.
        id: ROOT_ROUTE_ID,
        Component: AppLayout,
        // Shown instead of the layout when it fails: it takes a painted screen's place too, so an error is seen.
        ErrorBoundary: RootErrorPage,
        HydrateFallback: PageSkeleton,
        children: hostRoutes,
      },
    ],
    {
      async patchRoutesOnNavigation({ path, patch }) {
        const owner = registry.ownerOf(new URL(path, 'http://x').pathname);
        if (!owner || owner === 'host' || patched.has(owner)) return;
        const result = await registry.loadRoutes(owner);
        // The routes' evaluation and the route's loader (which starts the page's code) each get a task of their own.
        await nextTask();
        if (!result.ok || patched.has(owner)) return;
        patch(ROOT_ROUTE_ID, toRouterRoutes(owner, result.routes));
        patched.add(owner);
      },
    },
  );
}
