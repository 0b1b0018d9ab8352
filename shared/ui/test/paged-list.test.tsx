import { afterEach, describe, expect, rs, test } from '@rstest/core';
import { useListPageEnvironment } from '../test-support/list-layout';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createRef } from 'react';
import { PagedList, type PagedListHandle } from '../src/paged-list';
import type { PagedResult } from '../src/paging';

interface Row {
  id: string;
  name: string;
}

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((ok, fail) => {
    resolve = ok;
    reject = fail;
  });
  return { promise, resolve, reject };
}

/** Page `page` of a list of `total` rows named `${prefix}-<n>`. */
function pageOf(prefix: string, total: number, page: number): PagedResult<Row> {
  const start = (page - 1) * 20;
  const count = Math.max(0, Math.min(20, total - start));
  return {
    total,
    list: Array.from({ length: count }, (_, index) => ({
      id: `${prefix}-${start + index + 1}`,
      name: `${prefix} 第${start + index + 1}行`,
    })),
  };
}

const rows = () => screen.queryAllByRole('listitem');

function List(props: {
  queryKey?: string;
  load: (page: number) => Promise<PagedResult<Row>>;
  listRef?: React.Ref<PagedListHandle>;
  first?: PagedResult<Row>;
}) {
  return (
    <PagedList<Row>
      queryKey={props.queryKey ?? 'all'}
      load={props.load}
      itemKey={(row) => row.id}
      renderItem={(row) => <span>{row.name}</span>}
      empty={{ description: '还没有抬头', action: <button type="button">新增抬头</button> }}
      header={<div>筛选条件</div>}
      ref={props.listRef}
      first={props.first}
    />
  );
}

useListPageEnvironment();
afterEach(() => {
  rs.useRealTimers();
  cleanup();
});

/** Under fake timers, runs every pending timer (the scroll check's throttle among them) until none is left. */
const settle = () =>
  act(async () => {
    await rs.runAllTimersAsync();
  });

