import { afterEach, expect, test } from '@rstest/core';
import { screen, waitFor } from '@testing-library/react';
import { setupUi } from '../src/setup';
import { Toast } from '../src/toast';

afterEach(() => Toast.clear());

/** Keeps the main thread busy, as a slow phone or a loaded machine does between a call and the next frame. */
function busyFor(ms: number) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    // Busy: no timer, render or frame runs meanwhile.
  }
}

test('a toast drawn after more than its duration is still shown, and closes its duration after it was drawn', async () => {
  setupUi();
  Toast.show({ content: '已提交', duration: 300 });
  busyFor(400);
  expect(await screen.findByText('已提交')).toBeTruthy();
  await waitFor(() => expect(screen.queryByText('已提交')).toBeNull());
});
