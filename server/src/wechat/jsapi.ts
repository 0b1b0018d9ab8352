/**
 * The WeChat JS-SDK signature (`wx.config`, for `wx.scanQRCode` on the ticket import page), as WeChat documents it:
 * the official account's access_token (`GET /cgi-bin/token?grant_type=client_credential`), its jsapi_ticket
 * (`GET /cgi-bin/ticket/getticket?type=jsapi`), each cached until shortly before it expires (both are rate-limited
 * by WeChat, and a new access_token invalidates the old one, so one is fetched at a time), and
 * `signature = sha1("jsapi_ticket=…&noncestr=…&timestamp=…&url=…")` over the page's URL without its `#…`.
 * Settings: WECHAT_APP_ID / WECHAT_APP_SECRET (the same official account as WeChat sign-in) and WECHAT_API_URL
 * (default https://api.weixin.qq.com; tests point it at a local stand-in).
 */
import { createHash, randomBytes } from 'node:crypto';
import type { WechatJsapiConfig } from '@app/contract/ticket';
import { ApiFailure, ErrorCode, invalidField } from '../http/api-failure';

export interface WechatJsapiSettings {
  appId: string;
  secret: string;
  apiUrl: string;
}

export const DEFAULT_WECHAT_API_URL = 'https://api.weixin.qq.com';
/** Renew this long before WeChat's expiry (its clock and ours differ, and a request takes time). */
const RENEW_EARLY_MS = 5 * 60_000;
const REQUEST_TIMEOUT_MS = 10_000;

interface Cached {
  value: string;
  expiresAt: number;
}

export function jsapiSignature(input: { ticket: string; nonceStr: string; timestamp: number; url: string }): string {
  return createHash('sha1')
    .update(`jsapi_ticket=${input.ticket}&noncestr=${input.nonceStr}&timestamp=${input.timestamp}&url=${input.url}`)
    .digest('hex');
}

export class WechatJsapi {
  private token: Cached | null = null;
  private ticket: Cached | null = null;
  private pending: Promise<string> | null = null;

  constructor(
    readonly settings: WechatJsapiSettings,
    private readonly now: () => number = Date.now,
  ) {}

  private async get(path: string, query: Record<string, string>): Promise<Record<string, unknown>> {
    const url = new URL(path, this.settings.apiUrl.endsWith('/') ? this.settings.apiUrl : `${this.settings.apiUrl}/`);
    for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value);
    let answer: Response;
    try {
      answer = await fetch(url, { signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
    } catch {
      throw new ApiFailure(ErrorCode.TaskStateConflict, '微信服务暂时无法访问，请稍后重试');
    }
    const body = (await answer.json().catch(() => null)) as Record<string, unknown> | null;
    if (!answer.ok || !body || (typeof body.errcode === 'number' && body.errcode !== 0)) {
      throw new ApiFailure(ErrorCode.TaskStateConflict, `微信接口调用失败（${String(body?.errcode ?? answer.status)}），请稍后重试`);
    }
    return body;
  }

  private async accessToken(): Promise<string> {
    if (this.token && this.token.expiresAt > this.now()) return this.token.value;
    const body = await this.get('cgi-bin/token', {
      grant_type: 'client_credential',
      appid: this.settings.appId,
      secret: this.settings.secret,
    });
    if (typeof body.access_token !== 'string') throw new ApiFailure(ErrorCode.TaskStateConflict, '微信接口未返回 access_token');
    this.token = { value: body.access_token, expiresAt: this.now() + Number(body.expires_in ?? 7200) * 1000 - RENEW_EARLY_MS };
    return this.token.value;
  }

  private async fetchTicket(): Promise<string> {
    const body = await this.get('cgi-bin/ticket/getticket', { access_token: await this.accessToken(), type: 'jsapi' });
    if (typeof body.ticket !== 'string') throw new ApiFailure(ErrorCode.TaskStateConflict, '微信接口未返回 jsapi_ticket');
    this.ticket = { value: body.ticket, expiresAt: this.now() + Number(body.expires_in ?? 7200) * 1000 - RENEW_EARLY_MS };
    return this.ticket.value;
  }

  /** The jsapi_ticket, fetched once however many calls wait for it. */
  async jsapiTicket(): Promise<string> {
    if (this.ticket && this.ticket.expiresAt > this.now()) return this.ticket.value;
    this.pending ??= this.fetchTicket().finally(() => {
      this.pending = null;
    });
    return this.pending;
  }

  async configFor(url: string): Promise<WechatJsapiConfig> {
    const ticket = await this.jsapiTicket();
    const nonceStr = randomBytes(12).toString('hex');
    const timestamp = Math.floor(this.now() / 1000);
    return { appId: this.settings.appId, timestamp, nonceStr, signature: jsapiSignature({ ticket, nonceStr, timestamp, url }) };
  }
}

/** `wechat/jsapiConfig`: the page must be one of this app's own (its origin), signed without its `#…`. */
export async function jsapiConfigFor(jsapi: WechatJsapi | null, publicUrl: string, pageUrl: string): Promise<WechatJsapiConfig> {
  let page: URL;
  try {
    page = new URL(pageUrl);
  } catch {
    throw invalidField('url', '页面地址不正确');
  }
  if (page.origin !== new URL(publicUrl).origin) throw invalidField('url', '只能为本应用的页面签名');
  if (!jsapi) throw new ApiFailure(ErrorCode.TaskStateConflict, '未配置微信公众号，无法使用微信扫一扫');
  const hash = pageUrl.indexOf('#');
  return jsapi.configFor(hash === -1 ? pageUrl : pageUrl.slice(0, hash));
}
