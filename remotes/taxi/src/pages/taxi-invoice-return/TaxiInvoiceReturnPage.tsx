/**
 * `/invoice/taxi/return` (出租车发票红冲): the company's taxi invoices (`taxiInvoice/list`, newest first); one chosen
 * shows the trips it covers, the reason is picked (the domain's RED_REASONS) and 提交红冲 reverses it in full
 * (`task/createRedInvoiceTask` without lines) after the tax-bureau login and face checks, then opens the task. Its
 * trips go back to the passenger's 已领取 or 待开票 once the red invoice is issued.
 */
import { useState } from 'react';
import { RED_REASONS, type RedReason } from '@app/domain/invoice-document';
import { newRequestSerial } from '@app/domain/request-serial';
import type { CallBody } from '@app/contract/api';
import type { CreatedInvoice } from '@app/domain/invoice-requests';
import type { TaxiInvoice } from '@app/contract/taxi';
import { callApi } from '@app/host-sdk/api-client';
import { ensureTaxReady } from '@app/host-sdk/dialogs';
import { appHref } from '@app/host-sdk/paths';
import { useNavigate, useRouteMeta } from '@app/host-sdk/router';
import { useSession } from '@app/host-sdk/session-hooks';
import { confirmDialog, showToast } from '@app/ui/feedback';
import { List } from '@app/ui/list';
import { Page } from '@app/ui/page';
import { PagedList } from '@app/ui/paged-list';
import { Selector } from '@app/ui/selector';
import { Amount, amountText } from '@app/widgets/amount';
import { BottomBar } from '@app/widgets/bottom-bar';
import { Card, DetailRow } from '@app/widgets/card';
import { ChinaTime } from '@app/widgets/china-time';
import { SubmitButton } from '@app/widgets/form-page';
import { ListRow, ListRowLine } from '@app/widgets/list-row';
import { Note } from '@app/widgets/note';
import { formatKilometres } from '@app/domain/taxi-trip';
import { TaxiOnlyPage } from '../../features/taxi-only/TaxiOnlyPage';
import './taxi-invoice-return.css';

const REASONS = (Object.keys(RED_REASONS) as RedReason[]).map((code) => ({ value: code, label: RED_REASONS[code] }));

function createRedInvoiceTask(request: CallBody<'task/createRedInvoiceTask'>): Promise<CreatedInvoice> {
  return callApi('task/createRedInvoiceTask', request, { noRepeat: true });
}

/** Whether an invoice can still be reversed in full: issued, nothing of it reversed or being reversed. */
const reversible = ({ invoice }: TaxiInvoice) =>
  invoice.kind === 'blue' && invoice.status === '已开具' && invoice.leftFen === invoice.grossFen;

function InvoiceRow({ item, onChoose }: { item: TaxiInvoice; onChoose: (item: TaxiInvoice) => void }) {
  const { invoice } = item;
  const can = reversible(item);
  return (
    <ListRow
      title={invoice.buyerName}
      aria-label={`发票 ${invoice.number ?? invoice.id}`}
      extra={<Amount fen={invoice.grossFen} size="medium" />}
      onClick={can ? () => onChoose(item) : undefined}
      muted={!can}
    >
      <ListRowLine label="号码">{invoice.number ?? '—'}</ListRowLine>
      <ListRowLine label="开票" extra={invoice.status}>
        {invoice.issuedAt ? <ChinaTime at={invoice.issuedAt} /> : '—'} · {item.trips.length} 个行程
      </ListRowLine>
    </ListRow>
  );
}

function ReturnForm({ item, onBack }: { item: TaxiInvoice; onBack: () => void }) {
  const navigate = useNavigate();
  const [serial] = useState(newRequestSerial);
  const [reason, setReason] = useState<RedReason | null>(null);
  const [tried, setTried] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const { invoice } = item;

  async function submit() {
    setTried(true);
    if (!reason) return;
    if (
      !(await confirmDialog({
        title: '确认红冲',
        content: `全额红冲 ${amountText(invoice.grossFen)}，确认提交？`,
        confirmText: '提交',
        cancelText: '再看看',
      }))
    )
      return;
    setSubmitting(true);
    try {
      if (!(await ensureTaxReady())) return;
      const created = await createRedInvoiceTask({ requestSerial: serial, blueInvoiceId: invoice.id, reason });
      showToast({ icon: 'success', content: '红冲已提交' });
      navigate(appHref('invoiceTaskDetail', {}, { id: created.taskId }));
    } catch {
      // The API client has shown why; the same serial goes again on another try.
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <>
      <Card
        title="原发票"
        extra={
          <button type="button" className="taxi-return__change" onClick={onBack}>
            更换
          </button>
        }
        aria-label="原发票"
      >
        <DetailRow label="购买方">{invoice.buyerName}</DetailRow>
        <DetailRow label="发票号码">{invoice.number ?? '—'}</DetailRow>
        <DetailRow label="价税合计">
          <Amount fen={invoice.grossFen} />
        </DetailRow>
      </Card>
      <List mode="card" header={`包含的行程（${item.trips.length}）`} aria-label="包含的行程">
        {item.trips.map((trip) => (
          <List.Item
            key={trip.id}
            extra={<Amount fen={trip.fareFen} />}
            description={
              <>
                {trip.licensePlateNumber} · <ChinaTime at={trip.startTime} /> · {formatKilometres(trip.distanceMetres)} 公里
              </>
            }
          >
            {trip.fromPlace} → {trip.toPlace}
          </List.Item>
        ))}
      </List>
      <List mode="card" header="红冲原因">
        <div className="taxi-return__reasons">
          <Selector<RedReason>
            aria-label="红冲原因"
            columns={2}
            options={REASONS}
            value={reason ? [reason] : []}
            onChange={([picked]) => picked && setReason(picked)}
          />
          {tried && !reason ? (
            <Note tone="danger" role="alert">
              请选择红冲原因
            </Note>
          ) : null}
          <Note small>出租车发票只能全额红冲，红冲后行程恢复为可开票，可重新开具。</Note>
        </div>
      </List>
      <BottomBar>
        <SubmitButton color="danger" submitting={submitting} submittingText="提交中" onClick={() => void submit()}>
          提交红冲 {amountText(-invoice.grossFen)}
        </SubmitButton>
      </BottomBar>
    </>
  );
}

export default function TaxiInvoiceReturnPage() {
  const title = useRouteMeta()?.title ?? '出租车发票红冲';
  const { isTaxiUser } = useSession();
  const [chosen, setChosen] = useState<TaxiInvoice | null>(null);
  if (!isTaxiUser) return <TaxiOnlyPage title={title} description="出租车企业在这里红冲已开具的出租车发票" />;
  return (
    <Page title={title}>
      {chosen ? (
        <ReturnForm key={chosen.invoice.id} item={chosen} onBack={() => setChosen(null)} />
      ) : (
        <PagedList<TaxiInvoice>
          queryKey="taxi-invoices"
          load={(page) => callApi('taxiInvoice/list', { page })}
          itemKey={(item) => item.invoice.id}
          renderItem={(item) => <InvoiceRow item={item} onChoose={setChosen} />}
          header={<Note className="taxi-return__hint">选择要红冲的出租车发票（已开具且未红冲的）</Note>}
          empty={{ description: '还没有出租车发票' }}
        />
      )}
    </Page>
  );
}
