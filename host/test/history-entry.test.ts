/**
 * The page's first history entry is numbered before the router is made (router/history-entry.ts), so that React
 * Router's browser history finds its number and does not replace the entry again in the router's own task.
 */
import { afterEach, beforeEach, describe, expect, rs, test } from '@rstest/core';
import { createBrowserRouter } from 'react-router-dom';
import { numberFirstHistoryEntry } from '../src/router/history-entry';

const ROUTES = [{ path: '*', element: null }];

describe('numberFirstHistoryEntry', () => {
  beforeEach(() => {
    window.history.replaceState(null, '', '/invoice/create?from=menu');
  });

  afterEach(() => {
    rs.restoreAllMocks();
  });

  test('numbers an entry that has no number, keeping its state and its address', () => {
    window.history.replaceState({ usr: { from: 'menu' } }, '');
    numberFirstHistoryEntry();
    expect(window.history.state).toEqual({ usr: { from: 'menu' }, idx: 0 });
    expect(window.location.pathname + window.location.search).toBe('/invoice/create?from=menu');
  });

  test('leaves a numbered entry as it is (a reload, or back into the app)', () => {
    window.history.replaceState({ usr: null, key: 'k1', idx: 3 }, '');
    const replace = rs.spyOn(window.history, 'replaceState');
    numberFirstHistoryEntry();
    expect(replace).not.toHaveBeenCalled();
    expect(window.history.state).toEqual({ usr: null, key: 'k1', idx: 3 });
  });

  test("React Router's browser router then makes no same-document navigation of its own", () => {
    numberFirstHistoryEntry();
    const replace = rs.spyOn(window.history, 'replaceState');
    const router = createBrowserRouter(ROUTES);
    expect(replace).not.toHaveBeenCalled();
    router.dispose();
  });

  test('without it, the router replaces the entry to number it (what the step saves its task)', () => {
    const replace = rs.spyOn(window.history, 'replaceState');
    const router = createBrowserRouter(ROUTES);
    expect(replace).toHaveBeenCalledTimes(1);
    expect(window.history.state).toMatchObject({ idx: 0 });
    router.dispose();
  });
});
