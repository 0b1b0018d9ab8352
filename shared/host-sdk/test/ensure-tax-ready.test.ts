import { afterEach, describe, expect, rs, test } from '@rstest/core';
import type { TaxAccount } from '@app/contract/tax-account';

const server = rs.hoisted(() => ({ account: null as unknown }));
rs.mock('../src/api-client', () => ({ callApi: rs.fn(async () => server.account) }));

const { ensureTaxReady, openDialogAtom } = await import('../src/dialogs');
const { sessionStore, taxAccountAtom } = await import('../src/session');

const today = new Date().toISOString();
const READY = {
  loginState: '已登录',
  scanFaceState: '已认证',
  scanFaceTime: today,
  accountState: 0,
  supportedLoginMethod: ['smscode'],
} as unknown as TaxAccount;
const LOGGED_OUT = { ...READY, loginState: '未登录' } as TaxAccount;

afterEach(() => {
  sessionStore.get(openDialogAtom)?.close(false);
  sessionStore.set(taxAccountAtom, undefined);
});

describe('ensureTaxReady judges the account as the server has it now, not as it was loaded', () => {
  test('logged out at start-up, logged in since (another user of the company): no dialog', async () => {
    sessionStore.set(taxAccountAtom, LOGGED_OUT);
    server.account = READY;
    await expect(ensureTaxReady()).resolves.toBe(true);
    expect(sessionStore.get(openDialogAtom)).toBeNull();
    expect(sessionStore.get(taxAccountAtom)).toEqual(READY);
  });

  test('ready at start-up, the login expired since: the login dialog opens', async () => {
    sessionStore.set(taxAccountAtom, READY);
    server.account = LOGGED_OUT;
    const ready = ensureTaxReady();
    await rs.waitFor(() => expect(sessionStore.get(openDialogAtom)?.kind).toBe('login'));
    sessionStore.get(openDialogAtom)?.close(false);
    await expect(ready).resolves.toBe(false);
  });
});
