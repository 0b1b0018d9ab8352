/**
 * `/invoice/return` (红字发票): choose an issued blue invoice — from `?id=` (the list's 红冲), from the list of those
 * that can be reversed, or by its number and issue date — then reverse all or part of it. Submitting opens the task
 * detail of the red invoice. The page stays in the page cache: shown again, it reads the chosen invoice afresh (what
 * is left changes as red invoices are issued).
 */
import { useEffect, useRef, useState } from 'react';
import type { InvoiceDocument } from '@app/domain/invoice-document';
import { appHref } from '@app/host-sdk/paths';
import { useNavigate, useSearchParams } from '@app/host-sdk/router';
import { Button } from '@app/ui/button';
import { Page } from '@app/ui/page';
import { Tabs } from '@app/ui/tabs';
import { LoadingCard } from '@app/widgets/form-page';
import { LoadedView, StateView } from '@app/widgets/state-view';
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

/** What the user chose: an id (from `?id=` or the list), or an invoice found by its number, already loaded. */
interface Choice {
  /** A new one for each choice: the chosen invoice's part starts afresh. */
  key: number;
  id: string;
  found?: Promise<InvoiceDocument>;
}

let choicesMade = 0;

function choiceOf(id: string, found?: InvoiceDocument): Choice {
  choicesMade += 1;
  return { key: choicesMade, id, found: found && Promise.resolve(found) };
}

/** The chosen invoice and its red-invoice form, or why it cannot be reversed (or loaded). */
function ChosenPart({ choice, onClear }: { choice: Choice; onClear(): void }) {
  const navigate = useNavigate();
  const { loaded, version, retry, refresh } = useChosenInvoice(choice.id, choice.found);
  const other = (
    <Button block color="primary" onClick={onClear}>
      选择其他发票
    </Button>
  );
  return (
    <LoadedView
      loaded={loaded}
      placeholder={<LoadingCard />}
      missing={{ title: '发票不存在', description: '该发票不存在，或已被删除' }}
      onRetry={retry}
      waysOut={() => (
        <Button block onClick={onClear}>
          选择其他发票
        </Button>
      )}
    >
      {(invoice) => {
        const problem = notReversible(invoice);
        return (
          <>
            <ChosenInvoice invoice={invoice} onChange={onClear} />
            {problem ? (
              <StateView state="refused" title="不能红冲" description={problem}>
                {other}
              </StateView>
            ) : (
              <RedInvoiceForm
                key={`${invoice.id}:${version}`}
                invoice={invoice}
                onSubmitted={(taskId) => {
                  navigate(appHref('invoiceTaskDetail', {}, { id: taskId }));
                  // Back here later: what is left has changed, so the form starts afresh with a new serial.
                  refresh();
                }}
              />
            )}
          </>
        );
      }}
    </LoadedView>
  );
}

/** The blue invoices that can be reversed, or the search by number. */
function InvoicePicker({ onChoose, onFound }: { onChoose(id: string): void; onFound(invoice: InvoiceDocument): void }) {
  const [pickBy, setPickBy] = useState<PickBy>('list');
  return (
    <>
      <Tabs className="invoice-return__tabs" activeKey={pickBy} onChange={(key) => setPickBy(key === 'number' ? 'number' : 'list')}>
        <Tabs.Tab key="list" title="选择发票" />
        <Tabs.Tab key="number" title="按号码查找" />
      </Tabs>
      {pickBy === 'list' ? (
        <ReversibleInvoiceList onChoose={onChoose} onFindByNumber={() => setPickBy('number')} />
      ) : (
        <FindByNumber onFound={onFound} />
      )}
    </>
  );
}

export default function InvoiceReturnPage() {
  const [params] = useSearchParams();
  const linkedId = params.get('id');
  const [choice, setChoice] = useState<Choice | null>(() => (linkedId ? choiceOf(linkedId) : null));
  // A new ?id= chooses its invoice; the same one again (the page shown again from the cache) keeps the user's choice.
  const appliedLink = useRef(linkedId);
  useEffect(() => {
    if (appliedLink.current === linkedId) return;
    appliedLink.current = linkedId;
    setChoice(linkedId ? choiceOf(linkedId) : null);
  }, [linkedId]);

  return (
    <Page title="红字发票">
      {choice ? (
        <ChosenPart key={choice.key} choice={choice} onClear={() => setChoice(null)} />
      ) : (
        <InvoicePicker onChoose={(id) => setChoice(choiceOf(id))} onFound={(invoice) => setChoice(choiceOf(invoice.id, invoice))} />
      )}
    </Page>
  );
}
