/**
 * The host page's early calls (early-calls.ts) answer the app's own calls of the same path, body and session, once
 * and only within the start-up; any other call goes to the network (api-client's postApi), through axios.
 */
import { afterEach, beforeEach, describe, expect, test } from '@rstest/core';
import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import { ApiError, callApi, postApi } from '../src/api-client';
import { axiosClient } from '../src/internal/axios-client';
import { ANSWER_FRESH_MS, earlyCalls, type EarlyAnswer } from '../src/internal/early-calls-slot';
import { setToken } from '../src/session';

const envelope = (result: unknown) => JSON.stringify({ success: true, result, message: null, errorCode: null });
const user = { id: 'u1', company: true };

let sent: InternalAxiosRequestConfig[] = [];
const network: AxiosAdapter = async (config) => {
  sent.push(config);
  return { data: envelope({ id: 'from-network' }), status: 200, statusText: '', headers: {}, config };
};

function early(path: string, answer: EarlyAnswer | null, { body = '{}', token = 'tok-1', sentAt = performance.now() } = {}) {
  earlyCalls().push({ path, body, authorization: token ? `Bearer ${token}` : null, sentAt, answer: Promise.resolve(answer) });
}

beforeEach(() => {
  sent = [];
  earlyCalls().length = 0;
  axiosClient.defaults.adapter = network;
  setToken('tok-1');
});

afterEach(() => {
  earlyCalls().length = 0;
});

describe('early answers', () => {
  test('takes the early answer of the same call instead of asking the server, once; the next call asks it', async () => {
    early('user/getOfficialAccountLoginUserInfo', { status: 200, text: envelope(user) });
    await expect(callApi('user/getOfficialAccountLoginUserInfo')).resolves.toEqual(user);
    expect(sent).toHaveLength(0);
    await expect(callApi('user/getOfficialAccountLoginUserInfo')).resolves.toEqual({ id: 'from-network' });
    expect(sent).toHaveLength(1);
  });

  test('an early answer of another session or another body is not taken, and is dropped', async () => {
    early('user/getOfficialAccountLoginUserInfo', { status: 200, text: envelope(user) }, { token: 'someone-else' });
    early('invoice/list', { status: 200, text: envelope({ list: [] }) }, { body: '{"page":2}' });
    await expect(callApi('user/getOfficialAccountLoginUserInfo')).resolves.toEqual({ id: 'from-network' });
    await expect(callApi('invoice/list', { page: 1, pageSize: 10 } as never)).resolves.toEqual({ id: 'from-network' });
    expect(sent.map((config) => config.url)).toEqual(['/user/getOfficialAccountLoginUserInfo', '/invoice/list']);
    expect(earlyCalls()).toHaveLength(0);
  });

  test("a page's first call declared with its keys in another order is the same call", async () => {
    early('payment/list', { status: 200, text: envelope({ total: 0, list: [] }) }, { body: '{"page":1,"month":"2026-11"}' });
    await expect(callApi('payment/list', { month: '2026-11', page: 1 } as never)).resolves.toEqual({ total: 0, list: [] });
    expect(sent).toHaveLength(0);
  });

  test('a call made after the start-up is not answered by an early answer', async () => {
    early('sysConfig/get', { status: 200, text: envelope({ stale: true }) }, { sentAt: performance.now() - ANSWER_FRESH_MS - 1 });
    await expect(callApi('sysConfig/get')).resolves.toEqual({ id: 'from-network' });
    expect(sent).toHaveLength(1);
  });

  test("the sign-in code's exchange is answered early however late the app asks: the code is used up, no second answer would do", async () => {
    const body = JSON.stringify({ code: 'c'.repeat(43), verifier: 'v'.repeat(43) });
    early('auth/exchange', { status: 200, text: envelope({ token: 'tok-new' }) }, { body, token: '', sentAt: performance.now() - 60_000 });
    setToken(null);
    const answer = await postApi('auth/exchange', JSON.parse(body));
    expect(answer).toEqual({ status: 200, data: JSON.parse(envelope({ token: 'tok-new' })) });
    expect(sent).toHaveLength(0);
  });

  test('an early call that got no answer is made again', async () => {
    early('taxAccount/getTaxAccount', null);
    await expect(callApi('taxAccount/getTaxAccount')).resolves.toEqual({ id: 'from-network' });
    expect(sent).toHaveLength(1);
  });

  test("an early refusal is the call's refusal: its status, code and message, as the server sent them", async () => {
    early('user/getOfficialAccountLoginUserInfo', {
      status: 401,
      text: JSON.stringify({ success: false, result: null, message: '登录信息失效', errorCode: 1003 }),
    });
    const failure = await callApi('user/getOfficialAccountLoginUserInfo', {}, { handles: true }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ message: '登录信息失效', errorCode: 1003, status: 401 });
    expect(sent).toHaveLength(0);
  });

  test('a call that reads every answer itself (postApi) gets the early refusal as an answer', async () => {
    setToken(null);
    early(
      'auth/exchange',
      { status: 400, text: JSON.stringify({ success: false, result: null, message: '登录码已失效', errorCode: 4000 }) },
      { body: '{"code":"c","verifier":"v"}', token: '' },
    );
    const { data, status } = await postApi('auth/exchange', { code: 'c', verifier: 'v' });
    expect(status).toBe(400);
    expect(data).toMatchObject({ success: false, message: '登录码已失效' });
    expect(sent).toHaveLength(0);
  });

  test("an early answer that does not come within the call's time-out: the call asks the server itself", async () => {
    earlyCalls().push({
      path: 'sysConfig/get',
      body: '{}',
      authorization: 'Bearer tok-1',
      sentAt: performance.now(),
      answer: new Promise(() => {}),
    });
    const answered = await postApi('sysConfig/get', {}, 50);
    expect(answered.data).toEqual({ success: true, result: { id: 'from-network' }, message: null, errorCode: null });
    expect(sent).toHaveLength(1);
  });
});
