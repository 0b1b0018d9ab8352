/**
 * The blue invoices that can still be reversed (已开具 and 部分红冲), newest first, searched by buyer or number; a
 * tap chooses one.
 */
import { useEffect, useMemo, useState } from 'react';
import type { InvoiceSummary } from '@app/domain/invoice-document';
import { formatYuan } from '@app/domain/money';
import { Button } from '@app/ui/button';
import { PagedList } from '@app/ui/paged-list';
import { PAGE_SIZE } from '@app/ui/paging';
import { SearchBar } from '@app/ui/search-bar';
import { Tag } from '@app/ui/tag';
import { Amount } from '@app/widgets/amount';
import { ChinaTime } from '@app/widgets/china-time';
import { ListRow, ListRowLine } from '@app/widgets/list-row';
import { INVOICE_STATUS_COLORS } from '../../features/invoice-document/invoice-status';
import { listInvoices } from '../../features/invoices/invoice-api';
import { mergedPages } from './merged-pages';

const SEARCH_PAUSE_MS = 400;

/** The server's order: newest first, then by id. */
function newestFirst(a: InvoiceSummary, b: InvoiceSummary): number {
  if (a.createdAt !== b.createdAt) return a.createdAt < b.createdAt ? 1 : -1;
  return a.id < b.id ? 1 : a.id > b.id ? -1 : 0;
}

function ReversibleRow({ invoice, onChoose }: { invoice: InvoiceSummary; onChoose(id: string): void }) {
  return (
    <ListRow
      title={invoice.buyerName}
      aria-label={`${invoice.buyerName} ${invoice.number ?? ''}`}
      extra={<Amount fen={invoice.grossFen} />}
      onClick={() => onChoose(invoice.id)}
    >
      <ListRowLine extra={<ChinaTime at={invoice.issuedAt ?? invoice.createdAt} precision="date" />}>No. {invoice.number}</ListRowLine>
      <ListRowLine extra={<span className="reversible-row__left">可红冲 {formatYuan(invoice.leftFen)}</span>}>
        <Tag color={INVOICE_STATUS_COLORS[invoice.status]} fill="outline">
          {invoice.status}
        </Tag>
      </ListRowLine>
    </ListRow>
  );
}

export interface ReversibleInvoiceListProps {
  onChoose(id: string): void;
  /** The empty state's next step: look the invoice up by its number instead. */
  onFindByNumber(): void;
}

export function ReversibleInvoiceList({ onChoose, onFindByNumber }: ReversibleInvoiceListProps) {
  const [typed, setTyped] = useState('');
  const [keyword, setKeyword] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setKeyword(typed.trim()), SEARCH_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [typed]);

  const load = useMemo(() => {
    const search = keyword ? { keyword } : {};
    return mergedPages<InvoiceSummary>(
      [
        (page) => listInvoices({ kind: 'blue', status: '已开具', ...search }, page),
        (page) => listInvoices({ kind: 'blue', status: '部分红冲', ...search }, page),
      ],
      newestFirst,
      PAGE_SIZE,
    );
  }, [keyword]);

  return (
    <PagedList<InvoiceSummary>
      queryKey={keyword}
      load={load}
      itemKey={(invoice) => invoice.id}
      renderItem={(invoice) => <ReversibleRow invoice={invoice} onChoose={onChoose} />}
      header={
        <div className="reversible-list__search">
          <SearchBar
            placeholder="搜索购买方名称或发票号码后几位"
            maxLength={50}
            value={typed}
            onChange={setTyped}
            onSearch={(value) => setKeyword(value.trim())}
          />
        </div>
      }
      empty={{
        description: keyword ? '没有找到可红冲的发票' : '暂无可红冲的蓝字发票',
        action: (
          <Button color="primary" fill="outline" size="small" onClick={onFindByNumber}>
            按发票号码查找
          </Button>
        ),
      }}
    />
  );
}
