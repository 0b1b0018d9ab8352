/**
 * `/invoice/return` (红字发票): choose an issued blue invoice — from `?id=` (the list's 红冲), from the list of those
 * that can be reversed, or by its number and issue date — then reverse all or part of it. Submitting opens the task
 * detail of the red invoice. The page stays in the page cache: shown again, it reads the chosen invoice afresh (what
 * is left changes as red invoices are issued).
 */
import { useState } from 'react';
import type { InvoiceDocument } from '@app/domain/invoice-document';
import { appHref } from '@app/host-sdk/paths';
import { useNavigate, useSearchParams } from '@app/host-sdk/router';
import { Button } from '@app/ui/button';
import { Page } from '@app/ui/page';
import { Tabs } from '@app/ui/tabs';
import { LoadingCard } from '@app/widgets/form-page';
import { LoadProblemView, StateView } from '@app/widgets/state-view';
import { useShownAgain } from '@app/widgets/use-shown-again';
import { ChosenInvoice } from './ChosenInvoice';
import { FindByNumber } from './FindByNumber';
import { RedInvoiceForm } from './RedInvoiceForm';
import { ReversibleInvoiceList } from './ReversibleInvoiceList';
import { useChosenInvoice } from './use-chosen-invoice';
import './invoice-return.css';

type PickBy = 'list' | 'number';

/** Why a blue invoice cannot be reversed now, or null when it can. */
function notReversible(invoice: InvoiceDocument): string | null {
  if (invoice.kind !== 'blue') return '红字发票不能再红冲，请选择蓝字发票';
  if (invoice.status === '已红冲') return '该发票已全部红冲';
  if (invoice.status !== '已开具' && invoice.status !== '部分红冲') return `该发票${invoice.status}，不能红冲`;
  if (invoice.leftFen <= 0) return '该发票有红冲正在开具，请等待完成';
  return null;
}

export default function InvoiceReturnPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { chosen, choose, found, refresh, clear } = useChosenInvoice(params.get('id'));
  const [pickBy, setPickBy] = useState<PickBy>('list');
  useShownAgain(refresh);

  let body;
  if (chosen.state === 'none') {
    body = (
      <>
        <Tabs className="invoice-return__tabs" activeKey={pickBy} onChange={(key) => setPickBy(key === 'number' ? 'number' : 'list')}>
          <Tabs.Tab key="list" title="选择发票" />
          <Tabs.Tab key="number" title="按号码查找" />
        </Tabs>
        {pickBy === 'list' ? (
          <ReversibleInvoiceList onChoose={choose} onFindByNumber={() => setPickBy('number')} />
        ) : (
          <FindByNumber onFound={found} />
        )}
      </>
    );
  } else if (chosen.state === 'loading') {
    body = <LoadingCard />;
  } else if (chosen.state === 'failed') {
    const other = (
      <Button block onClick={clear}>
        选择其他发票
      </Button>
    );
    body = (
      <LoadProblemView
        problem={chosen.problem}
        missing={{ title: '发票不存在', description: '该发票不存在，或已被删除' }}
        onRetry={() => choose(chosen.id)}
      >
        {other}
      </LoadProblemView>
    );
  } else {
    const problem = notReversible(chosen.invoice);
    body = (
      <>
        <ChosenInvoice invoice={chosen.invoice} onChange={clear} />
        {problem ? (
          <StateView state="refused" title="不能红冲" description={problem}>
            <Button block color="primary" onClick={clear}>
              选择其他发票
            </Button>
          </StateView>
        ) : (
          <RedInvoiceForm
            key={`${chosen.invoice.id}:${chosen.version}`}
            invoice={chosen.invoice}
            onSubmitted={(taskId) => {
              navigate(appHref('invoiceTaskDetail', {}, { id: taskId }));
              // Back here later: what is left has changed, so the form starts afresh with a new serial.
              refresh();
            }}
          />
        )}
      </>
    );
  }

  return <Page title="红字发票">{body}</Page>;
}
