/**
 * Sign-in. `GET /api/auth/authorize` starts it: for a provider with credentials configured it redirects to WeChat or
 * Alipay (see oauth-routes.ts); when demo sign-in is on (no real provider configured, or DEMO_SIGN_IN=true) the
 * built-in demo provider lists the seeded demo users, and choosing one signs in as that user. Either way the user comes
 * back to the judged return path with the new token in the query. `POST /api/auth/signOut` ends the session.
 * Every route takes only what its schema allows; a refusal is a short page that says why.
 */
import formbody from '@fastify/formbody';
import { and, asc, eq, isNotNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import Type, { type Static } from 'typebox';
import { MAX_RETURN_PATH_LENGTH, sameOriginPath } from '@app/domain/return-path';
import type { ServerConfig } from '../config';
import { users } from '../db/schema';
import { RateLimiter } from '../http/rate-limiter';
import { clientError } from '../http/route-errors';
import type { AppServices } from '../services';
import { escapeHtml, htmlPage, refuse } from './html-page';
import { configuredProvider, registerOAuthRoutes, startOAuth, type OAuthProviderName } from './oauth-routes';
import { withToken } from './return-url';
import { createSession } from './session-tokens';

export const SIGN_IN_LIMIT = { max: 20, windowMs: 60_000 };

/** Bounded here; the judge (same-origin, at most MAX_RETURN_PATH_LENGTH) says 返回地址无效 for the rest. */
const ReturnUrl = Type.String({ title: '返回地址', maxLength: 2 * MAX_RETURN_PATH_LENGTH });
/** Links shared in WeChat get parameters of its own (from, isappinstalled…): other query parameters are ignored. */
const AuthorizeQuery = Type.Object(
  {
    authType: Type.Optional(Type.String({ title: '登录方式', maxLength: 20 })),
    returnUrl: Type.Optional(ReturnUrl),
    qrcode: Type.Optional(Type.String({ title: '二维码', maxLength: 200 })),
    isWorkWechat: Type.Optional(Type.Union([Type.Literal('true'), Type.Literal('false')], { title: '企业微信' })),
  },
  { additionalProperties: true },
);
const DemoBody = Type.Object(
  {
    userId: Type.String({ title: '演示账号', pattern: '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$', maxLength: 36 }),
    returnUrl: Type.Optional(ReturnUrl),
  },
  { additionalProperties: false },
);

export async function registerAuthRoutes(app: FastifyInstance, services: AppServices, config: ServerConfig): Promise<void> {
  const limiter = new RateLimiter();
  const signInLimit = { ...SIGN_IN_LIMIT, max: config.auth.signInPerMinute ?? SIGN_IN_LIMIT.max };
  /** The demo provider answers for a sign-in type only when demo sign-in is on and that type has no real provider. */
  const demoFor = (authType: OAuthProviderName) => config.auth.demo && !configuredProvider(config, authType);

  await app.register(
    async (auth) => {
      await auth.register(formbody, { bodyLimit: 4096 });
      auth.addHook('onRequest', async (request, reply) => {
        // request.ip is the socket's address unless the request came through a proxy of TRUST_PROXY.
        if (!limiter.allow(`signin:${request.ip}`, signInLimit)) return refuse(reply, 429, '登录尝试过于频繁，请稍后再试');
      });
      auth.setErrorHandler((error, request, reply) => {
        const client = clientError(error);
        if (client) return refuse(reply, client.status, client.message);
        request.log.error({ err: error }, 'sign-in failed');
        return refuse(reply, 500, '登录暂时不可用，请稍后重试');
      });

      auth.get<{ Querystring: Static<typeof AuthorizeQuery> }>('/authorize', { schema: { querystring: AuthorizeQuery } }, async (request, reply) => {
        const requested = request.query.authType ?? 'wechat';
        if (requested !== 'wechat' && requested !== 'alipay') return refuse(reply, 400, '不支持的登录方式');
        const returnUrl = sameOriginPath(request.query.returnUrl ?? '/');
        if (!returnUrl) return refuse(reply, 400, '返回地址无效');
        if (!demoFor(requested)) return startOAuth(reply, services, config, requested, returnUrl, request.query.isWorkWechat === 'true');
        const demoUsers = await services.db
          .select({ id: users.id, nickname: users.nickname, label: users.demoLabel })
          .from(users)
          .where(and(eq(users.provider, 'demo'), isNotNull(users.demoLabel)))
          .orderBy(asc(users.demoOrder));
        const list = demoUsers
          .map(
            (user) => `<form method="post" action="/api/auth/demo" class="card">
<input type="hidden" name="userId" value="${escapeHtml(user.id)}"><input type="hidden" name="returnUrl" value="${escapeHtml(returnUrl)}">
<div><strong>${escapeHtml(user.label ?? '')}</strong> <span class="muted">${escapeHtml(user.nickname)}</span></div>
<button type="submit">以${escapeHtml(user.label ?? '')}身份登录</button></form>`,
          )
          .join('');
        return reply
          .type('text/html; charset=utf-8')
          .header('Cache-Control', 'no-store')
          .send(htmlPage('选择演示账号', `<p><span class="badge">演示环境</span> 未配置微信或支付宝登录，请选择一个演示账号进入。</p>${list}`));
      });

      auth.post<{ Body: Static<typeof DemoBody> }>('/demo', { schema: { body: DemoBody } }, async (request, reply) => {
        if (!config.auth.demo) return refuse(reply, 404, '演示登录未启用');
        const returnUrl = sameOriginPath(request.body.returnUrl ?? '/');
        if (!returnUrl) return refuse(reply, 400, '返回地址无效');
        const [user] = await services.db
          .select({ id: users.id })
          .from(users)
          .where(and(eq(users.id, request.body.userId.toLowerCase()), eq(users.provider, 'demo')));
        if (!user) return refuse(reply, 400, '演示账号不存在');
        const token = await createSession(services.db, user.id);
        return reply.header('Cache-Control', 'no-store').redirect(withToken(returnUrl, token), 303);
      });

      await registerOAuthRoutes(auth, services, config);
    },
    { prefix: '/api/auth' },
  );
}
