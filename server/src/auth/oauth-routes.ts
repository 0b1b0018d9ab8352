/**
 * WeChat and Alipay web authorisation (used when their credentials are configured). `startOAuth` sends the user to
 * the provider with a fresh state (which keeps the browser's challenge); the provider sends them back to
 * `GET /api/auth/callback/:provider`, which checks the state, exchanges the provider's code for the user's id (creating
 * the user the first time) and returns to the path the sign-in started from with a one-time sign-in code for that
 * user, bound to the challenge (sign-in-codes.ts): the browser exchanges it for the session. Codes, states and tokens
 * are never logged.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import Type from 'typebox';
import type { ServerConfig } from '../config';
import type { Database } from '../db/database';
import { users } from '../db/schema/users';
import type { AppServices } from '../services';
import { alipayAuthorizeUrl, alipayIdentity } from './alipay-provider';
import { refuse } from './html-page';
import { consumeOAuthState, issueOAuthState, type OAuthProviderName } from './oauth-states';

export type { OAuthProviderName };
import type { ProviderIdentity } from './provider-identity';
import { ProviderFailure } from './provider-request';
import { sameOriginPath } from '@app/domain/return-path';
import { withSignInCode } from './return-url';
import { issueSignInCode } from './sign-in-codes';
import { wechatAuthorizeUrl, wechatIdentity } from './wechat-provider';

const MAX_CODE_LENGTH = 512;

const CallbackParams = Type.Object({ provider: Type.String({ title: '登录方式', maxLength: 20 }) }, { additionalProperties: false });
/** The provider adds parameters of its own (Alipay: app_id, source, scope…); only the code and the state are read. */
const CallbackQuery = Type.Object(
  {
    state: Type.Optional(Type.String({ title: 'state', maxLength: 128 })),
    code: Type.Optional(Type.String({ title: 'code', maxLength: MAX_CODE_LENGTH })),
    auth_code: Type.Optional(Type.String({ title: 'auth_code', maxLength: MAX_CODE_LENGTH })),
  },
  { additionalProperties: true },
);

/** A provider with its credentials. */
interface ConfiguredProvider {
  /** The query parameter the provider's callback carries the code in. */
  codeParam: string;
  defaultNickname: string;
  authorizeUrl(redirectUri: string, state: string, workWechat: boolean): string;
  identify(code: string): Promise<ProviderIdentity>;
}

/** The provider `name` with its credentials, or null when it is not configured. */
export function configuredProvider(config: ServerConfig, name: OAuthProviderName): ConfiguredProvider | null {
  if (name === 'wechat') {
    const settings = config.auth.wechat;
    return (
      settings && {
        codeParam: 'code',
        defaultNickname: '微信用户',
        authorizeUrl: (redirectUri, state, workWechat) => wechatAuthorizeUrl(settings, redirectUri, state, workWechat),
        identify: (code) => wechatIdentity(settings, code),
      }
    );
  }
  const settings = config.auth.alipay;
  return (
    settings && {
      codeParam: 'auth_code',
      defaultNickname: '支付宝用户',
      authorizeUrl: (redirectUri, state) => alipayAuthorizeUrl(settings, redirectUri, state),
      identify: (code) => alipayIdentity(settings, code),
    }
  );
}

function callbackUrl(publicUrl: string, provider: OAuthProviderName): string {
  return `${publicUrl.replace(/\/+$/, '')}/api/auth/callback/${provider}`;
}

/** The user behind the provider's subject; created on the first sign-in, their profile refreshed when one came. */
async function signInUser(db: Database, provider: OAuthProviderName, identity: ProviderIdentity, defaultNickname: string): Promise<string> {
  const profile = identity.nickname ? { nickname: identity.nickname, avatarUrl: identity.avatarUrl } : null;
  const [user] = await db
    .insert(users)
    .values({
      provider,
      providerSubject: identity.subject,
      nickname: profile?.nickname ?? defaultNickname,
      avatarUrl: profile?.avatarUrl ?? null,
    })
    // Without a profile the update sets the provider to itself, only so that the existing row is returned.
    .onConflictDoUpdate({ target: [users.provider, users.providerSubject], set: profile ?? { provider } })
    .returning({ id: users.id });
  if (!user) throw new Error('sign-in: no user row');
  return user.id;
}

function single(value: string | undefined): string | null {
  return typeof value === 'string' && value !== '' ? value : null;
}

export async function startOAuth(
  reply: FastifyReply,
  services: AppServices,
  config: ServerConfig,
  authType: OAuthProviderName,
  returnUrl: string,
  challenge: string,
  workWechat: boolean,
) {
  const provider = configuredProvider(config, authType);
  if (!provider) return refuse(reply, 404, '该登录方式未启用');
  const state = await issueOAuthState(services.db, authType, returnUrl, challenge);
  return reply
    .header('Cache-Control', 'no-store')
    .redirect(provider.authorizeUrl(callbackUrl(services.publicUrl, authType), state, workWechat), 302);
}

export async function registerOAuthRoutes(auth: FastifyInstance, services: AppServices, config: ServerConfig): Promise<void> {
  auth.get<{ Params: { provider: string }; Querystring: Record<string, string | undefined> }>(
    '/callback/:provider',
    { schema: { params: CallbackParams, querystring: CallbackQuery } },
    async (request, reply) => {
      const name = request.params.provider;
      if (name !== 'wechat' && name !== 'alipay') return refuse(reply, 404, '不支持的登录方式');
      const provider = configuredProvider(config, name);
      if (!provider) return refuse(reply, 404, '该登录方式未启用');

      const stored = await consumeOAuthState(services.db, name, single(request.query.state));
      if (!stored) return refuse(reply, 400, '登录请求无效或已过期，请重新登录');
      // Judged again as it is emitted: a state stored by an earlier version of the server may hold an older judgement.
      const returnUrl = sameOriginPath(stored.returnUrl) ?? '/';
      const code = single(request.query[provider.codeParam]);
      if (!code) return refuse(reply, 400, '未获得授权，请重新登录');

      let identity: ProviderIdentity;
      try {
        identity = await provider.identify(code);
      } catch (error) {
        if (!(error instanceof ProviderFailure)) throw error;
        request.log.warn({ provider: name, reason: error.reason }, '第三方登录失败');
        return refuse(reply, 400, name === 'wechat' ? '微信登录失败，请稍后重试' : '支付宝登录失败，请稍后重试');
      }
      const userId = await signInUser(services.db, name, identity, provider.defaultNickname);
      const signInCode = await issueSignInCode(services.db, userId, stored.challenge);
      return reply.header('Cache-Control', 'no-store').redirect(withSignInCode(returnUrl, signInCode), 303);
    },
  );
}
