import { afterEach, expect, rs, test } from '@rstest/core';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Dropdown } from '@app/ui/dropdown';
import { FilterBar, FilterChoice } from '../src/list-filters';

afterEach(cleanup);

const KINDS = [
  { value: 'blue', label: '蓝票' },
  { value: 'red', label: '红票' },
] as const;

test('a filter is a single choice among the options and 全部; 全部 is no filter', async () => {
  const pick = rs.fn();
  render(
    <FilterBar>
      <Dropdown.Item key="kind" title="全部发票">
        <FilterChoice options={KINDS} value="blue" allLabel="全部发票" onPick={pick} />
      </Dropdown.Item>
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
