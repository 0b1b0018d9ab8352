/**
 * `/ticket/index` (票夹, tab bar): the company's received invoices, newest issue date first, grouped by the month of
 * their issue date, each month headed by its count, 价税合计 and 税额 as the server keeps them (`ticket/list` with that
 * month: the totals of the filter, never a sum of the rows on screen), and the whole filter's totals above (with how
 * many of its tickets the amounts leave out: only 查验通过 and 已红冲 count, docs/product.md). Filters:
 * type, 查验 state, reimbursed; a search over seller names and the end of numbers, sent once typing pauses. Rows load
 * 20 at a time as the list scrolls (PagedList: at most 1,000). Kept in the page cache, it loads again when shown again
 * (a ticket verified, reimbursed or deleted meanwhile).
 */
import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { useCarriedResult } from '@app/host-sdk/carried-result';
import { useNavigate } from '@app/host-sdk/router';
import { useSession } from '@app/host-sdk/session-hooks';
import { filteredEmpty } from '@app/widgets/list-filters';
import { Page } from '@app/ui/page';
import { PagedList, type PagedListHandle } from '@app/ui/paged-list';
import { useDebounced } from '@app/ui/use-debounced';
import { amountText } from '@app/widgets/amount';
import { CompanyOnlyPage } from '@app/widgets/company-only';
import { useShownAgain } from '@app/widgets/use-shown-again';
import { monthLabel } from '../../features/tickets/ticket-labels';
import type { TicketSummary, TicketTotals } from '../../features/tickets/tickets-api';
import { href } from '../../paths';
import { MonthStarts } from './month-groups';
import { TicketFiltersBar } from './TicketFiltersBar';
import { filterWordsOf, hasFilters, NO_FILTERS, queryOf, type TicketFilters } from './ticket-filters';
import { ExportAction } from '@app/widgets/export-action';
import { listTickets, monthTotals, type TicketQuery } from './ticket-index-api';
import { TicketRow } from './TicketRow';
import './ticket-index.css';

/** Typing waits this long for a pause before the list searches. */
export const SEARCH_PAUSE_MS = 400;

function FolderTotals({ totals, action }: { totals: TicketTotals | null; action: ReactNode }) {
  return (
    <section className="ticket-totals" aria-label="票夹合计">
      <div className="ticket-totals__action">{action}</div>
      <div className="ticket-totals__main">
        <span className="ticket-totals__label">价税合计</span>
        <span className="ticket-totals__value" data-testid="folder-gross">
          {totals ? amountText(totals.grossFen) : '—'}
        </span>
      </div>
      <div className="ticket-totals__figures">
        <span>
          共 <strong>{totals ? totals.count : '—'}</strong> 张
        </span>
        <span>
          不含税 <strong>{totals ? amountText(totals.netFen) : '—'}</strong>
        </span>
        <span>
          税额 <strong>{totals ? amountText(totals.taxFen) : '—'}</strong>
        </span>
      </div>
      {totals && totals.counted < totals.count ? (
        <p className="ticket-totals__note">其中 {totals.count - totals.counted} 张未查验通过，不计入金额</p>
      ) : null}
    </section>
  );
}

/** A month's heading: its name and the server's totals of the month within the filter. */
function MonthHeading({ month, totals, want }: { month: string; totals: TicketTotals | undefined; want(month: string): void }) {
  useEffect(() => {
    if (totals === undefined) want(month);
  }, [month, totals, want]);
  const label = monthLabel(month);
  return (
    <h2 className="ticket-month" aria-label={label}>
      <span className="ticket-month__name">{label}</span>
      <span className="ticket-month__totals" data-testid={`month-totals-${month}`}>
        {totals ? (
          <>
            {totals.count} 张 · 价税合计 {amountText(totals.grossFen)} · 税额 {amountText(totals.taxFen)}
          </>
        ) : (
          '合计加载中'
        )}
      </span>
    </h2>
  );
}

/**
 * Each month's totals for the rows shown: asked for once a month's heading shows, for the query of the rows on screen
 * (`showing`, with each first page), and only for the months those rows have. The same query loaded again (pull to
 * refresh, the page shown again) keeps the totals on screen and asks for each of them again. `firstShown`: the query of
 * a first page the list drew at once.
 */
