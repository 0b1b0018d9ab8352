import { afterEach, beforeEach, describe, expect, rs, test } from '@rstest/core';
import { fail, mockApi, ok } from '../src/testing';
import { getToken, sessionStore, setToken, userDetailAtom } from '../src/session';
import { signOut } from '../src/sign-out';

let replaced: string[];

beforeEach(() => {
  replaced = [];
  rs.spyOn(window.location, 'replace').mockImplementation((url: string | URL) => void replaced.push(String(url)));
  setToken('tok-abcdefghijklmnopqrstuvwxyz');
});
afterEach(() => {
  rs.restoreAllMocks();
});

describe('signOut', () => {
  test('asks the server to end the session, then forgets the token and the user and shows the sign-in page', async () => {
    const api = mockApi({ 'user/signOut': ok({ signedOut: true }) });
    await signOut();
    expect(api.calls.map((call) => call.path)).toEqual(['user/signOut']);
    expect(getToken()).toBeNull();
    expect(sessionStore.get(userDetailAtom)).toBeNull();
    expect(replaced).toEqual(['/login']);
  });

  test('a session that had already ended signs out all the same', async () => {
    mockApi({ 'user/signOut': fail(1001, '登录信息无效，请重新登录') });
    await signOut();
    expect(getToken()).toBeNull();
    expect(replaced).toEqual(['/login']);
  });

  test('when the server cannot be reached the user stays signed in and is told', async () => {
    mockApi({ 'user/signOut': fail(5000, '服务暂时不可用，请稍后重试') });
    await expect(signOut()).rejects.toThrow('服务暂时不可用');
    expect(getToken()).toBe('tok-abcdefghijklmnopqrstuvwxyz');
    expect(replaced).toEqual([]);
  });
});
