/**
 * Security headers on every answer. The Content-Security-Policy lets scripts run only from this origin, which is
 * where the release store is served (`/remotes/<app>/<version>/`), and on the host's page its own inline scripts named by
 * their hashes (releases/inline-scripts.ts); no other inline script and no eval (the browser tests fail on any
 * violation). Styles may be inline: antd-mobile sets style attributes, and the
 * server's own small pages carry their stylesheet. Images may come from data: and blob: URLs (QR codes, canvases) and
 * from https (WeChat avatars). No site may frame the app, and a Referer never carries a path (a token is never in
 * one, but a task id or a search might be) to another site. An answer to a request that came over https (as the
 * trusted proxy of TRUST_PROXY says) tells the browser to use nothing else for a year (HSTS): a phone on a hostile
 * network is then never sent to a plain-http copy of the app. Never over plain http, which a demo on a LAN uses.
 */
import type { FastifyInstance } from 'fastify';

export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob: https:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

export const SECURITY_HEADERS: Record<string, string> = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'X-Frame-Options': 'DENY',
};

/** Strict-Transport-Security: a year, this host only (the subdomains may be another deployment's). */
export const HSTS = 'max-age=31536000';

export function registerSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) reply.header(name, value);
    if (request.protocol === 'https') reply.header('Strict-Transport-Security', HSTS);
    // A PDF opens in the browser's own viewer, which a page policy would block. The host's page sets its own: this
    // policy with its inline scripts' hashes (releases/inline-scripts.ts).
    if (!String(reply.getHeader('content-type') ?? '').startsWith('application/pdf') && !reply.hasHeader('Content-Security-Policy')) {
      reply.header('Content-Security-Policy', CONTENT_SECURITY_POLICY);
    }
    return payload;
  });
}