function useMonthTotals(hasMonth: (month: string) => boolean, firstShown: { key: string; query: TicketQuery } | null) {
  const [state, setState] = useState<{ key: string; totals: Record<string, TicketTotals> }>(() => ({
    key: firstShown?.key ?? '',
    totals: {},
  }));
  const shownTotals = useRef(state.totals);
  shownTotals.current = state.totals;
  const shown = useRef<{ key: string; query: TicketQuery; round: number }>({ key: '', query: {}, round: 0, ...firstShown });
  const asked = useRef(new Set<string>());
  const want = useCallback(
    (month: string) => {
      const { key, query, round } = shown.current;
      if (asked.current.has(month) || !hasMonth(month)) return;
      asked.current.add(month);
      monthTotals(query, month).then(
        (answer) =>
          shown.current.round === round &&
          setState((previous) => (previous.key === key ? { key, totals: { ...previous.totals, [month]: answer } } : previous)),
        // Left as it was (合计加载中, or the totals before) until the list loads again (pull to refresh).
        () => undefined,
      );
    },
    [hasMonth],
  );
  const showing = useCallback(
    (key: string, query: TicketQuery) => {
      const again = shown.current.key === key;
      shown.current = { key, query, round: shown.current.round + 1 };
      // A month asked for in the last round whose answer is now dropped is asked again, as are those shown.
      const months = new Set([...Object.keys(shownTotals.current), ...asked.current]);
      asked.current.clear();
      if (!again) setState({ key, totals: {} });
      else for (const month of months) want(month);
    },
    [want],
  );
  return { of: (month: string): TicketTotals | undefined => state.totals[month], want, showing };
}

interface FolderProps {
  filters: TicketFilters;
  setFilters(filters: TicketFilters): void;
  /** The query of the rows shown: the filters with the search once typing paused. */
  query: TicketQuery;
  /** 导出, on the folder's totals. */
  exportAction: ReactNode;
}

function Folder({ filters, setFilters, query, exportAction }: FolderProps) {
  const navigate = useNavigate();
  const list = useRef<PagedListHandle>(null);
  const queryKey = JSON.stringify(query);
  // The folder's first page as the page carries it (first-calls.ts): drawn at once, the server's paint too.
  const first = useCarriedResult('ticket/list', { ...query, page: 1 });
  // The totals of the query they came with: another query shows none until its first page brings them.
  const [totalsOf, setTotalsOf] = useState<{ queryKey: string; totals: TicketTotals } | null>(() =>
    first ? { queryKey, totals: first.totals } : null,
  );
  const folderTotals = totalsOf?.queryKey === queryKey ? totalsOf.totals : null;
  const [starts] = useState(() => new MonthStarts(first?.list));
  const months = useMonthTotals(
    useCallback((month: string) => starts.has(month), [starts]),
    first ? { key: queryKey, query } : null,
  );
  const shownKey = useRef(queryKey);
  shownKey.current = queryKey;
  useShownAgain(() => void list.current?.reload());

  const load = async (page: number) => {
    const key = queryKey;
    const result = await listTickets(query, page);
    if (key !== shownKey.current) return result;
    if (page === 1) starts.reset();
    starts.add(result.list);
    if (page === 1) {
      months.showing(key, query);
      setTotalsOf({ queryKey: key, totals: result.totals });
    }
    return result;
  };
  const open = (ticket: TicketSummary) => navigate(href('ticketDetail', {}, { id: ticket.id }));
  const filtered = hasFilters(filters);

  return (
    <PagedList<TicketSummary>
      ref={list}
      queryKey={queryKey}
      first={first}
      load={load}
      itemKey={(ticket) => ticket.id}
      renderItem={(ticket) => {
        const month = starts.monthStartedBy(ticket);
        return (
          <>
            {month ? <MonthHeading month={month} totals={months.of(month)} want={months.want} /> : null}
            <TicketRow ticket={ticket} onOpen={open} />
          </>
        );
      }}
      header={
        <>
          <TicketFiltersBar filters={filters} onChange={setFilters} />
          <FolderTotals totals={folderTotals} action={exportAction} />
        </>
      }
      empty={filteredEmpty({
        filtered,
        noMatch: '没有符合条件的发票',
        onClear: () => setFilters(NO_FILTERS),
        empty: '票夹里还没有发票',
        first: { text: '导入发票', onClick: () => navigate(href('ticketImport')) },
      })}
    />
  );
}

export default function TicketIndexPage() {
  const navigate = useNavigate();
  const { isCompanyUser } = useSession();
  const [filters, setFilters] = useState<TicketFilters>(NO_FILTERS);
  const keyword = useDebounced(filters.keyword, SEARCH_PAUSE_MS);
  const query = queryOf({ ...filters, keyword });
  if (!isCompanyUser)
    return (
      <CompanyOnlyPage title="票夹" heading="仅企业用户可用票夹" description="绑定企业后，企业收到的发票可在票夹中统一查验、报销和管理" />
    );
  return (
    <Page title="票夹" noBack>
      <Folder
        filters={filters}
        setFilters={setFilters}
        query={query}
        exportAction={
          <ExportAction
            tone="onColor"
            target={{ source: 'tickets', filters: query }}
            filterWords={filterWordsOf({ ...filters, keyword })}
          />
        }
      />
      <div className="ticket-index__room" aria-hidden="true" />
      <button type="button" className="ticket-index__import" aria-label="导入" onClick={() => navigate(href('ticketImport'))}>
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
          <path d="M12 5v14M5 12h14" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
        </svg>
        导入
      </button>
    </Page>
  );
}
