import { afterEach, expect, rs, test } from '@rstest/core';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { renderPage } from '@app/host-sdk/testing';
import { AddableList } from '../src/addable-list';

afterEach(cleanup);

const page = (names: string[]) => Promise.resolve({ total: names.length, list: names });

function List({ names, keyword = '', add }: { names: string[]; keyword?: string; add?: () => void }) {
  return (
    <AddableList<string>
      queryKey={`names:${keyword}`}
      keyword={keyword}
      load={() => page(names)}
      itemKey={(name) => name}
      renderItem={(name) => <p>{name}</p>}
      emptyText="还没有抬头"
      notFoundText="没有找到相关抬头"
      {...(add ? { add: { text: '新增抬头', onAdd: add } } : {})}
    />
  );
}

test("with rows, the way to add is the bottom bar's button", async () => {
  const add = rs.fn();
  renderPage(<List names={['甲公司', '乙公司']} add={add} />);
  expect(await screen.findByText('乙公司')).toBeTruthy();
  fireEvent.click(screen.getByRole('button', { name: '新增抬头' }));
  expect(add).toHaveBeenCalled();
});

test('empty, the empty state offers it instead, once', async () => {
  renderPage(<List names={[]} add={() => undefined} />);
  expect(await screen.findByText('还没有抬头')).toBeTruthy();
  await waitFor(() => expect(screen.getAllByRole('button', { name: '新增抬头' })).toHaveLength(1));
});

test('a search that finds nothing says so, and a user who may not add gets no button', async () => {
  renderPage(<List names={[]} keyword="丙" add={() => undefined} />);
  expect(await screen.findByText('没有找到相关抬头')).toBeTruthy();
  cleanup();
  renderPage(<List names={['甲公司']} />);
  expect(await screen.findByText('甲公司')).toBeTruthy();
  expect(screen.queryByRole('button', { name: '新增抬头' })).toBeNull();
});
