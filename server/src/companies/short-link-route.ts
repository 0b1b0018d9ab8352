/**
 * `GET /t/{code}`: the public short link a QR poster carries (a shop code's or a sub-code's cash desk), answered by the
 * server with a redirect to where it points, so the phone that scans it opens that page at once (the cash desk's lean
 * page, docs/architecture.md "Pages a phone opens cold") rather than loading the host only to ask. The host's
 * `/t/{code}` page stays for a code that is no public link (an unknown one says so; a bind code resolves there for a
 * signed-in user only) and for navigation inside the app. The target is a
 * path of this app (judged by sameOriginPath); what the scanned address carried in its query (`_test_`, a `from` of
 * WeChat's sharing) travels along unless the target sets it, but never a session token or a sign-in code: a poster
 * that carries one must not sign the phone that scans it into someone's account (the app drops both anyway).
 */
import type { FastifyInstance } from 'fastify';
import Type from 'typebox';
import { sameOriginPath } from '@app/domain/return-path';
import { refuse } from '../auth/html-page';
import type { AppServices } from '../services';
import { CODE_LOOKUP_LIMIT, shortLinkTarget } from './codes';

const ShortLinkParams = Type.Object({ code: Type.String({ title: '链接', maxLength: 64 }) }, { additionalProperties: false });
const AnyQuery = Type.Object({}, { additionalProperties: true });

/** What a short link never carries on to its target. */
const NEVER_FORWARDED = new Set(['token', 'signin']);

/**
 * The target with the scanned address's own query parameters added, those the target sets kept as they are, and
 * never a `token` or `signin`.
 */
export function redirectTarget(target: string, scannedSearch: string): string {
  const url = new URL(target, 'http://short-link.invalid');
  for (const [name, value] of new URLSearchParams(scannedSearch)) {
    if (!NEVER_FORWARDED.has(name) && !url.searchParams.has(name)) url.searchParams.append(name, value);
  }
  return `${url.pathname}${url.search}${url.hash}`;
}

export function registerShortLinkRoute(app: FastifyInstance, services: AppServices): void {
  app.get<{ Params: { code: string } }>(
    '/t/:code',
    { schema: { params: ShortLinkParams, querystring: AnyQuery } },
    async (request, reply) => {
      // request.ip is the socket's address unless the request came through a proxy of TRUST_PROXY.
      // No session comes with a page's GET: counted by address, with the code's other ways in.
      if (!(await services.rateLimiter.allowRequester(CODE_LOOKUP_LIMIT.name, CODE_LOOKUP_LIMIT, { userId: null, ip: request.ip })))
        return refuse(reply, 429, '访问过于频繁，请稍后再试', '请稍后再试');
      const target = await shortLinkTarget(services.db, request.params.code);
      const path = target ? sameOriginPath(target) : null;
      if (!path) return reply.callNotFound();
      const search = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
      return reply.header('Cache-Control', 'no-store').redirect(redirectTarget(path, search), 302);
    },
  );
}