describe('PagedList', () => {
  test('a skeleton while the first page loads, then the rows', async () => {
    const first = deferred<PagedResult<Row>>();
    render(<List load={(page) => (page === 1 ? first.promise : Promise.resolve(pageOf('r', 3, page)))} />);
    expect(screen.getByLabelText('加载中')).toBeTruthy();
    expect(screen.getByText('筛选条件')).toBeTruthy();
    expect(rows()).toHaveLength(0);
    await act(async () => first.resolve(pageOf('r', 3, 1)));
    expect(rows().map((row) => row.textContent)).toEqual(['r 第1行', 'r 第2行', 'r 第3行']);
    expect(screen.queryByLabelText('加载中')).toBeNull();
    expect(await screen.findByText('没有更多了')).toBeTruthy();
  });

  test('an empty list shows the description and the next action', async () => {
    const load = rs.fn(async () => ({ list: [], total: 0 }));
    render(<List load={load} />);
    expect(await screen.findByText('还没有抬头')).toBeTruthy();
    expect(screen.getByRole('button', { name: '新增抬头' })).toBeTruthy();
    expect(screen.getByText('筛选条件')).toBeTruthy();
    expect(screen.queryByText('没有更多了')).toBeNull();
    expect(load).toHaveBeenCalledTimes(1);
  });

  test('a failed first page shows the error with 重试, which loads it again', async () => {
    let fail = true;
    const load = rs.fn(async (page: number) => {
      if (fail) throw new Error('网络开小差了');
      return pageOf('r', 2, page);
    });
    render(<List load={load} />);
    expect(await screen.findByText('加载失败')).toBeTruthy();
    expect(screen.getByText('网络开小差了')).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: '重试' }));
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(screen.queryByText('加载失败')).toBeNull();
    expect(load.mock.calls.map(([page]) => page)).toEqual([1, 1]);
  });

  test('a library’s own error text is not shown: the user reads a Chinese hint', async () => {
    render(<List load={async () => Promise.reject(new Error('Network Error'))} />);
    expect(await screen.findByText('请检查网络后重试')).toBeTruthy();
    expect(screen.queryByText('Network Error')).toBeNull();
  });

  test('scrolling to the end appends the next pages and stops at total', async () => {
    rs.useFakeTimers({ shouldAdvanceTime: true });
    const load = rs.fn(async (page: number) => pageOf('r', 45, page));
    render(<List load={load} />);
    await waitFor(() => expect(rows()).toHaveLength(45));
    expect(rows()[20]?.textContent).toBe('r 第21行');
    expect(rows()[44]?.textContent).toBe('r 第45行');
    expect(await screen.findByText('没有更多了')).toBeTruthy();
    await settle();
    expect(load.mock.calls.map(([page]) => page)).toEqual([1, 2, 3]);
  });

  // Fifty pages of rendering: a budget that a busy machine (several times slower) still keeps; it ends at the marker.
  test('stops at 1000 items however large total is', { timeout: 150_000 }, async () => {
    rs.useFakeTimers({ shouldAdvanceTime: true });
    const load = rs.fn(async (page: number) => pageOf('r', 5000, page));
    const { container } = render(<List load={load} />);
    // waitFor runs its check on every change of the DOM: a query of the whole text of a thousand rows on each of them
    // made the test quadratic, so it checks for the end marker by its class, then by its text.
    await waitFor(() => expect(container.querySelector('.app-paged-list__end')).not.toBeNull(), { timeout: 140_000 });
    expect(screen.getByText('没有更多了')).toBeTruthy();
    expect(rows()).toHaveLength(1000);
    await settle();
    expect(load).toHaveBeenCalledTimes(50);
  });

  test('a failed later page keeps the rows and offers 重新加载', async () => {
    let failPage2 = true;
    const load = rs.fn(async (page: number) => {
      if (page === 2 && failPage2) throw new Error('超时');
      return pageOf('r', 30, page);
    });
    render(<List load={load} />);
    expect(await screen.findByText('重新加载')).toBeTruthy();
    expect(rows()).toHaveLength(20);
    failPage2 = false;
    fireEvent.click(screen.getByText('重新加载'));
    await waitFor(() => expect(rows()).toHaveLength(30));
    expect(await screen.findByText('没有更多了')).toBeTruthy();
  });

  test('a new queryKey resets to the skeleton and page 1; a late answer for the old key is ignored', async () => {
    const answers = new Map<string, ReturnType<typeof deferred<PagedResult<Row>>>>();
    const loadFor = (key: string) => (page: number) => {
      const answer = deferred<PagedResult<Row>>();
      answers.set(`${key}:${page}`, answer);
      return answer.promise;
    };
    const { rerender } = render(<List queryKey="a" load={loadFor('a')} />);
    await act(async () => answers.get('a:1')!.resolve(pageOf('a', 2, 1)));
    expect(rows().map((row) => row.textContent)).toEqual(['a 第1行', 'a 第2行']);

    rerender(<List queryKey="b" load={loadFor('b')} />);
    expect(screen.getByLabelText('加载中')).toBeTruthy();
    expect(rows()).toHaveLength(0);
    rerender(<List queryKey="c" load={loadFor('c')} />);
    await act(async () => answers.get('c:1')!.resolve(pageOf('c', 1, 1)));
    // b answers after c: too late.
    await act(async () => answers.get('b:1')!.resolve(pageOf('b', 3, 1)));
    expect(rows().map((row) => row.textContent)).toEqual(['c 第1行']);
    // The same key again (a re-render, or the page shown again from the page cache) loads nothing.
    rerender(<List queryKey="c" load={loadFor('c')} />);
    expect(answers.has('c:2')).toBe(false);
    expect([...answers.keys()]).toEqual(['a:1', 'b:1', 'c:1']);
  });

  test('a first page at hand is drawn in the first render and not asked for; the next page, a reload and a new query are', async () => {
    rs.useFakeTimers();
    const load = rs.fn((page: number) => Promise.resolve(pageOf('r', 25, page)));
    const listRef = createRef<PagedListHandle>();
    const { rerender } = render(<List load={load} listRef={listRef} first={pageOf('r', 25, 1)} />);
    expect(rows()).toHaveLength(20);
    expect(screen.queryByLabelText('加载中')).toBeNull();
    await settle();
    // The infinite scroll asks for page 2 on its own (the list's end is in view), never page 1.
    expect(load.mock.calls.map(([page]) => page)).toEqual([2]);
    expect(rows()).toHaveLength(25);
    await act(() => listRef.current!.reload());
    expect(load.mock.calls.map(([page]) => page).slice(0, 2)).toEqual([2, 1]);
    const before = load.mock.calls.length;
    // `first` stands for the first query only.
    rerender(<List load={load} listRef={listRef} queryKey="other" first={pageOf('r', 25, 1)} />);
    await settle();
    expect(load.mock.calls[before]?.[0]).toBe(1);
  });

  test('reload() through the ref fetches page 1 again while the rows stay', async () => {
    let version = 1;
    const listRef = createRef<PagedListHandle>();
    const next = deferred<PagedResult<Row>>();
    const load = rs.fn((page: number) => (version === 1 ? Promise.resolve(pageOf('v1', 2, page)) : next.promise));
    render(<List load={load} listRef={listRef} />);
    await waitFor(() => expect(rows()).toHaveLength(2));
    version = 2;
    let done = false;
    act(() => {
      void listRef.current!.reload().then(() => (done = true));
    });
    expect(screen.queryByLabelText('加载中')).toBeNull();
    expect(rows()).toHaveLength(2);
    await act(async () => next.resolve(pageOf('v2', 1, 1)));
    expect(rows().map((row) => row.textContent)).toEqual(['v2 第1行']);
    expect(done).toBe(true);
  });
});
