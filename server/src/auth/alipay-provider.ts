/**
 * Alipay web authorisation (网页授权): the authorise address, and the exchange of the auth_code for the user's id
 * through the open-platform gateway (`tokenUrl`, method alipay.system.oauth.token), signed RSA2 with the app's key.
 */
import { createSign } from 'node:crypto';
import type { AlipayProviderConfig } from '../config';
import { providerIdentity, type ProviderIdentity } from './provider-identity';
import { fetchProviderJson, ProviderFailure, textField } from './provider-request';

export function alipayAuthorizeUrl(settings: AlipayProviderConfig, redirectUri: string, state: string): string {
  const url = new URL(settings.authorizeUrl);
  url.searchParams.set('app_id', settings.appId);
  url.searchParams.set('scope', 'auth_user');
  url.searchParams.set('redirect_uri', redirectUri);
  url.searchParams.set('state', state);
  return url.toString();
}

/** The gateway's timestamp: Beijing time as `yyyy-MM-dd HH:mm:ss`. */
function alipayTimestamp(now = new Date()): string {
  return new Date(now.getTime() + 8 * 3600_000).toISOString().slice(0, 19).replace('T', ' ');
}

/** What Alipay signs: every non-empty parameter except `sign`, sorted by name, as `name=value` joined by `&`. */
function alipaySignContent(params: Record<string, string>): string {
  return Object.keys(params)
    .filter((name) => name !== 'sign' && params[name] !== '')
    .sort()
    .map((name) => `${name}=${params[name]}`)
    .join('&');
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export async function alipayIdentity(settings: AlipayProviderConfig, code: string): Promise<ProviderIdentity> {
  const params: Record<string, string> = {
    app_id: settings.appId,
    method: 'alipay.system.oauth.token',
    charset: 'utf-8',
    sign_type: 'RSA2',
    timestamp: alipayTimestamp(),
    version: '1.0',
    grant_type: 'authorization_code',
    code,
  };
  if (settings.privateKey)
    params.sign = createSign('RSA-SHA256').update(alipaySignContent(params), 'utf8').sign(settings.privateKey, 'base64');
  const body = await fetchProviderJson(new URL(settings.tokenUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded;charset=utf-8' },
    body: new URLSearchParams(params).toString(),
  });
  const answer = body.alipay_system_oauth_token_response;
  if (!isRecord(answer) || (answer.code !== undefined && answer.code !== '10000')) {
    const error = isRecord(answer) ? answer : isRecord(body.error_response) ? body.error_response : {};
    throw new ProviderFailure(`code ${textField(error, 'code') ?? '?'} ${textField(error, 'sub_code') ?? ''}`.trim());
  }
  // Apps switched to OpenID get open_id instead of user_id.
  const subject = textField(answer, 'user_id') ?? textField(answer, 'open_id');
  const identity = subject && providerIdentity(subject, null, null);
  if (!identity) throw new ProviderFailure('应答缺少 user_id 或 open_id');
  return identity;
}
