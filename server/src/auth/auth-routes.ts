/**
 * Sign-in. `GET /api/auth/authorize` starts it: for a provider with credentials configured it redirects to WeChat or
 * Alipay (see oauth-routes.ts); when demo sign-in is on (no real provider configured, or DEMO_SIGN_IN=true) the
 * built-in demo provider lists the seeded demo users, and choosing one signs in as that user. Either way the user comes
 * back to the judged return path with a one-time sign-in code in the query (`signin`), bound to the challenge the
 * browser sent to `/authorize`, and the browser exchanges it with its verifier for the session token by
 * `POST /api/auth/exchange` (sign-in-codes.ts): a token never travels in an address. `POST /api/auth/signOut` ends the
 * session. Every route takes only what its schema allows; a refusal is a short page that says why (the exchange, which
 * the app calls, answers the API's JSON envelope instead).
 */
import formbody from '@fastify/formbody';
import { and, asc, eq, isNotNull } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply } from 'fastify';
import Type, { type Static } from 'typebox';
import { MAX_RETURN_PATH_LENGTH, sameOriginPath } from '@app/domain/return-path';
import type { ServerConfig } from '../config';
import { users } from '../db/schema/users';
import { ErrorCode, failed, ok } from '../http/api-failure';
import { clientError } from '../http/route-errors';
import type { AppServices } from '../services';
import { signedInViewer } from './canary-identity';
import { sessionCookieHeader } from './session-cookie';
import { escapeHtml, htmlPage, refuse } from './html-page';
import { configuredProvider, registerOAuthRoutes, startOAuth, type OAuthProviderName } from './oauth-routes';
import { withSignInCode } from './return-url';
import { CHALLENGE_PATTERN, exchangeSignInCode, issueSignInCode, SIGN_IN_CODE_PATTERN, VERIFIER_PATTERN } from './sign-in-codes';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A sign-in route the app calls (the exchange): refusals in the API's JSON envelope, not as a page. */
    json?: boolean;
  }
}

export const SIGN_IN_LIMIT = { max: 20, windowMs: 60_000 };

/** Bounded here; the judge (same-origin, at most MAX_RETURN_PATH_LENGTH) says 返回地址无效 for the rest. */
const ReturnUrl = Type.String({ title: '返回地址', maxLength: 2 * MAX_RETURN_PATH_LENGTH });
/** The SHA-256 (base64url) of the verifier the browser that starts the sign-in keeps. */
const Challenge = Type.String({ title: '登录校验', pattern: CHALLENGE_PATTERN, maxLength: 43 });
/** Links shared in WeChat get parameters of its own (from, isappinstalled…): other query parameters are ignored. */
const AuthorizeQuery = Type.Object(
  {
    authType: Type.Optional(Type.String({ title: '登录方式', maxLength: 20 })),
    returnUrl: Type.Optional(ReturnUrl),
    qrcode: Type.Optional(Type.String({ title: '二维码', maxLength: 200 })),
    isWorkWechat: Type.Optional(Type.Union([Type.Literal('true'), Type.Literal('false')], { title: '企业微信' })),
    // Optional in the schema only so that a page from before the handover (which sends none) is told what to do.
    challenge: Type.Optional(Challenge),
  },
  { additionalProperties: true },
);
const DemoBody = Type.Object(
  {
    userId: Type.String({
      title: '演示账号',
      pattern: '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$',
      maxLength: 36,
    }),
    returnUrl: Type.Optional(ReturnUrl),
    challenge: Challenge,
  },
  { additionalProperties: false },
);
const ExchangeBody = Type.Object(
  {
    code: Type.String({ title: '登录凭证', pattern: SIGN_IN_CODE_PATTERN, maxLength: 43 }),
    verifier: Type.String({ title: '登录校验', pattern: VERIFIER_PATTERN, maxLength: 128 }),
  },
  { additionalProperties: false },
);

/** What a page from before the sign-in handover is told: it sends no challenge, and a newer page will. */
export const OUTDATED_PAGE_MESSAGE = '页面版本已更新，请返回首页重新登录';
/** Any refused exchange: the code is unknown, used, expired, or not this browser's. */
export const EXCHANGE_REFUSED_MESSAGE = '登录凭证无效、已使用或已过期';

/** Sign-in attempts from one address are limited; the exchange counts apart (it ends every sign-in). */
function limitSignIns(auth: FastifyInstance, services: AppServices, signInLimit: typeof SIGN_IN_LIMIT): void {
  auth.addHook('onRequest', async (request, reply) => {
    // request.ip is the socket's address unless the request came through a proxy of TRUST_PROXY. The exchange
    // that ends every sign-in counts apart, so a sign-in costs the same share of the limit as before it.
    const json = request.routeOptions.config.json === true;
    if (await services.rateLimiter.allow(`${json ? 'exchange' : 'signin'}:${request.ip}`, signInLimit)) return;
    if (json)
      return reply.code(429).header('Cache-Control', 'no-store').send(failed(ErrorCode.TooManyRequests, '登录尝试过于频繁，请稍后再试'));
    return refuse(reply, 429, '登录尝试过于频繁，请稍后再试');
  });
}

/** A refusal or failure: the API's envelope for the exchange, a short page for the rest. */
function answerSignInErrors(auth: FastifyInstance): void {
  auth.setErrorHandler((error, request, reply) => {
    const client = clientError(error);
    if (request.routeOptions.config.json === true) {
      if (!client) request.log.error({ err: error }, 'sign-in exchange failed');
      return reply
        .code(client?.status ?? 500)
        .header('Cache-Control', 'no-store')
        .send(
          client ? failed(client.code, client.message, client.result ?? null) : failed(ErrorCode.Internal, '登录暂时不可用，请稍后重试'),
        );
    }
    if (client) return refuse(reply, client.status, client.message);
    request.log.error({ err: error }, 'sign-in failed');
    return refuse(reply, 500, '登录暂时不可用，请稍后重试');
  });
}

