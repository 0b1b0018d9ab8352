/**
 * Turns a remote's page descriptions into router routes. Each route's loader runs the guard while it loads the page
 * module (through a cache that forgets failures, so "重试" loads it again), then the module's `prepare`: a navigation
 * commits only once the page and its first screen are there. Every route has its own error boundary: a page that fails
 * to load or throws shows "模块暂不可用" for that page only.
 */
import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router-dom';
import type { PageModule, RemoteRoute, RouteHandle } from '@app/host-sdk/route-meta';
import { RouteErrorPage } from '../pages/remote-unavailable/RouteErrorPage';
import { guard } from '../session/route-guard';

interface PageModuleCache {
  load(): Promise<PageModule>;
  current(): ComponentType | undefined;
}

function pageModuleCache(page: RemoteRoute['page']): PageModuleCache {
  let module: PageModule | undefined;
  let loading: Promise<PageModule> | undefined;
  return {
    load() {
      if (module) return Promise.resolve(module);
      loading ??= page()
        .then((loaded) => (module = loaded))
        .finally(() => (loading = undefined));
      return loading;
    },
    current: () => module?.default,
  };
}

/** A remote's page, once its module is there (the route's loader waits for it before the navigation commits). */
function RemotePage({ page }: { page: PageModuleCache }) {
  const Page = page.current();
  return Page ? <Page /> : null;
}

export function routeId(owner: string, route: RemoteRoute): string {
  return `${owner}:${route.meta.name}`;
}

export function toRouterRoutes(owner: string, routes: readonly RemoteRoute[]): RouteObject[] {
  return routes.map((route) => {
    const page = pageModuleCache(route.page);
    const handle: RouteHandle = { meta: route.meta, owner };
    return {
      id: routeId(owner, route),
      path: route.path,
      handle,
      loader: async ({ request }) => {
        // The page's code loads while the guard's calls are out (it is public code; it runs only after the guard).
        const loading = page.load();
        loading.catch(() => undefined);
        const redirect = await guard(request, route.meta);
        if (redirect) return redirect;
        await (await loading).prepare?.();
        return null;
      },
      element: <RemotePage page={page} />,
      ErrorBoundary: RouteErrorPage,
    };
  });
}
