/**
 * WeChat web authorisation (公众号网页授权): the authorise address, the code exchange at `tokenUrl`
 * (sns/oauth2/access_token) and, when the user granted snsapi_userinfo, the profile at sns/userinfo.
 */
import type { OAuthProviderConfig } from '../config';
import { providerIdentity, type ProviderIdentity } from './provider-identity';
import { fetchProviderJson, ProviderFailure, textField } from './provider-request';

export function wechatAuthorizeUrl(settings: OAuthProviderConfig, redirectUri: string, state: string, workWechat: boolean): string {
  const url = new URL(settings.authorizeUrl);
  // WeChat wants the parameters in this order.
  url.searchParams.set('appid', settings.appId);
  url.searchParams.set('redirect_uri', redirectUri);
  url.searchParams.set('response_type', 'code');
  // WeChat Work grants web pages the silent scope only: the user's openid, no profile.
  url.searchParams.set('scope', workWechat ? 'snsapi_base' : 'snsapi_userinfo');
  url.searchParams.set('state', state);
  url.hash = 'wechat_redirect';
  return url.toString();
}

/** The profile endpoint sits beside the token endpoint (sns/userinfo next to sns/oauth2/access_token). */
function wechatUserInfoUrl(tokenUrl: string): URL {
  return new URL('../userinfo', tokenUrl);
}

function errorCode(body: Record<string, unknown>): number | null {
  return typeof body.errcode === 'number' && body.errcode !== 0 ? body.errcode : null;
}

/** The nickname and avatar; null when WeChat does not give them (the sign-in goes on without). */
async function wechatProfile(
  settings: OAuthProviderConfig,
  accessToken: string,
  openid: string,
): Promise<{ nickname: string | null; avatarUrl: string | null } | null> {
  const url = wechatUserInfoUrl(settings.tokenUrl);
  url.searchParams.set('access_token', accessToken);
  url.searchParams.set('openid', openid);
  url.searchParams.set('lang', 'zh_CN');
  try {
    const profile = await fetchProviderJson(url);
    if (errorCode(profile) !== null || textField(profile, 'openid') !== openid) return null;
    return { nickname: textField(profile, 'nickname'), avatarUrl: textField(profile, 'headimgurl') };
  } catch (error) {
    if (error instanceof ProviderFailure) return null;
    throw error;
  }
}

export async function wechatIdentity(settings: OAuthProviderConfig, code: string): Promise<ProviderIdentity> {
  const url = new URL(settings.tokenUrl);
  url.searchParams.set('appid', settings.appId);
  url.searchParams.set('secret', settings.secret);
  url.searchParams.set('code', code);
  url.searchParams.set('grant_type', 'authorization_code');
  const token = await fetchProviderJson(url);
  const failure = errorCode(token);
  if (failure !== null) throw new ProviderFailure(`errcode ${failure}`);
  const accessToken = textField(token, 'access_token');
  const openid = textField(token, 'openid');
  if (!accessToken || !openid) throw new ProviderFailure('应答缺少 access_token 或 openid');
  const scopes = (textField(token, 'scope') ?? '').split(',');
  const profile = scopes.includes('snsapi_userinfo') ? await wechatProfile(settings, accessToken, openid) : null;
  const identity = providerIdentity(openid, profile?.nickname ?? null, profile?.avatarUrl ?? null);
  if (!identity) throw new ProviderFailure('openid 无效');
  return identity;
}
