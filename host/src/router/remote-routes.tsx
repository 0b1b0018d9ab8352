/**
 * Turns a remote's page descriptions into router routes. Each route's loader runs the guard, then preloads the page
 * module (so a navigation commits only once the page is there) through a cache that forgets failures, so "重试" loads it again.
 * Every route has its own error boundary: a page that fails to load or throws shows "模块暂不可用" for that page only.
 */
import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router-dom';
import type { RemoteRoute, RouteHandle } from '@app/host-sdk/route-meta';
import { RouteErrorPage } from '../pages/remote-unavailable/RouteErrorPage';
import { guard } from '../session/route-guard';

interface PageModuleCache {
  load(): Promise<ComponentType>;
  current(): ComponentType | undefined;
}

function pageModuleCache(page: RemoteRoute['page']): PageModuleCache {
  let component: ComponentType | undefined;
  let loading: Promise<ComponentType> | undefined;
  return {
    load() {
      if (component) return Promise.resolve(component);
      loading ??= page()
        .then((module) => (component = module.default))
        .finally(() => (loading = undefined));
      return loading;
    },
    current: () => component,
  };
}

export function routeId(owner: string, route: RemoteRoute): string {
  return `${owner}:${route.meta.name}`;
}

export function toRouterRoutes(owner: string, routes: readonly RemoteRoute[]): RouteObject[] {
  return routes.map((route) => {
    const page = pageModuleCache(route.page);
    const handle: RouteHandle = { meta: route.meta, owner };
    function RemotePage() {
      const Page = page.current();
      return Page ? <Page /> : null;
    }
    RemotePage.displayName = `RemotePage(${routeId(owner, route)})`;
    return {
      id: routeId(owner, route),
      path: route.path,
      handle,
      loader: async ({ request }) => {
        const redirect = await guard(request, route.meta);
        if (redirect) return redirect;
        await page.load();
        return null;
      },
      Component: RemotePage,
      ErrorBoundary: RouteErrorPage,
    };
  });
}
