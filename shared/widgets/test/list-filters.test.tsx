import { afterEach, expect, rs, test } from '@rstest/core';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createRef } from 'react';
import { FilterBar, FilterChoice, filteredEmpty, FilterMenu, type FilterBarHandle } from '../src/list-filters';

afterEach(cleanup);

const KINDS = [
  { value: 'blue', label: '蓝票' },
  { value: 'red', label: '红票' },
] as const;

test('a filter is a single choice among the options and 全部; 全部 is no filter', async () => {
  const pick = rs.fn();
  render(
    <FilterBar>
      <FilterMenu key="kind" title="全部发票">
        <FilterChoice options={KINDS} value="blue" allLabel="全部发票" onPick={pick} />
      </FilterMenu>
    </FilterBar>,
  );
  fireEvent.click(screen.getByText('全部发票'));
  fireEvent.click(await screen.findByText('红票'));
  expect(pick).toHaveBeenLastCalledWith('red');
  fireEvent.click(screen.getAllByText('全部发票').at(-1) as HTMLElement);
  expect(pick).toHaveBeenLastCalledWith(null);
  // The chosen one tapped again: still chosen (antd-mobile's Selector would clear it).
  const calls = pick.mock.calls.length;
  fireEvent.click(screen.getByText('蓝票'));
  expect(pick.mock.calls.length).toBe(calls);
});

test('the closed bar draws every menu (a set filter highlighted) without the dropdown; a tap opens that menu, close() closes it', async () => {
  const bar = createRef<FilterBarHandle>();
  render(
    <FilterBar ref={bar}>
      <FilterMenu key="kind" title="红票" highlight>
        <FilterChoice options={KINDS} value="red" onPick={() => undefined} />
      </FilterMenu>
      <FilterMenu key="month" title="全部月份">
        <p>月份</p>
      </FilterMenu>
    </FilterBar>,
  );
  const items = screen.getAllByRole('button');
  expect(items.map((item) => item.textContent)).toEqual(['红票', '全部月份']);
  expect(items[0]?.className).toContain('adm-dropdown-item-highlight');
  expect(screen.queryByText('月份')).toBeNull();
  fireEvent.click(screen.getByText('全部月份'));
  expect(await screen.findByText('月份')).toBeTruthy();
  await waitFor(() => expect(document.querySelector('.adm-dropdown-item-active')?.textContent).toBe('全部月份'));
  act(() => bar.current?.close());
  await waitFor(() => expect(document.querySelector('.adm-dropdown-item-active')).toBeNull());
});

test('filteredEmpty: 清除筛选 with a filter set, else what the list is for and its first step', () => {
  const clear = rs.fn();
  const first = rs.fn();
  const { unmount } = render(filteredEmpty({ filtered: true, noMatch: '没有符合条件的发票', onClear: clear, empty: '还没有发票' }).action);
  fireEvent.click(screen.getByRole('button', { name: '清除筛选' }));
  expect(clear).toHaveBeenCalledTimes(1);
  unmount();
  const none = filteredEmpty({
    filtered: false,
    noMatch: '没有符合条件的发票',
    onClear: clear,
    empty: '还没有发票',
    first: { text: '导入发票', onClick: first },
  });
  expect(none.description).toBe('还没有发票');
  render(none.action);
  fireEvent.click(screen.getByRole('button', { name: '导入发票' }));
  expect(first).toHaveBeenCalledTimes(1);
  expect(filteredEmpty({ filtered: false, noMatch: '', onClear: clear, empty: '本月暂无收支' })).toEqual({ description: '本月暂无收支' });
});
