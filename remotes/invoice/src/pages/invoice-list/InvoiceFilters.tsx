/**
 * The bar above the invoice list: a search over buyer names and numbers, and a dropdown each for the colour (蓝票 /
 * 红票), the status, the month (recent months at a tap, older ones through a month picker) and 发送失败 (invoices whose
 * delivery failed).
 */
import { recentChinaMonths } from '@app/domain/china-time';
import { lazy, useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { InvoiceKind, InvoiceStatus } from '@app/domain/invoice-document';
import { Button } from '@app/ui/button';
import { SearchBar } from '@app/ui/search-bar';
import { FilterBar, FilterChoice, FilterMenu, type FilterBarHandle } from '@app/widgets/list-filters';
import { WhenOpened } from '@app/widgets/when-opened';
import { DELIVERY_FAILED, DELIVERY_OPTIONS, KIND_OPTIONS, kindLabel, STATUS_OPTIONS, type ListFilters } from './list-filters';

// The month picker (and the picker-view code behind it) is fetched when the user first asks for an older month.
const ChinaDatePicker = lazy(() => import('@app/widgets/china-date-picker').then((module) => ({ default: module.ChinaDatePicker })));

/** Typing waits this long for a pause before the list searches. */
const SEARCH_PAUSE_MS = 400;
const RECENT_MONTHS = 12;
/** The month picker goes back this far (digital invoices exist since 2021). */
const EARLIEST_MONTH = '2021-01';

export interface InvoiceFiltersProps {
  filters: ListFilters;
  onChange(filters: ListFilters): void;
}

function monthLabel(month: string): string {
  const [year, number] = month.split('-');
  return `${year}年${Number(number)}月`;
}

export function InvoiceFilters({ filters, onChange }: InvoiceFiltersProps) {
  const dropdown = useRef<FilterBarHandle>(null);
  const [keyword, setKeyword] = useState(filters.keyword);
  const [pickingMonth, setPickingMonth] = useState(false);
  // The latest props, read when the typing pause ends.
  const latest = useRef({ filters, onChange });
  useLayoutEffect(() => {
    latest.current = { filters, onChange };
  });

  useEffect(() => {
    if (keyword.trim() === latest.current.filters.keyword.trim()) return;
    const timer = setTimeout(() => latest.current.onChange({ ...latest.current.filters, keyword }), SEARCH_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [keyword]);

  // Filters cleared from outside (清除筛选) empty the search box too: when the keyword changes to nothing, not on the
  // first render, where the box may hold what was typed into the painted page before the app hydrated it.
  const [searchedKeyword, setSearchedKeyword] = useState(filters.keyword);
  if (filters.keyword !== searchedKeyword) {
    setSearchedKeyword(filters.keyword);
    if (filters.keyword === '') setKeyword('');
  }

  const pick = (changed: Partial<ListFilters>) => {
    onChange({ ...filters, ...changed });
    dropdown.current?.close();
  };
  const months = recentChinaMonths(new Date(), RECENT_MONTHS).map((month) => ({ value: month, label: monthLabel(month) }));

  return (
    <div className="invoice-filters">
      <SearchBar
        className="invoice-filters__search"
        placeholder="搜索购买方名称或发票号码后几位"
        maxLength={50}
        value={keyword}
        onChange={setKeyword}
        onSearch={(value) => onChange({ ...filters, keyword: value })}
        onClear={() => onChange({ ...filters, keyword: '' })}
      />
      <FilterBar ref={dropdown}>
        <FilterMenu key="kind" title={filters.kind ? kindLabel(filters.kind) : '全部发票'} highlight={filters.kind !== null}>
          <FilterChoice<InvoiceKind> options={KIND_OPTIONS} value={filters.kind} allLabel="全部发票" onPick={(kind) => pick({ kind })} />
        </FilterMenu>
        <FilterMenu key="status" title={filters.status ?? '全部状态'} highlight={filters.status !== null}>
          <FilterChoice<InvoiceStatus>
            options={STATUS_OPTIONS}
            value={filters.status}
            allLabel="全部状态"
            onPick={(status) => pick({ status })}
          />
        </FilterMenu>
        <FilterMenu key="month" title={filters.month ? monthLabel(filters.month) : '全部月份'} highlight={filters.month !== null}>
          <FilterChoice<string> options={months} value={filters.month} allLabel="全部月份" onPick={(month) => pick({ month })} />
          <div className="invoice-filters__more">
            <Button
              size="small"
              fill="none"
              color="primary"
              onClick={() => {
                dropdown.current?.close();
                setPickingMonth(true);
              }}
            >
              选择更早的月份
            </Button>
          </div>
        </FilterMenu>
        <FilterMenu key="delivery" title={filters.deliveryFailed ? '发送失败' : '发送状态'} highlight={filters.deliveryFailed}>
          <FilterChoice<typeof DELIVERY_FAILED>
            options={DELIVERY_OPTIONS}
            value={filters.deliveryFailed ? DELIVERY_FAILED : null}
            allLabel="全部"
            onPick={(picked) => pick({ deliveryFailed: picked === DELIVERY_FAILED })}
          />
        </FilterMenu>
      </FilterBar>
      <WhenOpened visible={pickingMonth}>
        <ChinaDatePicker
          title="选择开票月份"
          precision="month"
          visible={pickingMonth}
          value={filters.month}
          min={EARLIEST_MONTH}
          onClose={() => setPickingMonth(false)}
          onConfirm={(month) => onChange({ ...filters, month })}
        />
      </WhenOpened>
    </div>
  );
}
