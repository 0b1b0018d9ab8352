/**
 * Signing the demo users in through the server's demo provider, as a person would (choose the user on the demo
 * page), and saving each one's browser storage so tests start signed in as that role.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

export const DEMO_USERS = ['普通用户', '企业管理员', '企业员工', '出租车管理员', '线下收款管理员'] as const;
export type DemoUser = (typeof DEMO_USERS)[number];

/** Signs a demo user in; returns the session token from the redirect. */
export async function demoSignIn(baseUrl: string, label: DemoUser): Promise<string> {
  const page = await fetch(`${baseUrl}/api/auth/authorize?authType=wechat&returnUrl=%2F`).then((response) => response.text());
  const forms = page.split('<form').slice(1);
  const form = forms.find((html) => html.includes(`<strong>${label}</strong>`));
  const userId = form && /name="userId" value="([^"]+)"/.exec(form)?.[1];
  if (!userId) throw new Error(`demo user ${label} not on the demo page`);
  const response = await fetch(`${baseUrl}/api/auth/demo`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ userId, returnUrl: '/' }),
  });
  const token = new URL(response.headers.get('location') ?? '', baseUrl).searchParams.get('token');
  if (!token) throw new Error(`demo sign-in of ${label} gave no token`);
  return token;
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
  await callApi(baseUrl, 'taxAccount/agreedAgreement', { id: agreement.id }, token);
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
