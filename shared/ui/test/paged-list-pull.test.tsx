/**
 * PagedList when pull to refresh arrives around its rows (@app/ui/refresh-on-pull, at the first touch here) while the
 * next page is loading: the rows stay the same elements, and the page is asked for once. In a file of its own, so that
 * the gesture is not loaded yet when the list first shows.
 */
import { afterEach, expect, test } from '@rstest/core';
import { useListPageEnvironment } from '../test-support/list-layout';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { PagedList } from '../src/paged-list';
import type { PagedResult } from '../src/paging';

interface Row {
  id: string;
}

const pageOf = (page: number): PagedResult<Row> => ({
  total: 60,
  list: Array.from({ length: 20 }, (_, index) => ({ id: `r-${(page - 1) * 20 + index + 1}` })),
});

useListPageEnvironment();
afterEach(cleanup);

test('the rows stay as they are when the gesture arrives, and the next page is asked for once', async () => {
  const asked: number[] = [];
  let releasePage2: () => void = () => undefined;
  const page2 = new Promise<void>((resolve) => (releasePage2 = resolve));
  const load = async (page: number) => {
    asked.push(page);
    if (page === 2) await page2;
    return pageOf(page);
  };
  const { container } = render(
    <PagedList<Row>
      queryKey="all"
      load={load}
      itemKey={(row) => row.id}
      renderItem={(row) => <span>{row.id}</span>}
      empty={{ description: '空' }}
    />,
  );
  await waitFor(() => expect(asked).toEqual([1, 2]));
  expect(container.querySelector('.adm-pull-to-refresh')).toBeNull();

  const firstRow = screen.getByText('r-1');
  fireEvent.touchStart(window);
  await waitFor(() => expect(container.querySelector('.adm-pull-to-refresh')).not.toBeNull());
  expect(screen.getByText('r-1')).toBe(firstRow);
  releasePage2();
  await waitFor(() => expect(screen.getByText('r-60')).toBeTruthy());
  expect(asked).toEqual([1, 2, 3]);
});
