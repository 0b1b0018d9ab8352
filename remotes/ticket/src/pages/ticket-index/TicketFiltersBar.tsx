/**
 * The bar above the folder: a search over seller names and the end of invoice numbers (the page sends it once typing
 * pauses), and a dropdown each for the type, the 查验 state and reimbursed or not.
 */
import { useRef } from 'react';
import type { TicketType, TicketVerifyState } from '@app/domain/ticket';
import { SearchBar } from '@app/ui/search-bar';
import { FilterBar, FilterChoice, FilterMenu, type FilterBarHandle } from '@app/widgets/list-filters';
import { REIMBURSED_OPTIONS, TYPE_OPTIONS, VERIFY_OPTIONS, type Reimbursed, type TicketFilters } from './ticket-filters';

export interface TicketFiltersBarProps {
  filters: TicketFilters;
  onChange(filters: TicketFilters): void;
}

export function TicketFiltersBar({ filters, onChange }: TicketFiltersBarProps) {
  const dropdown = useRef<FilterBarHandle>(null);
  const pick = (changed: Partial<TicketFilters>) => {
    dropdown.current?.close();
    onChange({ ...filters, ...changed });
  };
  const reimbursedLabel = REIMBURSED_OPTIONS.find((option) => option.value === filters.reimbursed)?.label;
  return (
    <div className="ticket-filters">
      <SearchBar
        className="ticket-filters__search"
        placeholder="搜索销售方名称或发票号码后几位"
        maxLength={50}
        value={filters.keyword}
        onChange={(keyword) => onChange({ ...filters, keyword })}
        onClear={() => onChange({ ...filters, keyword: '' })}
      />
      <FilterBar ref={dropdown}>
        <FilterMenu key="type" title={filters.type ?? '全部类型'} highlight={filters.type !== null}>
          <FilterChoice<TicketType> options={TYPE_OPTIONS} value={filters.type} allLabel="全部类型" onPick={(type) => pick({ type })} />
        </FilterMenu>
        <FilterMenu key="verify" title={filters.verifyState ?? '查验状态'} highlight={filters.verifyState !== null}>
          <FilterChoice<TicketVerifyState>
            options={VERIFY_OPTIONS}
            value={filters.verifyState}
            allLabel="全部状态"
            onPick={(verifyState) => pick({ verifyState })}
          />
        </FilterMenu>
        <FilterMenu key="reimbursed" title={reimbursedLabel ?? '报销状态'} highlight={filters.reimbursed !== null}>
          <FilterChoice<Reimbursed>
            options={REIMBURSED_OPTIONS}
            value={filters.reimbursed}
            allLabel="全部"
            onPick={(reimbursed) => pick({ reimbursed })}
          />
        </FilterMenu>
      </FilterBar>
    </div>
  );
}
