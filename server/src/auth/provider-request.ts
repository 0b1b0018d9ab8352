/**
 * Calls to a sign-in provider's server (WeChat, Alipay). Every failure becomes a `ProviderFailure` whose reason is
 * safe to log: it never carries the request address, which holds the code and, for WeChat, the app secret.
 */
export const PROVIDER_TIMEOUT_MS = 8000;

export class ProviderFailure extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = 'ProviderFailure';
  }
}

export async function fetchProviderJson(url: URL, init: RequestInit = {}): Promise<Record<string, unknown>> {
  let response: Response;
  try {
    response = await fetch(url, { ...init, redirect: 'error', signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS) });
  } catch (error) {
    throw new ProviderFailure(error instanceof Error && error.name === 'TimeoutError' ? '请求超时' : '无法连接');
  }
  if (!response.ok) throw new ProviderFailure(`HTTP ${response.status}`);
  let body: unknown;
  try {
    body = await response.json();
  } catch (error) {
    throw new ProviderFailure(error instanceof Error && error.name === 'TimeoutError' ? '请求超时' : '应答不是 JSON');
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new ProviderFailure('应答格式无效');
  return body as Record<string, unknown>;
}

/** A string field of a provider's answer, or null when it is missing or not a non-empty string. */
export function textField(body: Record<string, unknown>, name: string): string | null {
  const value = body[name];
  return typeof value === 'string' && value !== '' ? value : null;
}
