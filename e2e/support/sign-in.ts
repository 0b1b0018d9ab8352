/**
 * Signing the demo users in through the server's demo provider, as a person's browser would (choose the user on the
 * demo page), and saving each one's browser storage so tests start signed in as that role. A sign-in hands the session
 * over the way the app does it (server/src/auth/sign-in-codes.ts): the browser keeps a verifier and sends its
 * challenge, the demo page's form carries the challenge, the sign-in returns with a one-time code (`?signin=`, never a
 * token), and the code is exchanged with the verifier for the token.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { BrowserContext, Page } from '@playwright/test';
import { exchangeOver, newVerifier, signInCodeIn } from '../../server/test/support/sign-in-handover';
import { PRIVACY_POLICY_VERSION } from '@app/domain/privacy-policy';

export { newVerifier } from '../../server/test/support/sign-in-handover';

export const DEMO_USERS = ['普通用户', '企业管理员', '企业员工', '出租车管理员', '线下收款管理员'] as const;
export type DemoUser = (typeof DEMO_USERS)[number];

/** The key under which the app keeps a pending sign-in's verifier (@app/host-sdk, internal/sign-in-handover.ts). */
export const SIGN_IN_VERIFIER_STORAGE_KEY = 'signInVerifier';
/** The cookie it keeps the verifier in too, for the page the sign-in returns to (`@app/contract/first-calls`). */
export const SIGN_IN_VERIFIER_COOKIE = 'yst_signin_verifier';

/** The session's cookie the exchange sets beside the token (`@app/contract/first-calls`, SESSION_PAGE_COOKIE). */
export const SESSION_COOKIE = 'yst_session';

/** Gives the browser of `context` the session's cookie for `origin`, as the exchange in it would have set it. */
export async function keepSessionCookie(context: BrowserContext, origin: string, token: string): Promise<void> {
  await context.addCookies([{ name: SESSION_COOKIE, value: token, url: origin, httpOnly: true, sameSite: 'Lax' }]);
}

/** Keeps `verifier` in the browser of `page` (on `origin`) as the app does when it starts a sign-in. */
export async function keepVerifier(page: Page, origin: string, verifier: string): Promise<void> {
  await page.evaluate(([key, value]) => localStorage.setItem(key, value), [SIGN_IN_VERIFIER_STORAGE_KEY, verifier] as const);
  await page.context().addCookies([{ name: SIGN_IN_VERIFIER_COOKIE, value: verifier, url: origin, sameSite: 'Lax' }]);
}

const unescapeHtml = (text: string) =>
  text.replace(/&(amp|lt|gt|quot|#39);/g, (_, name: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" })[name] as string);

/**
 * A demo sign-in of `label` up to what the browser comes back with: the demo page fetched with the challenge of a new
 * verifier, the user's form posted as it is (its hidden fields), and the one-time code read from the redirect. The
 * code signs in only together with `verifier`.
 */
export async function demoSignInCode(
  baseUrl: string,
  label: DemoUser,
  returnUrl = '/',
): Promise<{ code: string; verifier: string; location: string }> {
  const { verifier, challenge } = newVerifier();
  const query = new URLSearchParams({ authType: 'wechat', returnUrl, challenge });
  const page = await fetch(`${baseUrl}/api/auth/authorize?${query}`).then((response) => response.text());
  const forms = page.split('<form').slice(1);
  const form = forms.find((html) => html.includes(`<strong>${label}</strong>`));
  if (!form) throw new Error(`demo user ${label} not on the demo page`);
  const fields = new URLSearchParams();
  for (const [, name, value] of form.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g))
    fields.append(name as string, unescapeHtml(value as string));
  if (fields.get('challenge') !== challenge) throw new Error(`the demo page's form for ${label} does not carry the challenge`);
  const response = await fetch(`${baseUrl}/api/auth/demo`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: fields,
  });
  const location = response.headers.get('location') ?? '';
  if (response.status !== 303 || new URL(location, baseUrl).searchParams.has('token'))
    throw new Error(`demo sign-in of ${label} answered ${response.status} ${location}`);
  return { code: signInCodeIn(location), verifier, location };
}

/** Signs a demo user in through the whole handover; returns the session token the exchange answered. */
export async function demoSignIn(baseUrl: string, label: DemoUser): Promise<string> {
  const { code, verifier } = await demoSignInCode(baseUrl, label);
  return exchangeOver(baseUrl, code, verifier);
}

export async function callApi<T>(baseUrl: string, path: string, body: unknown, token: string): Promise<T> {
  const response = await fetch(`${baseUrl}/api/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  const envelope = (await response.json()) as { success: boolean; result: T; message: string };
  if (!envelope.success) throw new Error(`${path}: ${envelope.message}`);
  return envelope.result;
}

/** The user accepts the authorisation agreement (用户需知), as tapping 同意 does; company users meet it first. */
export async function acceptAgreement(baseUrl: string, token: string): Promise<void> {
  const agreement = await callApi<{ id: number }>(baseUrl, 'taxAccount/getAgreement', {}, token);
  await callApi(baseUrl, 'taxAccount/agreedAgreement', { id: agreement.id, privacyPolicyVersion: PRIVACY_POLICY_VERSION }, token);
}

export function storageStateFile(dir: string, label: DemoUser): string {
  return join(dir, `${label}.json`);
}

/** A Playwright storage state holding the token the way the app stores it (JSON in localStorage). */
export async function saveStorageState(dir: string, baseUrl: string, label: DemoUser, token: string): Promise<void> {
  await mkdir(dir, { recursive: true });
  const state = { cookies: [], origins: [{ origin: baseUrl, localStorage: [{ name: 'token', value: JSON.stringify(token) }] }] };
  await writeFile(storageStateFile(dir, label), JSON.stringify(state));
}
