/**
 * A page's first render draws the answer its page carries for the session (carried-result.ts): in the browser the one
 * the early calls hold from the page, in a first screen the server paints the one it paints from; once drawn, the
 * same call asks the server.
 */
import { afterEach, beforeEach, describe, expect, test } from '@rstest/core';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import { Activity, useEffect, useState } from 'react';
import { callApi } from '../src/api-client';
import { carriedResult, useCarriedResult } from '../src/carried-result';
import { axiosClient } from '../src/internal/axios-client';
import { ANSWER_FRESH_MS, earlyCalls, type EarlyAnswer } from '../src/internal/early-calls-slot';
import { paintingFrom } from '../src/internal/painted-answers';
import { setToken } from '../src/session';

const envelope = (result: unknown) => JSON.stringify({ success: true, result, message: null, errorCode: null });
const firstPage = { total: 1, list: [{ id: 'p-1' }], incomeFen: 100, expenseFen: 0 };
const body = { month: '2026-12', page: 1 };

let sent: InternalAxiosRequestConfig[] = [];
const network: AxiosAdapter = async (config) => {
  sent.push(config);
  return { data: envelope({ total: 0, list: [], incomeFen: 0, expenseFen: 0 }), status: 200, statusText: '', headers: {}, config };
};

/** An early call as the early script leaves it: with the page's answer (`carried`) or only sent. */
function early(carried: EarlyAnswer | null, { text = JSON.stringify(body), token = 'tok-1', sentAt = performance.now() } = {}) {
  const answer = carried ?? { status: 200, text: envelope(firstPage) };
  earlyCalls().push({
    path: 'payment/list',
    body: text,
    authorization: `Bearer ${token}`,
    sentAt,
    answer: Promise.resolve(answer),
    ...(carried ? { carried } : {}),
  });
}

beforeEach(() => {
  sent = [];
  earlyCalls().length = 0;
  axiosClient.defaults.adapter = network;
  setToken('tok-1');
});

afterEach(() => {
  cleanup();
  earlyCalls().length = 0;
});

describe('carriedResult', () => {
  test("the page's answer for the session, with the body's keys in any order, is there at once", () => {
    early({ status: 200, text: envelope(firstPage) }, { text: '{"page":1,"month":"2026-12"}' });
    expect(carriedResult('payment/list', body)).toEqual(firstPage);
    // Only looked at: the call still takes it.
    expect(earlyCalls()).toHaveLength(1);
  });

  test("none for an answer still on its way, another session's, another body or a refusal", () => {
    early(null);
    expect(carriedResult('payment/list', body)).toBeUndefined();
    earlyCalls().length = 0;
    early({ status: 200, text: envelope(firstPage) }, { token: 'someone-else' });
    expect(carriedResult('payment/list', body)).toBeUndefined();
    earlyCalls().length = 0;
    early({ status: 200, text: envelope(firstPage) });
    expect(carriedResult('payment/list', { ...body, month: '2026-11' })).toBeUndefined();
    earlyCalls().length = 0;
    early({ status: 200, text: JSON.stringify({ success: false, result: null, message: '无权限', errorCode: 1003 }) });
    expect(carriedResult('payment/list', body)).toBeUndefined();
  });

  test('an answer the page carries is drawn however long the app took to start; a call made that late asks the server', async () => {
    early({ status: 200, text: envelope(firstPage) }, { sentAt: performance.now() - ANSWER_FRESH_MS - 1 });
    expect(carriedResult('payment/list', body)).toEqual(firstPage);
    await expect(callApi('payment/list', body)).resolves.toEqual({ total: 0, list: [], incomeFen: 0, expenseFen: 0 });
    expect(sent).toHaveLength(1);
  });

  test('a paint reads the answers it paints from, and only while it paints', () => {
    const answers = [{ path: 'payment/list', body: { page: 1, month: '2026-12' }, result: firstPage }];
    expect(paintingFrom(answers, () => carriedResult('payment/list', body))).toEqual(firstPage);
    expect(paintingFrom(answers, () => carriedResult('payment/list', { ...body, page: 2 }))).toBeUndefined();
    expect(carriedResult('payment/list', body)).toBeUndefined();
  });
});

function Rows() {
  const first = useCarriedResult('payment/list', body);
  const [rows, setRows] = useState(() => first?.list.map((row) => row.id) ?? []);
  useEffect(() => {
    if (first) return;
    void callApi('payment/list', body).then((page) => setRows(page.list.map((row) => row.id)));
  }, [first]);
  const refresh = () => void callApi('payment/list', body).then((page) => setRows(page.list.map((row) => row.id)));
  return (
    <>
      <p>{rows.length ? rows.join(',') : '无'}</p>
      <button type="button" onClick={refresh}>
        刷新
      </button>
    </>
  );
}

describe('useCarriedResult', () => {
  test('the first render draws the carried answer; a later call of the same asks the server', async () => {
    early({ status: 200, text: envelope(firstPage) });
    render(<Rows />);
    expect(screen.getByText('p-1')).toBeTruthy();
    expect(sent).toHaveLength(0);
    screen.getByRole('button', { name: '刷新' }).click();
    await waitFor(() => expect(screen.getByText('无')).toBeTruthy());
    expect(sent.map((config) => config.url)).toEqual(['/payment/list']);
  });

  test('shown again (its effects run again), it takes nothing else: another early call of the path stays', async () => {
    early({ status: 200, text: envelope(firstPage) });
    const { rerender } = render(
      <Activity mode="visible">
        <Rows />
      </Activity>,
    );
    expect(screen.getByText('p-1')).toBeTruthy();
    expect(earlyCalls()).toHaveLength(0);
    early(null, { text: JSON.stringify({ ...body, page: 2 }) });
    for (const mode of ['hidden', 'visible'] as const) {
      rerender(
        <Activity mode={mode}>
          <Rows />
        </Activity>,
      );
    }
    expect(earlyCalls()).toHaveLength(1);
  });

  test('without a carried answer the page asks, and the early answer still stands for its call', async () => {
    early(null);
    render(<Rows />);
    await waitFor(() => expect(screen.getByText('p-1')).toBeTruthy());
    expect(sent).toHaveLength(0);
  });
});
