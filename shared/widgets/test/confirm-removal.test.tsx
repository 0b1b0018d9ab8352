import { afterEach, expect, rs, test } from '@rstest/core';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderPage } from '@app/host-sdk/testing';
import { confirmRemoval } from '../src/confirm-removal';

afterEach(async () => {
  cleanup();
  // The dialog of one test is gone before the next opens its own.
  await waitFor(() => expect(document.querySelector('.adm-dialog')).toBeNull());
});

function ask(remove: () => Promise<string | null>, onFailure?: (error: unknown) => void) {
  renderPage(<p>抬头</p>);
  let result: Promise<boolean> = Promise.resolve(false);
  act(() => {
    result = confirmRemoval({ title: '删除抬头', content: '确定删除“甲公司”吗？', remove, ...(onFailure ? { onFailure } : {}) });
  });
  return () => result;
}

async function dialogButton(name: string): Promise<HTMLElement> {
  await screen.findByText('确定删除“甲公司”吗？');
  return within(document.querySelector('.adm-dialog') as HTMLElement).getByRole('button', { name });
}

test('asked first: kept, nothing is removed', async () => {
  const remove = rs.fn(async () => '已删除');
  const result = ask(remove);
  expect(await screen.findByText('确定删除“甲公司”吗？')).toBeTruthy();
  fireEvent.click(await dialogButton('取消'));
  expect(await result()).toBe(false);
  expect(remove).not.toHaveBeenCalled();
});

test('confirmed: removed, and the toast says so', async () => {
  const remove = rs.fn(async () => '已删除');
  const result = ask(remove);
  fireEvent.click(await dialogButton('删除'));
  expect(await result()).toBe(true);
  expect(remove).toHaveBeenCalledTimes(1);
  expect(await screen.findByText('已删除')).toBeTruthy();
});

test('a failure goes to the page when it explains it', async () => {
  const failure = new Error('企业至少需要一名管理员');
  const onFailure = rs.fn();
  const result = ask(() => Promise.reject(failure), onFailure);
  fireEvent.click(await dialogButton('删除'));
  expect(await result()).toBe(false);
  await waitFor(() => expect(onFailure).toHaveBeenCalledWith(failure));
});
