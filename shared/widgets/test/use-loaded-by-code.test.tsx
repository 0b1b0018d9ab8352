import { afterEach, describe, expect, test } from '@rstest/core';
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { ApiError } from '@app/host-sdk/api-client';
import { useLoadedByCode } from '../src/use-loaded-by-code';

afterEach(cleanup);

/** A load answered by the test: each call takes the next answer. */
function answers(...queue: (string | Error)[]) {
  const calls: string[] = [];
  const load = async (code: string) => {
    calls.push(code);
    const next = queue.shift();
    if (next instanceof Error) throw next;
    return `${code}:${next ?? 'last'}`;
  };
  return { load, calls };
}

describe('useLoadedByCode', () => {
  test('loading, then ready; 4004 and 4000 are missing; 1004 refused; another failure says why', async () => {
    const { load } = answers('a');
    const ready = renderHook(() => useLoadedByCode('t-1', load, undefined));
    expect(ready.result.current.loaded).toEqual({ state: 'loading' });
    await waitFor(() => expect(ready.result.current.loaded).toEqual({ state: 'ready', value: 't-1:a', code: 't-1' }));
    const missing = renderHook(() => useLoadedByCode('t-2', answers(new ApiError('不存在', 4004, 404)).load, undefined));
    await waitFor(() => expect(missing.result.current.loaded).toEqual({ state: 'missing' }));
    const failed = renderHook(() => useLoadedByCode('t-3', answers(new ApiError('服务暂时不可用', 5000, 500)).load, undefined));
    await waitFor(() => expect(failed.result.current.loaded).toEqual({ state: 'failed', message: '服务暂时不可用', offline: false }));
    const refused = renderHook(() => useLoadedByCode('t-4', answers(new ApiError('无权查看该企业的票夹', 1004, 403)).load, undefined));
    await waitFor(() => expect(refused.result.current.loaded).toEqual({ state: 'refused', message: '无权查看该企业的票夹' }));
  });

  test('an empty code is missing at once, and nothing is asked', async () => {
    const { load, calls } = answers('a');
    const { result } = renderHook(() => useLoadedByCode('', load, undefined));
    await waitFor(() => expect(result.current.loaded).toEqual({ state: 'missing' }));
    expect(calls).toEqual([]);
  });

  test('already there (the first screen the server painted): ready from the first render, nothing asked until a refresh', async () => {
    const { load, calls } = answers('newer');
    const { result } = renderHook(() => useLoadedByCode('t-5', load, undefined, 't-5:painted'));
    expect(result.current.loaded).toEqual({ state: 'ready', value: 't-5:painted', code: 't-5' });
    expect(result.current.settled).toBe(1);
    expect(calls).toEqual([]);
    act(() => result.current.refresh());
    await waitFor(() => expect(result.current.loaded).toEqual({ state: 'ready', value: 't-5:newer', code: 't-5' }));
    expect(calls).toEqual(['t-5']);
  });

  test('retry shows loading again; refresh keeps what is shown until the newer copy comes, and keeps it when it fails', async () => {
    const { load, calls } = answers('a', 'b', 'c', new ApiError('网络不稳定', null, null));
    const { result } = renderHook(() => useLoadedByCode('t-1', load, undefined));
    await waitFor(() => expect(result.current.loaded).toMatchObject({ state: 'ready', value: 't-1:a' }));
    act(() => result.current.retry());
    expect(result.current.loaded).toEqual({ state: 'loading' });
    await waitFor(() => expect(result.current.loaded).toMatchObject({ state: 'ready', value: 't-1:b' }));
    act(() => result.current.refresh());
    expect(result.current.loaded).toMatchObject({ state: 'ready', value: 't-1:b' });
    await waitFor(() => expect(result.current.loaded).toMatchObject({ state: 'ready', value: 't-1:c' }));
    act(() => result.current.refresh());
    await waitFor(() => expect(calls).toHaveLength(4));
    expect(result.current.loaded).toMatchObject({ state: 'ready', value: 't-1:c' });
  });
});
