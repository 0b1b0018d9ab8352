/**
 * The detail sheet of one invoice, rising from the bottom over the list: the whole invoice as printed
 * (InvoiceDocumentView), once issued where it was sent (DeliveryList, kept current while one is 待发送), and what can
 * be done with it — 查看 PDF / 下载 PDF and 重新发送 once issued, 红冲 while something is left to reverse.
 */
import { lazy, useState } from 'react';
import type { InvoiceDocument } from '@app/domain/invoice-document';
import { useNavigate } from '@app/host-sdk/router';
import { Button } from '@app/ui/button';
import { LineIcon } from '@app/ui/line-icon';
import { Popup } from '@app/ui/popup';
import { Skeleton } from '@app/ui/skeleton';
import { href } from '../../paths';
import { InvoiceDocumentView } from '../../features/invoice-document/InvoiceDocumentView';
import { getInvoice } from '../../features/invoices/invoice-api';
import { DeliveryList } from './DeliveryList';
import { type Deliveries, useDeliveries } from './use-deliveries';
import { usePdfLink } from './use-pdf-link';
import { LoadedView } from '@app/widgets/state-view';
import { useLoadedByCode } from '@app/widgets/use-loaded-by-code';
import { WhenOpened } from '@app/widgets/when-opened';

const ResendPopup = lazy(() => import('./ResendPopup').then((module) => ({ default: module.ResendPopup })));

export interface InvoiceSheetProps {
  /** The invoice shown; null closes the sheet. */
  invoiceId: string | null;
  onClose(): void;
}

export function isReversible(invoice: Pick<InvoiceDocument, 'kind' | 'status'>): boolean {
  return invoice.kind === 'blue' && (invoice.status === '已开具' || invoice.status === '部分红冲');
}

function Actions({ invoice, deliveries, onClose }: { invoice: InvoiceDocument; deliveries: Deliveries; onClose(): void }) {
  const navigate = useNavigate();
  const pdf = usePdfLink(invoice.number ? invoice.id : null);
  const [resending, setResending] = useState(false);
  const [busy, setBusy] = useState<'open' | 'download' | null>(null);

  async function run(kind: 'open' | 'download', action: () => Promise<void>) {
    setBusy(kind);
    try {
      await action();
    } catch {
      // The API client has shown why.
    } finally {
      setBusy(null);
    }
  }

  const reversible = isReversible(invoice);
  if (!invoice.number && !reversible) return null;
  return (
    <div className="invoice-sheet__actions">
      {invoice.number ? (
        <>
          <Button
            size="middle"
            fill="outline"
            loading={busy === 'open'}
            disabled={busy !== null}
            onClick={() => void run('open', pdf.open)}
          >
            查看 PDF
          </Button>
          <Button
            size="middle"
            fill="outline"
            loading={busy === 'download'}
            disabled={busy !== null}
            onClick={() => void run('download', pdf.download)}
          >
            下载 PDF
          </Button>
          <Button size="middle" fill="outline" onClick={() => setResending(true)}>
            重新发送
          </Button>
          <WhenOpened visible={resending}>
            <ResendPopup
              invoiceId={invoice.id}
              visible={resending}
              initialPhone={invoice.deliverPhone}
              initialEmail={invoice.deliverEmail}
              onClose={() => setResending(false)}
              onSent={(added) => (added ? deliveries.add(added) : deliveries.refresh())}
            />
          </WhenOpened>
        </>
      ) : null}
      {reversible ? (
        <Button
          size="middle"
          color="danger"
          onClick={() => {
            onClose();
            navigate(href('invoiceReturn', {}, { id: invoice.id }));
          }}
        >
          红冲
        </Button>
      ) : null}
    </div>
  );
}

export function InvoiceSheet({ invoiceId, onClose }: InvoiceSheetProps) {
  const { loaded, retry } = useLoadedByCode(invoiceId ?? '', getInvoice, undefined);
  const shown = invoiceId !== null;
  // Only an issued invoice (one with a number) is ever sent; a closed sheet reads nothing.
  const issued = shown && loaded.state === 'ready' && loaded.value.number !== null;
  const deliveries = useDeliveries(issued ? invoiceId : null);
  return (
    <Popup visible={shown} onMaskClick={onClose} onClose={onClose} bodyClassName="invoice-sheet" destroyOnClose>
      <div className="invoice-sheet__frame" role="dialog" aria-label="发票详情">
        <header className="invoice-sheet__head">
          <h2 className="invoice-sheet__title">发票详情</h2>
          <button type="button" className="invoice-sheet__close" aria-label="关闭" onClick={onClose}>
            <LineIcon d="M6 6l12 12M18 6L6 18" />
          </button>
        </header>
        <div className="invoice-sheet__body">
          {shown ? (
            <LoadedView
              loaded={loaded}
              placeholder={
                <div className="invoice-sheet__loading" role="status" aria-busy="true" aria-label="加载中">
                  <Skeleton.Title animated />
                  <Skeleton.Paragraph lineCount={8} animated />
                </div>
              }
              missing={{ title: '发票不存在', description: '该发票不存在，或已被删除' }}
              onRetry={retry}
              waysOut={(problem) =>
                problem.state === 'failed' ? null : (
                  <Button block onClick={onClose}>
                    返回列表
                  </Button>
                )
              }
            >
              {(invoice) => (
                <>
                  <InvoiceDocumentView invoice={invoice} />
                  {issued ? <DeliveryList deliveries={deliveries} /> : null}
                </>
              )}
            </LoadedView>
          ) : null}
        </div>
        {shown && loaded.state === 'ready' ? <Actions invoice={loaded.value} deliveries={deliveries} onClose={onClose} /> : null}
      </div>
    </Popup>
  );
}
