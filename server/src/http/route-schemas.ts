/**
 * Every route of the server declares what it takes: a body schema for a POST, a params schema for a path with
 * parameters, a querystring schema for a GET. Checked as each route is registered, so a route without one stops the
 * server at start (and every test that builds it) instead of taking whatever JSON or query arrives.
 */
import type { FastifyInstance, RouteOptions } from 'fastify';

export function missingSchemas(route: Pick<RouteOptions, 'method' | 'url' | 'schema'>): string[] {
  const methods = Array.isArray(route.method) ? route.method : [route.method];
  const schema = route.schema ?? {};
  const missing: string[] = [];
  if (methods.some((method) => ['POST', 'PUT', 'PATCH'].includes(method)) && !schema.body) missing.push('body');
  if (/[:*]/.test(route.url) && !schema.params) missing.push('params');
  if (methods.some((method) => method === 'GET' || method === 'HEAD') && !schema.querystring) missing.push('querystring');
  return missing;
}

export function requireRouteSchemas(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    const missing = missingSchemas(route);
    if (missing.length) throw new Error(`路由 ${String(route.method)} ${route.url} 缺少 ${missing.join('、')} 的 schema`);
  });
}
