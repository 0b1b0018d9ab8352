/**
 * A lean page's start takes the answers its page carries (internal/carried-answers.ts, run by `lean-start`): the page's
 * own calls then get them instead of asking the server — the exchange the server made for this browser's verifier,
 * and what it answered for that session — and nothing of a session's is taken by another.
 */
import { afterEach, beforeEach, describe, expect, test } from '@rstest/core';
import { callApi } from '../src/api-client';
import { earlyCalls } from '../src/internal/early-calls-slot';
import { sessionTag, takeCarriedAnswers } from '../src/internal/carried-answers';
import { exchangeSignInCode, SIGN_IN_VERIFIER_STORAGE_KEY } from '../src/internal/sign-in-handover';
import { getToken, setToken } from '../src/session';
import { mockApi, ok, userDetail } from '../src/testing';

const CODE = 'sign-in-code-abcdefghijklmnopqrstuvwxyz0123';
const VERIFIER = 'verifier-abcdefghijklmnopqrstuvwxyz0123456789';
const NEW_TOKEN = 'tok-new-abcdefghijklmnopqrstu';
const envelope = (result: unknown) => ({ success: true, result, message: null, errorCode: null });
const PASSENGER = userDetail({ id: 'u-passenger', nickname: '乘客', company: false, companyUser: false, companyInfo: null });
const TRIP = { id: 't1', fromPlace: '杭州东站' };

/** The page as the server wrote it: its answers in the head, its address back from signing in or not. */
async function pageCarrying({ code = CODE as string | null, tokenOfAnswers = NEW_TOKEN, exchangedWith = VERIFIER } = {}) {
  const tag = await sessionTag(tokenOfAnswers);
  const answers = [
    { path: 'sysConfig/get', body: {}, answer: envelope({ id: 1, demo: true }) },
    ...(code ? [{ path: 'auth/exchange', body: { code, verifier: exchangedWith }, answer: envelope({ token: NEW_TOKEN }) }] : []),
    { path: 'user/getOfficialAccountLoginUserInfo', body: {}, answer: envelope(PASSENGER), session: tag },
    { path: 'taxiTrip/get', body: { code: 'AbC123xyz' }, answer: envelope(TRIP), session: tag },
  ];
  document.head.innerHTML = `<script type="application/json" id="page-answers">${JSON.stringify(answers)}</script>`;
  window.history.replaceState(null, '', code ? `/taxi/ride/AbC123xyz?signin=${code}` : '/taxi/ride/AbC123xyz');
}

beforeEach(() => {
  earlyCalls().length = 0;
  localStorage.clear();
  setToken(null);
});

afterEach(() => {
  earlyCalls().length = 0;
  document.head.innerHTML = '';
});

describe("a lean page's carried answers", () => {
  test('back from signing in: the exchange the server made, then the user and the trip for that session, none asked of the server', async () => {
    await pageCarrying();
    localStorage.setItem(SIGN_IN_VERIFIER_STORAGE_KEY, VERIFIER);
    const api = mockApi({});
    await takeCarriedAnswers();
    // The start-up asks the config as it starts the exchange, before it has the session.
    const configLoading = callApi('sysConfig/get');
    await expect(exchangeSignInCode(CODE)).resolves.toEqual({ signedIn: true });
    expect(getToken()).toBe(NEW_TOKEN);
    await expect(configLoading).resolves.toMatchObject({ demo: true });
    await expect(callApi('user/getOfficialAccountLoginUserInfo')).resolves.toMatchObject({ nickname: '乘客' });
    await expect(callApi('taxiTrip/get', { code: 'AbC123xyz' })).resolves.toEqual(TRIP);
    expect(api.calls).toEqual([]);
  });

  test('a returning passenger (no code): what was answered for the session kept is taken', async () => {
    await pageCarrying({ code: null });
    setToken(NEW_TOKEN);
    const api = mockApi({});
    await takeCarriedAnswers();
    await expect(callApi('taxiTrip/get', { code: 'AbC123xyz' })).resolves.toEqual(TRIP);
    expect(api.calls).toEqual([]);
  });

  test("answers of another session, or an exchange made for another browser's verifier, are not taken: the page asks", async () => {
    await pageCarrying({ code: null, tokenOfAnswers: 'tok-someone-else-abcdefghij' });
    setToken(NEW_TOKEN);
    const api = mockApi({ 'taxiTrip/get': ok({ id: 't1', fromPlace: '问了服务器' }) });
    await takeCarriedAnswers();
    await expect(callApi('taxiTrip/get', { code: 'AbC123xyz' })).resolves.toMatchObject({ fromPlace: '问了服务器' });
    expect(api.bodiesOf('taxiTrip/get')).toEqual([{ code: 'AbC123xyz' }]);

    earlyCalls().length = 0;
    setToken(null);
    await pageCarrying({ exchangedWith: 'verifier-of-another-browser-0123456789abcdef' });
    localStorage.setItem(SIGN_IN_VERIFIER_STORAGE_KEY, VERIFIER);
    const network = mockApi({ 'auth/exchange': ok({ token: 'tok-asked-abcdefghijklmnopq' }) });
    await takeCarriedAnswers();
    await expect(exchangeSignInCode(CODE)).resolves.toEqual({ signedIn: true });
    expect(network.bodiesOf('auth/exchange')).toEqual([{ code: CODE, verifier: VERIFIER }]);
    expect(getToken()).toBe('tok-asked-abcdefghijklmnopq');
  });
});
