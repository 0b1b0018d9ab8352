/**
 * A local stand-in for WeChat's API as the JS-SDK signature uses it: `/cgi-bin/token` (client_credential) and
 * `/cgi-bin/ticket/getticket?type=jsapi`, answering WeChat's shapes and counting the requests (the signer caches both).
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeWechatApi {
  url: string;
  appId: string;
  secret: string;
  /** The jsapi_ticket it hands out. */
  ticket: string;
  requests: { token: number; ticket: number };
  close(): Promise<void>;
}

export async function startFakeWechatApi(): Promise<FakeWechatApi> {
  const api = {
    appId: 'wx1234567890abcdef',
    secret: 'fake-secret',
    ticket: 'sM4AOVdWfPE4DxkXGEs8VMCPGGVi4C3VM0P37wVUCFvkVAy_90u5h9nbSlYy3-Sl-HhTdfl2fzFy1AOcHKP7qg',
    requests: { token: 0, ticket: 0 },
  };
  const accessToken = 'ACCESS_TOKEN_1';
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    const send = (body: unknown) => response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    if (url.pathname === '/cgi-bin/token') {
      api.requests.token++;
      if (
        url.searchParams.get('grant_type') !== 'client_credential' ||
        url.searchParams.get('appid') !== api.appId ||
        url.searchParams.get('secret') !== api.secret
      )
        return send({ errcode: 40013, errmsg: 'invalid appid' });
      return send({ access_token: accessToken, expires_in: 7200 });
    }
    if (url.pathname === '/cgi-bin/ticket/getticket') {
      api.requests.ticket++;
      if (url.searchParams.get('access_token') !== accessToken || url.searchParams.get('type') !== 'jsapi')
        return send({ errcode: 40001, errmsg: 'invalid credential' });
      return send({ errcode: 0, errmsg: 'ok', ticket: api.ticket, expires_in: 7200 });
    }
    response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(api, {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}
