/**
 * `/invoice/list` (tab bar): the company's invoices, newest first, filtered by colour, status and month and searched by
 * buyer or number. A row opens the detail sheet; `/invoice/list?id=<invoiceId>` opens it for that invoice at once
 * (the task detail page links there). The page stays alive in the page cache and reloads when shown again, since
 * statuses move on meanwhile (开具中 → 已开具, a red invoice makes its blue one 部分红冲).
 */
import { lazy, useEffect, useRef, useState } from 'react';
import type { InvoiceSummary } from '@app/domain/invoice-document';
import { useCarriedResult } from '@app/host-sdk/carried-result';
import { useNavigate, useSearchParams } from '@app/host-sdk/router';
import { filteredEmpty } from '@app/widgets/list-filters';
import { Page } from '@app/ui/page';
import { PagedList, type PagedListHandle } from '@app/ui/paged-list';
import { href } from '../../paths';
import { listInvoices } from '../../features/invoices/invoice-api';
import { useShownAgain } from '@app/widgets/use-shown-again';
import { InvoiceFilters } from './InvoiceFilters';
import { InvoiceRow } from './InvoiceRow';
import { exportFiltersOf, filterWordsOf, hasFilters, keyOf, NO_FILTERS, queryOf, type ListFilters } from './list-filters';
import { ExportAction } from '@app/widgets/export-action';
import { useSession } from '@app/host-sdk/session-hooks';
import { WhenOpened } from '@app/widgets/when-opened';
import './invoice-list.css';

const InvoiceSheet = lazy(() => import('./InvoiceSheet').then((module) => ({ default: module.InvoiceSheet })));

export default function InvoiceListPage() {
  const navigate = useNavigate();
  const { isCompanyUser } = useSession();
  const [params] = useSearchParams();
  const linkedId = params.get('id');
  const [filters, setFilters] = useState<ListFilters>(NO_FILTERS);
  const [openId, setOpenId] = useState<string | null>(linkedId);
  // The first page as the page carries it (first-calls.ts): drawn at once, the server's paint too.
  const first = useCarriedResult('invoice/list', { ...queryOf(filters), page: 1 });
  /** How many invoices match, once the first page is in. */
  const [total, setTotal] = useState<number | null>(() => first?.total ?? null);
  const list = useRef<PagedListHandle>(null);

  // A new ?id= opens its sheet; the same one again (the page shown again from the cache) leaves it as the user left it.
  const openedLink = useRef(linkedId);
  useEffect(() => {
    if (openedLink.current === linkedId) return;
    openedLink.current = linkedId;
    setOpenId(linkedId);
  }, [linkedId]);
  useShownAgain(() => void list.current?.reload());

  const load = async (page: number) => {
    const result = await listInvoices(queryOf(filters), page);
    if (page === 1) setTotal(result.total);
    return result;
  };
  const changeFilters = (next: ListFilters) => {
    if (keyOf(next) === keyOf(filters)) return;
    setTotal(null);
    setFilters(next);
  };
  const filtered = hasFilters(filters);
  // 导出 the invoices of a month or a span of days, with the filters shown (the export's range replaces the month).
  const exportAction = isCompanyUser ? (
    <ExportAction
      target={{ source: 'invoices', filters: exportFiltersOf(filters) }}
      filterWords={filterWordsOf(filters)}
      listMonth={filters.month}
    />
  ) : null;

  return (
    <Page title="发票列表" noBack>
      <PagedList<InvoiceSummary>
        ref={list}
        queryKey={keyOf(filters)}
        first={first}
        load={load}
        itemKey={(invoice) => invoice.id}
        renderItem={(invoice) => <InvoiceRow invoice={invoice} onOpen={(opened) => setOpenId(opened.id)} />}
        header={
          <>
            <InvoiceFilters filters={filters} onChange={changeFilters} />
            {total || exportAction ? (
              <div className="invoice-list__bar">
                <span className="invoice-list__count">{total ? `共 ${total} 张发票` : ''}</span>
                {exportAction}
              </div>
            ) : null}
          </>
        }
        empty={filteredEmpty({
          filtered,
          noMatch: '没有符合条件的发票',
          onClear: () => changeFilters(NO_FILTERS),
          empty: '还没有开具过发票',
          first: { text: '开具发票', onClick: () => navigate(href('invoiceCreate')) },
        })}
      />
      <WhenOpened visible={openId !== null}>
        <InvoiceSheet invoiceId={openId} onClose={() => setOpenId(null)} />
      </WhenOpened>
    </Page>
  );
}
