/**
 * A local stand-in for the WeChat and Alipay servers the sign-in calls: the WeChat token and profile endpoints
 * (`/sns/oauth2/access_token`, `/sns/userinfo`) and the Alipay gateway (`/gateway.do`, alipay.system.oauth.token),
 * which verifies the RSA2 signature with the public key it is given. A code is good once, like the real ones.
 */
import { createVerify, type KeyObject } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeWechatUser {
  openid: string;
  scope: 'snsapi_userinfo' | 'snsapi_base';
  nickname?: string;
  headimgurl?: string;
}

export interface FakeOAuthProvider {
  /** e.g. http://127.0.0.1:40123 */
  url: string;
  wechat: { appId: string; secret: string; codes: Map<string, FakeWechatUser> };
  alipay: { appId: string; publicKey: KeyObject | string; codes: Map<string, { user_id?: string; open_id?: string }> };
  /** The parameters of every Alipay gateway call, in order. */
  alipayCalls: Record<string, string>[];
  /** How the token endpoints answer: normally, HTTP 500, or by dropping the connection. */
  mode: 'normal' | 'http-500' | 'drop';
  close(): Promise<void>;
}

function sendJson(response: ServerResponse, body: unknown): void {
  response.writeHead(200, { 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify(body));
}

async function formBody(request: IncomingMessage): Promise<Record<string, string>> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8')));
}

/** The content Alipay signs, rebuilt independently of the server's code. */
function signedContent(params: Record<string, string>): string {
  return Object.entries(params)
    .filter(([name, value]) => name !== 'sign' && value !== '')
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([name, value]) => `${name}=${value}`)
    .join('&');
}

export async function startFakeOAuthProvider(options: {
  wechat: { appId: string; secret: string };
  alipay: { appId: string; publicKey: KeyObject | string };
}): Promise<FakeOAuthProvider> {
  const accessTokens = new Map<string, FakeWechatUser>();
  const fake: Omit<FakeOAuthProvider, 'url' | 'close'> = {
    wechat: { ...options.wechat, codes: new Map() },
    alipay: { ...options.alipay, codes: new Map() },
    alipayCalls: [],
    mode: 'normal',
  };

  const wechatToken = (query: URLSearchParams, response: ServerResponse) => {
    if (query.get('appid') !== fake.wechat.appId || query.get('secret') !== fake.wechat.secret)
      return sendJson(response, { errcode: 40125, errmsg: 'invalid appsecret' });
    if (query.get('grant_type') !== 'authorization_code') return sendJson(response, { errcode: 40002, errmsg: 'invalid grant_type' });
    const code = query.get('code') ?? '';
    const user = fake.wechat.codes.get(code);
    if (!user) return sendJson(response, { errcode: 40029, errmsg: 'invalid code' });
    fake.wechat.codes.delete(code);
    const accessToken = `fake-access-${Math.random().toString(36).slice(2)}`;
    accessTokens.set(accessToken, user);
    return sendJson(response, {
      access_token: accessToken,
      expires_in: 7200,
      refresh_token: 'fake-refresh',
      openid: user.openid,
      scope: user.scope,
    });
  };

  const wechatUserInfo = (query: URLSearchParams, response: ServerResponse) => {
    const user = accessTokens.get(query.get('access_token') ?? '');
    if (!user || user.openid !== query.get('openid') || user.scope !== 'snsapi_userinfo')
      return sendJson(response, { errcode: 40001, errmsg: 'invalid credential' });
    return sendJson(response, {
      openid: user.openid,
      nickname: user.nickname ?? '',
      headimgurl: user.headimgurl ?? '',
      sex: 0,
      privilege: [],
    });
  };

  const alipayGateway = (params: Record<string, string>, response: ServerResponse) => {
    fake.alipayCalls.push(params);
    const error = (sub_code: string) =>
      sendJson(response, { error_response: { code: '40002', msg: 'Invalid Arguments', sub_code, sub_msg: sub_code }, sign: 'fake' });
    const signature = params.sign ?? '';
    const verified =
      signature !== '' &&
      params.sign_type === 'RSA2' &&
      createVerify('RSA-SHA256').update(signedContent(params), 'utf8').verify(fake.alipay.publicKey, signature, 'base64');
    if (!verified) return error('isv.invalid-signature');
    if (params.app_id !== fake.alipay.appId) return error('isv.invalid-app-id');
    if (params.method !== 'alipay.system.oauth.token' || params.grant_type !== 'authorization_code') return error('isv.invalid-method');
    const user = fake.alipay.codes.get(params.code ?? '');
    if (!user) return error('isv.code-invalid');
    fake.alipay.codes.delete(params.code ?? '');
    return sendJson(response, {
      alipay_system_oauth_token_response: {
        ...user,
        access_token: 'fake-alipay-token',
        expires_in: 1296000,
        refresh_token: 'fake-refresh',
        re_expires_in: 2592000,
      },
      sign: 'fake',
    });
  };

  const server = createServer((request, response) => {
    void (async () => {
      if (fake.mode === 'drop') return request.socket.destroy();
      if (fake.mode === 'http-500') return response.writeHead(500).end('internal error');
      const url = new URL(request.url ?? '/', 'http://fake.invalid');
      if (request.method === 'GET' && url.pathname === '/sns/oauth2/access_token') return wechatToken(url.searchParams, response);
      if (request.method === 'GET' && url.pathname === '/sns/userinfo') return wechatUserInfo(url.searchParams, response);
      if (request.method === 'POST' && url.pathname === '/gateway.do') return alipayGateway(await formBody(request), response);
      response.writeHead(404).end();
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(fake, {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
}

/** A local address where nothing listens (the port was just released). */
export async function unreachableUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}
