/**
 * `GET /t/{code}`: the short link a QR poster carries (a shop code's or a sub-code's cash desk, a bind code), answered
 * by the server with a redirect to where it points, so the phone that scans it opens that page at once (the cash
 * desk's lean page, docs/architecture.md "Pages a phone opens cold") rather than loading the host only to ask. The
 * host's `/t/{code}` page stays for an unknown code (it says so) and for navigation inside the app. The target is a
 * path of this app (judged by sameOriginPath); what the scanned address carried in its query (a `token`, `_test_`)
 * travels along unless the target sets it.
 */
import type { FastifyInstance } from 'fastify';
import Type from 'typebox';
import { sameOriginPath } from '@app/domain/return-path';
import { refuse } from '../auth/html-page';
import { RateLimiter } from '../http/rate-limiter';
import type { AppServices } from '../services';
import { SHORT_LINK_LIMIT, shortLinkTarget } from './codes';

const ShortLinkParams = Type.Object({ code: Type.String({ title: '链接', maxLength: 64 }) }, { additionalProperties: false });
const AnyQuery = Type.Object({}, { additionalProperties: true });

/** The target with the scanned address's own query parameters added, those the target sets kept as they are. */
export function redirectTarget(target: string, scannedSearch: string): string {
  const url = new URL(target, 'http://short-link.invalid');
  for (const [name, value] of new URLSearchParams(scannedSearch)) if (!url.searchParams.has(name)) url.searchParams.append(name, value);
  return `${url.pathname}${url.search}${url.hash}`;
}

export function registerShortLinkRoute(app: FastifyInstance, services: AppServices): void {
  const limiter = new RateLimiter();
  app.get<{ Params: { code: string } }>('/t/:code', { schema: { params: ShortLinkParams, querystring: AnyQuery } }, async (request, reply) => {
    // request.ip is the socket's address unless the request came through a proxy of TRUST_PROXY.
    if (!limiter.allow(`t:${request.ip}`, SHORT_LINK_LIMIT)) return refuse(reply, 429, '访问过于频繁，请稍后再试', '请稍后再试');
    const target = await shortLinkTarget(services.db, request.params.code);
    const path = target ? sameOriginPath(target) : null;
    if (!path) return reply.callNotFound();
    const search = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
    return reply.header('Cache-Control', 'no-store').redirect(redirectTarget(path, search), 302);
  });
}
