/**
 * The trail's filters: the person (the company's members), the kind of change, and the China days (today, the last 7
 * or 30 days, or a start and an end day picked in turn).
 */
import { lazy, useRef, useState } from 'react';
import { AUDIT_KIND_KEYS, AUDIT_KINDS, type AuditKind } from '@app/domain/audit-kinds';
import { addChinaDays, chinaDate } from '@app/domain/china-time';
import { Button } from '@app/ui/button';
import { FilterBar, FilterChoice, FilterMenu, type FilterBarHandle } from '@app/widgets/list-filters';
import { WhenOpened } from '@app/widgets/when-opened';
import type { AuditActor, AuditFilters } from './audit-api';

const ChinaDatePicker = lazy(() => import('@app/widgets/china-date-picker').then((module) => ({ default: module.ChinaDatePicker })));

const KIND_OPTIONS = AUDIT_KIND_KEYS.map((kind) => ({ value: kind, label: AUDIT_KINDS[kind] }));
const RANGES = [
  { value: '1', label: '今天' },
  { value: '7', label: '近7天' },
  { value: '30', label: '近30天' },
] as const;
/** The earliest day the pickers offer. */
const EARLIEST_DAY = '2021-01-01';

type RangeChoice = (typeof RANGES)[number]['value'];

function rangeOf(days: RangeChoice): { fromDay: string; toDay: string } {
  const today = chinaDate(new Date());
  return { fromDay: addChinaDays(today, 1 - Number(days)), toDay: today };
}

/** The range's preset when it is one (it ends today), for the choice's tick. */
function presetOf(filters: AuditFilters): RangeChoice | null {
  return (
    RANGES.find((range) => {
      const preset = rangeOf(range.value);
      return preset.fromDay === filters.fromDay && preset.toDay === filters.toDay;
    })?.value ?? null
  );
}

function rangeTitle(filters: AuditFilters): string {
  const preset = presetOf(filters);
  if (preset) return RANGES.find((range) => range.value === preset)?.label ?? '';
  if (!filters.fromDay && !filters.toDay) return '全部日期';
  const short = (day: string | null) => (day ? day.slice(5).replace('-', '/') : '…');
  return `${short(filters.fromDay)}–${short(filters.toDay)}`;
}

export interface AuditFiltersBarProps {
  filters: AuditFilters;
  actors: readonly AuditActor[];
  onChange(filters: AuditFilters): void;
}

export function AuditFiltersBar({ filters, actors, onChange }: AuditFiltersBarProps) {
  const bar = useRef<FilterBarHandle>(null);
  const [picking, setPicking] = useState<'from' | 'to' | null>(null);
  // The start day picked, and whether the end day's picker opens when the start day's closes.
  const pickedFrom = useRef<string | null>(null);
  const next = useRef<'to' | null>(null);
  const pick = (changed: Partial<AuditFilters>) => {
    onChange({ ...filters, ...changed });
    bar.current?.close();
  };
  const person = actors.find((actor) => actor.userId === filters.userId);
  const people = actors.map((actor) => ({ value: actor.userId, label: actor.name || '未知用户' }));
  return (
    <div className="my-audit__filters">
      <FilterBar ref={bar}>
        <FilterMenu key="person" title={person?.name ?? '全部人员'} highlight={filters.userId !== null}>
          <FilterChoice<string> options={people} value={filters.userId} allLabel="全部人员" onPick={(userId) => pick({ userId })} />
        </FilterMenu>
        <FilterMenu key="kind" title={filters.kind ? AUDIT_KINDS[filters.kind] : '全部操作'} highlight={filters.kind !== null}>
          <FilterChoice<AuditKind> options={KIND_OPTIONS} value={filters.kind} allLabel="全部操作" onPick={(kind) => pick({ kind })} />
        </FilterMenu>
        <FilterMenu key="days" title={rangeTitle(filters)} highlight={filters.fromDay !== null || filters.toDay !== null}>
          <FilterChoice<RangeChoice>
            options={RANGES}
            value={presetOf(filters)}
            allLabel="全部日期"
            onPick={(days) => pick(days ? rangeOf(days) : { fromDay: null, toDay: null })}
          />
          <div className="my-audit__more">
            <Button
              size="small"
              fill="none"
              color="primary"
              onClick={() => {
                bar.current?.close();
                setPicking('from');
              }}
            >
              选择起止日期
            </Button>
          </div>
        </FilterMenu>
      </FilterBar>
      <WhenOpened visible={picking !== null}>
        <ChinaDatePicker
          title={picking === 'to' ? '选择结束日期' : '选择开始日期'}
          visible={picking !== null}
          value={picking === 'to' ? (filters.toDay ?? pickedFrom.current) : filters.fromDay}
          min={picking === 'to' ? (pickedFrom.current ?? EARLIEST_DAY) : EARLIEST_DAY}
          onClose={() => {
            setPicking(next.current);
            next.current = null;
          }}
          onConfirm={(day) => {
            if (picking === 'from') {
              pickedFrom.current = day;
              next.current = 'to';
              return;
            }
            onChange({ ...filters, fromDay: pickedFrom.current, toDay: day });
          }}
        />
      </WhenOpened>
    </div>
  );
}
