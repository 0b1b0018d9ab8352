/**
 * `/payment/list` (tab bar, payment_list): the company's income and expenses of one China month (this month unless
 * another is picked), the month's 收入 and 支出 at the top, filtered by type and channel; a row opens
 * `/payment/detail`. Only a manager or a 收款管理员 (benefit_payment) sees it: the server refuses anyone else (1003),
 * so the page does not ask for them. Kept in the page cache, it reloads when shown again (invoice states move on).
 */
import { lazy, useRef, useState } from 'react';
import { formatYuan } from '@app/domain/money';
import { useCarriedResult } from '@app/host-sdk/carried-result';
import { useNavigate } from '@app/host-sdk/router';
import { usePermissions } from '@app/host-sdk/session-hooks';
import { Page } from '@app/ui/page';
import { PagedList, type PagedListHandle } from '@app/ui/paged-list';
import { StatusView } from '@app/ui/status-view';
import { href } from '../../paths';
import { listPayments, type PaymentRecord } from '../../features/payments/payments-api';
import { CHANNEL_LABELS, TYPE_LABELS } from '../../features/payments/labels';
import { FilterBar, FilterChoice, FilterMenu, filteredEmpty, type FilterBarHandle } from '@app/widgets/list-filters';
import { useShownAgain } from '@app/widgets/use-shown-again';
import { WhenOpened } from '@app/widgets/when-opened';
import { chinaMonth } from '@app/domain/china-time';
import {
  CHANNEL_OPTIONS,
  exportFiltersOf,
  filterWordsOf,
  keyOf,
  monthLabel,
  queryOf,
  TYPE_OPTIONS,
  type PaymentFilters,
} from './list-filters';
import { ExportAction } from '@app/widgets/export-action';
import { PaymentRow } from './PaymentRow';
import './payment-list.css';

const ChinaDatePicker = lazy(() => import('@app/widgets/china-date-picker').then((module) => ({ default: module.ChinaDatePicker })));

/** The month picker goes back this far. */
const EARLIEST_MONTH = '2021-01';
const VIEWERS = ['company_manage', 'benefit_payment'];

function Totals({
  filters,
  totals,
  onPickMonth,
}: {
  filters: PaymentFilters;
  totals: { incomeFen: number; expenseFen: number } | null;
  onPickMonth(): void;
}) {
  return (
    <section className="payment-totals" aria-label="本月合计">
      <div className="payment-totals__head">
        <button type="button" className="payment-totals__month" onClick={onPickMonth}>
          {monthLabel(filters.month)}
          <svg viewBox="0 0 12 12" width="10" height="10" aria-hidden="true">
            <path d="M2 4l4 4 4-4" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
        </button>
        {/* 导出 starts on the month shown, with the type and channel chosen. */}
        <ExportAction
          tone="onColor"
          target={{ source: 'payments', filters: exportFiltersOf(filters) }}
          filterWords={filterWordsOf(filters)}
          listMonth={filters.month}
        />
      </div>
      <div className="payment-totals__figures">
        <div className="payment-totals__figure">
          <span className="payment-totals__label">收入</span>
          <span className="payment-totals__value" data-testid="income-total">
            {totals ? formatYuan(totals.incomeFen) : '—'}
          </span>
        </div>
        <div className="payment-totals__figure">
          <span className="payment-totals__label">支出</span>
          <span className="payment-totals__value" data-testid="expense-total">
            {totals ? formatYuan(Math.abs(totals.expenseFen)) : '—'}
          </span>
        </div>
      </div>
    </section>
  );
}

function PaymentList() {
  const navigate = useNavigate();
  const dropdown = useRef<FilterBarHandle>(null);
  const list = useRef<PagedListHandle>(null);
  const [filters, setFilters] = useState<PaymentFilters>(() => ({ month: chinaMonth(new Date()), type: null, channel: null }));
  // This month's first page as the page carries it (first-calls.ts): drawn at once, the server's paint too.
  const first = useCarriedResult('payment/list', { ...queryOf(filters), page: 1 });
  const [totals, setTotals] = useState<{ incomeFen: number; expenseFen: number } | null>(() =>
    first ? { incomeFen: first.incomeFen, expenseFen: first.expenseFen } : null,
  );
  const [pickingMonth, setPickingMonth] = useState(false);
  useShownAgain(() => void list.current?.reload());

  const change = (changed: Partial<PaymentFilters>) => {
    dropdown.current?.close();
    const next = { ...filters, ...changed };
    if (keyOf(next) === keyOf(filters)) return;
    if (next.month !== filters.month) setTotals(null);
    setFilters(next);
  };
  const load = async (page: number) => {
    const result = await listPayments(queryOf(filters), page);
    if (page === 1) setTotals({ incomeFen: result.incomeFen, expenseFen: result.expenseFen });
    return result;
  };
  const filtered = filters.type !== null || filters.channel !== null;

  return (
    <>
      <PagedList<PaymentRecord>
        ref={list}
        queryKey={keyOf(filters)}
        first={first}
        load={load}
        itemKey={(record) => record.id}
        renderItem={(record) => <PaymentRow record={record} onOpen={(opened) => navigate(href('paymentDetail', {}, { id: opened.id }))} />}
        header={
          <div className="payment-list__header">
            <Totals filters={filters} totals={totals} onPickMonth={() => setPickingMonth(true)} />
            <FilterBar ref={dropdown} className="payment-filters">
              <FilterMenu key="type" title={filters.type ? TYPE_LABELS[filters.type] : '全部类型'} highlight={filters.type !== null}>
                <FilterChoice options={TYPE_OPTIONS} value={filters.type} onPick={(type) => change({ type })} />
              </FilterMenu>
              <FilterMenu
                key="channel"
                title={filters.channel ? CHANNEL_LABELS[filters.channel] : '全部渠道'}
                highlight={filters.channel !== null}
              >
                <FilterChoice options={CHANNEL_OPTIONS} value={filters.channel} onPick={(channel) => change({ channel })} />
              </FilterMenu>
            </FilterBar>
          </div>
        }
        empty={filteredEmpty({
          filtered,
          noMatch: '没有符合条件的收支',
          onClear: () => change({ type: null, channel: null }),
          empty: '本月暂无收支',
        })}
      />
      <WhenOpened visible={pickingMonth}>
        <ChinaDatePicker
          title="选择月份"
          precision="month"
          visible={pickingMonth}
          value={filters.month}
          min={EARLIEST_MONTH}
          onClose={() => setPickingMonth(false)}
          onConfirm={(month) => change({ month })}
        />
      </WhenOpened>
    </>
  );
}

export default function PaymentListPage() {
  const permissions = usePermissions();
  const allowed = permissions.some((permission) => VIEWERS.includes(permission));
  return (
    <Page title="收支" noBack>
      {allowed ? <PaymentList /> : <StatusView icon="refused" title="暂无权限" description="仅管理员或收款管理员可查看收支" />}
    </Page>
  );
}
