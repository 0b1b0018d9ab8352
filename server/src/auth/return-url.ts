/**
 * Where sign-in may send the user back to: a path of this app, never another site. Refuses absolute URLs, `//host`,
 * `/\host`, backslashes, control characters and whitespace, also when percent-encoded (up to three times).
 */
const BAD = /[\u0000-\u0020\u007f\\]/;
const BASE = 'http://return-url.invalid';

function safeLayer(value: string): boolean {
  if (!value.startsWith('/') || value.startsWith('//') || BAD.test(value)) return false;
  try {
    const url = new URL(value, BASE);
    return url.origin === BASE;
  } catch {
    return false;
  }
}

export function safeReturnUrl(raw: unknown): string | null {
  if (typeof raw !== 'string' || raw.length === 0 || raw.length > 2048) return null;
  let layer = raw;
  for (let depth = 0; depth < 4; depth++) {
    if (!safeLayer(layer)) return null;
    let decoded: string;
    try {
      decoded = decodeURIComponent(layer);
    } catch {
      return null;
    }
    if (decoded === layer) return raw;
    layer = decoded;
  }
  return null;
}

/** Appends the new session token to the return path (the host stores it and removes it from the address). */
export function withToken(returnUrl: string, token: string): string {
  const url = new URL(returnUrl, BASE);
  url.searchParams.delete('token');
  url.searchParams.set('token', token);
  return `${url.pathname}${url.search}${url.hash}`;
}