/** The demo provider's page: a card per seeded demo user, each a form that signs in as that user. */
async function sendDemoUsersPage(reply: FastifyReply, services: AppServices, returnUrl: string, challenge: string) {
  const demoUsers = await services.db
    .select({ id: users.id, nickname: users.nickname, label: users.demoLabel })
    .from(users)
    .where(and(eq(users.provider, 'demo'), isNotNull(users.demoLabel)))
    .orderBy(asc(users.demoOrder));
  const list = demoUsers
    .map(
      (user) => `<form method="post" action="/api/auth/demo" class="card">
<input type="hidden" name="userId" value="${escapeHtml(user.id)}"><input type="hidden" name="returnUrl" value="${escapeHtml(returnUrl)}"><input type="hidden" name="challenge" value="${escapeHtml(challenge)}">
<div><strong>${escapeHtml(user.label ?? '')}</strong> <span class="muted">${escapeHtml(user.nickname)}</span></div>
<button type="submit">以${escapeHtml(user.label ?? '')}身份登录</button></form>`,
    )
    .join('');
  return reply
    .type('text/html; charset=utf-8')
    .header('Cache-Control', 'no-store')
    .send(htmlPage('选择演示账号', `<p><span class="badge">演示环境</span> 未配置微信或支付宝登录，请选择一个演示账号进入。</p>${list}`));
}

/** `GET /authorize`: to WeChat or Alipay, or to the demo provider's page. */
function registerAuthorize(auth: FastifyInstance, services: AppServices, config: ServerConfig): void {
  /** The demo provider answers for a sign-in type only when demo sign-in is on and that type has no real provider. */
  const demoFor = (authType: OAuthProviderName) => config.auth.demo && !configuredProvider(config, authType);
  auth.get<{ Querystring: Static<typeof AuthorizeQuery> }>(
    '/authorize',
    { schema: { querystring: AuthorizeQuery } },
    async (request, reply) => {
      const requested = request.query.authType ?? 'wechat';
      if (requested !== 'wechat' && requested !== 'alipay') return refuse(reply, 400, '不支持的登录方式');
      const returnUrl = sameOriginPath(request.query.returnUrl ?? '/');
      if (!returnUrl) return refuse(reply, 400, '返回地址无效');
      const challenge = request.query.challenge;
      if (!challenge) return refuse(reply, 400, OUTDATED_PAGE_MESSAGE);
      if (!demoFor(requested))
        return startOAuth(reply, services, config, requested, returnUrl, challenge, request.query.isWorkWechat === 'true');
      return sendDemoUsersPage(reply, services, returnUrl, challenge);
    },
  );
}

/** `POST /demo`: signs in as the chosen demo user, back to the return path with a sign-in code. */
function registerDemoSignIn(auth: FastifyInstance, services: AppServices, config: ServerConfig): void {
  auth.post<{ Body: Static<typeof DemoBody> }>('/demo', { schema: { body: DemoBody } }, async (request, reply) => {
    if (!config.auth.demo) return refuse(reply, 404, '演示登录未启用');
    const returnUrl = sameOriginPath(request.body.returnUrl ?? '/');
    if (!returnUrl) return refuse(reply, 400, '返回地址无效');
    const [user] = await services.db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, request.body.userId.toLowerCase()), eq(users.provider, 'demo')));
    if (!user) return refuse(reply, 400, '演示账号不存在');
    const code = await issueSignInCode(services.db, user.id, request.body.challenge);
    return reply.header('Cache-Control', 'no-store').redirect(withSignInCode(returnUrl, code), 303);
  });
}

/** `POST /exchange`: JSON in, the API's envelope out; the token only in the body, never stored by a cache. */
function registerExchange(auth: FastifyInstance, services: AppServices): void {
  auth.post<{ Body: Static<typeof ExchangeBody> }>(
    '/exchange',
    { schema: { body: ExchangeBody }, bodyLimit: 1024, config: { json: true } },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      const session = await exchangeSignInCode(services.db, request.body.code, request.body.verifier);
      if (!session) return reply.code(401).send(failed(ErrorCode.NotSignedIn, EXCHANGE_REFUSED_MESSAGE));
      const secure = request.protocol === 'https';
      // The pages and /remotes.json carry no session: the cookie tells them which canaries this user gets.
      reply.header('Set-Cookie', services.canaryCookies.setHeader(await signedInViewer(services.db, session.userId), secure));
      // The host's page answers the start-up's calls with it (session-cookie.ts).
      reply.header('Set-Cookie', sessionCookieHeader(session.token, secure));
      return reply.send(ok({ token: session.token }));
    },
  );
}

export async function registerAuthRoutes(app: FastifyInstance, services: AppServices, config: ServerConfig): Promise<void> {
  const signInLimit = { ...SIGN_IN_LIMIT, max: config.auth.signInPerMinute ?? SIGN_IN_LIMIT.max };
  await app.register(
    async (auth) => {
      await auth.register(formbody, { bodyLimit: 4096 });
      limitSignIns(auth, services, signInLimit);
      answerSignInErrors(auth);
      registerAuthorize(auth, services, config);
      registerDemoSignIn(auth, services, config);
      registerExchange(auth, services);
      await registerOAuthRoutes(auth, services, config);
    },
    { prefix: '/api/auth' },
  );
}
