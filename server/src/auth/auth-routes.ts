/**
 * Sign-in. `GET /api/auth/authorize` starts it: with WeChat or Alipay credentials configured it redirects to the
 * provider (see oauth-routes.ts); without, the built-in demo provider lists the seeded demo users, and choosing one
 * signs in as that user. Either way the user comes back to `returnUrl` with the new token in the query.
 */
import formbody from '@fastify/formbody';
import { and, asc, eq, isNotNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ServerConfig } from '../config';
import { users } from '../db/schema';
import { RateLimiter } from '../http/rate-limiter';
import type { AppServices } from '../services';
import { escapeHtml, htmlPage, refuse } from './html-page';
import { registerOAuthRoutes, startOAuth } from './oauth-routes';
import { safeReturnUrl, withToken } from './return-url';
import { createSession } from './session-tokens';

type AuthType = 'wechat' | 'alipay';

export const SIGN_IN_LIMIT = { max: 20, windowMs: 60_000 };

export function isDemoProvider(config: Pick<ServerConfig, 'auth'>, authType: AuthType): boolean {
  return config.auth[authType] === null;
}

export async function registerAuthRoutes(app: FastifyInstance, services: AppServices, config: ServerConfig): Promise<void> {
  const limiter = new RateLimiter();
  const signInLimit = { ...SIGN_IN_LIMIT, max: config.auth.signInPerMinute ?? SIGN_IN_LIMIT.max };
  await app.register(
    async (auth) => {
      await auth.register(formbody, { bodyLimit: 4096 });
      auth.addHook('onRequest', async (request, reply) => {
        if (!limiter.allow(`signin:${request.ip}`, signInLimit)) return refuse(reply, 429, '登录尝试过于频繁，请稍后再试');
      });

      auth.get<{ Querystring: Record<string, string | undefined> }>('/authorize', async (request, reply) => {
        const authType: AuthType = request.query.authType === 'alipay' ? 'alipay' : 'wechat';
        if (request.query.authType && !['wechat', 'alipay'].includes(request.query.authType)) return refuse(reply, 400, '不支持的登录方式');
        const returnUrl = safeReturnUrl(request.query.returnUrl ?? '/');
        if (!returnUrl) return refuse(reply, 400, '返回地址无效');
        if (!isDemoProvider(config, authType)) return startOAuth(reply, services, config, authType, returnUrl, request.query.isWorkWechat === 'true');
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

      auth.post<{ Body: Record<string, string | undefined> }>('/demo', async (request, reply) => {
        if (!isDemoProvider(config, 'wechat') && !isDemoProvider(config, 'alipay')) return refuse(reply, 404, '演示登录未启用');
        const returnUrl = safeReturnUrl(request.body?.returnUrl ?? '/');
        if (!returnUrl) return refuse(reply, 400, '返回地址无效');
        const userId = request.body?.userId ?? '';
        if (!/^[0-9a-f-]{36}$/i.test(userId)) return refuse(reply, 400, '演示账号不存在');
        const [user] = await services.db
          .select({ id: users.id })
          .from(users)
          .where(and(eq(users.id, userId), eq(users.provider, 'demo')));
        if (!user) return refuse(reply, 400, '演示账号不存在');
        const token = await createSession(services.db, user.id);
        return reply.header('Cache-Control', 'no-store').redirect(withToken(returnUrl, token), 303);
      });

      await registerOAuthRoutes(auth, services, config);
    },
    { prefix: '/api/auth' },
  );
}
