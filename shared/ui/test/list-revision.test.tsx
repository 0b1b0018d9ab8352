import { afterEach, expect, test } from '@rstest/core';
import { act, cleanup, render, screen } from '@testing-library/react';
import { createRevision } from '../src/list-revision';

afterEach(cleanup);

test('a change made through `after` is noted once it is made, and a failed one is not', async () => {
  const titles = createRevision();
  function Shown() {
    return <p>revision {titles.use()}</p>;
  }
  render(<Shown />);
  expect(screen.getByText('revision 0')).toBeTruthy();
  await act(async () => expect(await titles.after(Promise.resolve('saved'))).toBe('saved'));
  expect(screen.getByText('revision 1')).toBeTruthy();
  await act(() => expect(titles.after(Promise.reject(new Error('请求失败')))).rejects.toThrow('请求失败'));
  expect(screen.getByText('revision 1')).toBeTruthy();
});
