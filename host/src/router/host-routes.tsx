/** The routes the host renders itself (docs/architecture.md: host prefixes), and the fallback for every other path. */
import { Navigate, type LoaderFunctionArgs, type RouteObject } from 'react-router-dom';
import { appHref, appPaths } from '@app/host-sdk/paths';
import { pageMeta, type RouteHandle } from '@app/host-sdk/route-meta';
import { guard } from '../session/route-guard';

function hostHandle(name: string, title: string): RouteHandle {
  return { meta: pageMeta(name, title, { auth: false, keepAlive: false }), owner: 'host' };
}

/** The guard runs before host pages too (token in the address, service closed). */
function guarded(handle: RouteHandle) {
  return ({ request }: LoaderFunctionArgs) => guard(request, handle.meta);
}

function hostRoute(route: Omit<RouteObject, 'handle' | 'loader' | 'index'> & { handle: RouteHandle }): RouteObject {
  return { ...route, loader: guarded(route.handle) };
}

export const FALLBACK_ROUTE_ID = 'host:Fallback';

export const hostRoutes: RouteObject[] = [
  hostRoute({
    id: 'host:Login',
    path: appPaths.login,
    handle: hostHandle('Login', '登录'),
    lazy: async () => ({ Component: (await import('../pages/login/LoginPage')).LoginPage }),
  }),
  hostRoute({
    id: 'host:ServicesClose',
    path: appPaths.servicesClose,
    handle: hostHandle('ServicesClose', '服务暂停'),
    lazy: async () => ({ Component: (await import('../pages/services-close/ServicesClosePage')).ServicesClosePage }),
  }),
  hostRoute({
    id: 'host:ShortLink',
    path: appPaths.shortLink,
    handle: hostHandle('ShortLink', '正在跳转'),
    lazy: async () => ({ Component: (await import('../pages/short-link/ShortLinkPage')).ShortLinkPage }),
  }),
  hostRoute({
    id: 'host:UniversalBindShop',
    path: appPaths.universalBindShop,
    handle: hostHandle('UniversalBindShop', '绑定企业'),
    element: <Navigate to={appHref('myCompanyBind')} replace />,
  }),
  hostRoute({
    id: 'host:PrivacyPolicy',
    path: appPaths.privacyPolicy,
    handle: hostHandle('PrivacyPolicy', '隐私政策'),
    lazy: async () => ({ Component: (await import('../pages/privacy-policy/PrivacyPolicyPage')).PrivacyPolicyPage }),
  }),
  hostRoute({
    // Any path no route claims: not-found, or "模块暂不可用" when its remote could not be loaded.
    id: FALLBACK_ROUTE_ID,
    path: '*',
    handle: hostHandle('NotFound', '页面不存在'),
    lazy: async () => ({ Component: (await import('../pages/not-found/FallbackPage')).FallbackPage }),
  }),
];
