import { afterEach, beforeEach, describe, expect, rs, test } from '@rstest/core';
import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import { ApiError, callApi, NO_REPEAT_MESSAGE, setApiErrorHandler } from '../src/api-client';
import { axiosClient } from '../src/internal/axios-client';
import { setToken } from '../src/session';

let requests: InternalAxiosRequestConfig[] = [];
let answer: { status: number; data: unknown } | Error = {
  status: 200,
  data: { success: true, result: null, message: null, errorCode: null },
};

const adapter: AxiosAdapter = async (config) => {
  requests.push(config);
  if (answer instanceof Error) throw answer;
  const response = { data: answer.data, status: answer.status, statusText: '', headers: {}, config };
  if (answer.status >= 400) {
    const { AxiosError } = await import('axios');
    throw new AxiosError('Request failed', 'ERR_BAD_REQUEST', config, null, response);
  }
  return response;
};

beforeEach(() => {
  requests = [];
  axiosClient.defaults.adapter = adapter;
  setToken(null);
});

afterEach(() => {
  setApiErrorHandler(null);
  rs.useRealTimers();
});

describe('callApi', () => {
  test('POSTs JSON to /api/<module>/<action> with the token and the page URL, and resolves with result', async () => {
    setToken('tok-1');
    answer = { status: 200, data: { success: true, result: { id: 7 }, message: null, errorCode: null } };
    await expect(callApi('task/getTaskProcess', { id: '7' })).resolves.toEqual({ id: 7 });
    const [request] = requests;
    expect(request?.method).toBe('post');
    expect(request?.baseURL).toBe('/api');
    expect(request?.url).toBe('/task/getTaskProcess');
    expect(JSON.parse(String(request?.data))).toEqual({ id: '7' });
    expect(request?.headers.get('Authorization')).toBe('Bearer tok-1');
    expect(request?.headers.get('X-Request-Page-Url')).toBe(window.location.href);
    expect(request?.timeout).toBe(50_000);
  });

  test('an answer with success false rejects with its message and errorCode, through the error handler', async () => {
    const seen: ApiError[] = [];
    setApiErrorHandler((error) => seen.push(error));
    answer = { status: 200, data: { success: false, result: null, message: '任务已存在', errorCode: 2001 } };
    const error = await callApi('task/createLoginTask', {
      nsrsbh: '91330106MA2KD0T7XR',
      userId: '00000000-0000-4000-8000-000000000001',
      loginMethod: '2',
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).errorCode).toBe(2001);
    expect((error as ApiError).message).toBe('任务已存在');
    expect(seen).toHaveLength(1);
  });

  test('an HTTP error with the envelope keeps the server message; a network error has no code', async () => {
    answer = { status: 400, data: { success: false, result: null, message: 'id 必须是字符串', errorCode: 4000 } };
    // A body the contract would not type: what a remote built against an older contract might still send.
    const bad = (await callApi('task/getTaskDetail', { id: 1 } as never).catch((e: unknown) => e)) as ApiError;
    expect(bad.message).toBe('id 必须是字符串');
    expect(bad.status).toBe(400);
    answer = new Error('Network Error');
    const offline = (await callApi('sysConfig/get').catch((e: unknown) => e)) as ApiError;
    expect(offline.errorCode).toBeNull();
    expect(offline.status).toBeNull();
  });

  test("an answer without the envelope (a proxy's error page) is a failure with its status, in Chinese", async () => {
    answer = { status: 502, data: '<html>Bad Gateway</html>' };
    const failure = (await callApi('sysConfig/get').catch((e: unknown) => e)) as ApiError;
    expect(failure).toMatchObject({ message: '请求失败,请重试（502）', errorCode: null, status: 502 });
    answer = { status: 200, data: 'not json' };
    await expect(callApi('sysConfig/get')).rejects.toMatchObject({ message: '请求失败,请重试', errorCode: null, status: 200 });
  });

  test('no-repeat calls with the same path and payload within 2 s are refused on the client', async () => {
    rs.useFakeTimers({ now: 0 });
    answer = { status: 200, data: { success: true, result: 1, message: null, errorCode: null } };
    const account = { loginIdentity: '03', personName: '李明', phone: '13800001111' } as const;
    await callApi('taxAccount/setTaxAccount', account, { noRepeat: true });
    await expect(callApi('taxAccount/setTaxAccount', account, { noRepeat: true })).rejects.toThrow(NO_REPEAT_MESSAGE);
    await callApi('taxAccount/setTaxAccount', { ...account, personName: '王芳' }, { noRepeat: true });
    rs.setSystemTime(2_000);
    await callApi('taxAccount/setTaxAccount', account, { noRepeat: true });
    expect(requests).toHaveLength(3);
  });
});
