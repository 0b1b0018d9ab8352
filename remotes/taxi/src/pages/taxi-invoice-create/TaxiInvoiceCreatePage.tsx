/**
 * `/invoice/taxi/create` (出租车发票): the company issues one invoice for received trips of one passenger — those who
 * asked for one (待开票) first, then the other received trips. Once a trip is chosen, trips of other passengers cannot
 * be; the buyer is filled from the title the passenger asked for (or picked, or typed). The lines (plate, times,
 * kilometres, fare) and the total show as trips are chosen, with where the invoice is sent (trip-delivery.ts). Submitting checks the tax bureau first (the host's login
 * and face dialogs, as every invoice does), then creates the task with this fill's request serial and opens its detail.
 */
import { lazy, useRef, useState } from 'react';
import { buyerOfTitle, titleBuyerProblems, type TitleBuyer } from '@app/domain/invoice-buyer';
import type { InvoiceParty } from '@app/domain/invoice-document';
import type { Title, TitleKind } from '@app/domain/invoice-title';
import { newRequestSerial } from '@app/domain/request-serial';
import { formatKilometres } from '@app/domain/taxi-trip';
import { ensureTaxReady } from '@app/host-sdk/dialogs';
import { appHref } from '@app/host-sdk/paths';
import { useNavigate, useRouteMeta } from '@app/host-sdk/router';
import { useSession } from '@app/host-sdk/session-hooks';
import { Button } from '@app/ui/button';
import { Checkbox } from '@app/ui/checkbox';
import { showToast } from '@app/ui/feedback';
import { Form, type Rule } from '@app/ui/form';
import { Input } from '@app/ui/input';
import { List } from '@app/ui/list';
import { Page } from '@app/ui/page';
import { Selector } from '@app/ui/selector';
import { Amount } from '@app/widgets/amount';
import { ChinaTime } from '@app/widgets/china-time';
import { LoadingCard, PageForm } from '@app/widgets/form-page';
import { Note } from '@app/widgets/note';
import { SectionHeader } from '@app/widgets/section-header';
import { LoadedView } from '@app/widgets/state-view';
import { useLoaded } from '@app/widgets/use-loaded-by-code';
import { WhenOpened } from '@app/widgets/when-opened';
import { TaxiOnlyPage } from '../../features/taxi-only/TaxiOnlyPage';
import { TripRow } from '../../features/trips/TripRow';
import type { TaxiTrip } from '../../features/trips/trips-api';
import { createTaxiInvoice, invoiceableTrips } from './taxi-invoice-api';
import { deliveryFields, deliveryOf, deliveryText } from './trip-delivery';
import './taxi-invoice-create.css';

const TitlePicker = lazy(() => import('@app/widgets/title-picker').then((module) => ({ default: module.TitlePicker })));

type BuyerValues = { kind: TitleKind[]; name: string; taxNumber: string };
/** The buyer's details the form does not show (address, phone, bank), from the title or the passenger's request. */
type BuyerRest = Pick<InvoiceParty, 'address' | 'phone' | 'bankName' | 'bankAccount'>;
const NO_REST: BuyerRest = { address: '', phone: '', bankName: '', bankAccount: '' };

/** Whose trip it is: one invoice is for one passenger. */
const passengerOf = (trip: TaxiTrip) => trip.passengerName ?? '';

function buyerRule(field: 'name' | 'taxNumber', form: ReturnType<typeof Form.useForm<BuyerValues>>[0]): Rule {
  return {
    validator: async () => {
      const values = form.getFieldsValue(true) as BuyerValues;
      const problems = titleBuyerProblems(
        { ...NO_REST, kind: values.kind[0] ?? '个人', name: values.name.trim(), taxNumber: values.taxNumber.trim() },
        '数电普票',
      );
      const problem = problems[field];
      if (problem) throw new Error(problem);
    },
  };
}

function TripLines({ trips }: { trips: TaxiTrip[] }) {
  const total = trips.reduce((sum, trip) => sum + trip.fareFen, 0);
  return (
    <List mode="card" header={`开票明细（${trips.length} 行）`} aria-label="开票明细">
      {trips.map((trip, index) => (
        <List.Item
          key={trip.id}
          extra={<Amount fen={trip.fareFen} />}
          description={
            <>
              <ChinaTime at={trip.startTime} /> – <ChinaTime at={trip.endTime} /> ·{' '}
              <span className="taxi-invoice__distance">{formatKilometres(trip.distanceMetres)} 公里</span>
            </>
          }
        >
          {index + 1}. 客运服务费 {trip.licensePlateNumber}
        </List.Item>
      ))}
      <List.Item extra={<Amount fen={total} size="large" />}>价税合计</List.Item>
    </List>
  );
}

/** The trips to choose from: once one is chosen, other passengers' trips are muted and cannot be. */
function TripChoice({
  trips,
  chosen,
  passenger,
  onToggle,
}: {
  trips: TaxiTrip[];
  chosen: string[];
  passenger: string | null;
  onToggle: (trip: TaxiTrip, on: boolean) => void;
}) {
  return (
    <>
      <SectionHeader
        level={2}
        title="选择行程"
        extra={passenger !== null ? `乘客 ${passenger || '未知'}` : '同一乘客的行程可合并开票'}
        className="taxi-invoice__head"
      />
      <fieldset className="taxi-invoice__trips" aria-label="待开票行程">
        {trips.map((trip) => {
          const other = passenger !== null && passengerOf(trip) !== passenger;
          const on = chosen.includes(trip.id);
          return (
            <TripRow
              key={trip.id}
              trip={trip}
              muted={other}
              leading={
                <Checkbox
                  aria-label={`选择 ${trip.fromPlace} → ${trip.toPlace}`}
                  checked={on}
                  disabled={other}
                  onChange={(checked) => onToggle(trip, checked)}
                />
              }
              extraLine={<Note small>{trip.passengerName ? `乘客 ${trip.passengerName}` : '乘客未知'}</Note>}
            />
          );
        })}
      </fieldset>
    </>
  );
}

function InvoiceForm({ trips }: { trips: TaxiTrip[] }) {
  const navigate = useNavigate();
  const [form] = Form.useForm<BuyerValues>();
  const [chosen, setChosen] = useState<string[]>([]);
  const [rest, setRest] = useState<BuyerRest>(NO_REST);
  const [titleEmail, setTitleEmail] = useState('');
  const [picking, setPicking] = useState(false);
  const serial = useRef<string | null>(null);
  const chosenTrips = trips.filter((trip) => chosen.includes(trip.id));
  const passenger = chosenTrips[0] ? passengerOf(chosenTrips[0]) : null;
  const delivery = deliveryOf(chosenTrips, titleEmail);

  function fillBuyer(buyer: TitleBuyer) {
    form.setFieldsValue({ kind: [buyer.kind], name: buyer.name, taxNumber: buyer.taxNumber });
    setRest({ address: buyer.address, phone: buyer.phone, bankName: buyer.bankName, bankAccount: buyer.bankAccount });
  }

  function toggle(trip: TaxiTrip, on: boolean) {
    const next = on ? [...chosen, trip.id] : chosen.filter((id) => id !== trip.id);
    setChosen(next);
    // The first trip chosen brings the title its passenger asked for.
    if (on && chosen.length === 0 && trip.invoiceBuyer)
      fillBuyer({ ...trip.invoiceBuyer, kind: trip.invoiceBuyer.naturalPerson ? '个人' : '企业' });
  }

  async function issue(values: BuyerValues) {
    if (chosenTrips.length === 0) {
      showToast('请选择要开票的行程');
      return;
    }
    if (!(await ensureTaxReady())) return;
    serial.current ??= newRequestSerial();
    const buyer = buyerOfTitle({ ...rest, kind: values.kind[0] ?? '个人', name: values.name, taxNumber: values.taxNumber });
    const created = await createTaxiInvoice({
      requestSerial: serial.current,
      tripIds: chosenTrips.map((trip) => trip.id),
      buyer,
      ...deliveryFields(delivery),
    });
    serial.current = null;
    showToast({ icon: 'success', content: '已提交开票' });
    navigate(appHref('invoiceTaskDetail', {}, { id: created.taskId }));
  }

  return (
    <>
      <TripChoice trips={trips} chosen={chosen} passenger={passenger} onToggle={toggle} />
      {chosenTrips.length > 0 ? (
        <>
          <TripLines trips={chosenTrips} />
          <Note as="p" className="taxi-invoice__delivery">
            {deliveryText(delivery)}
          </Note>
        </>
      ) : null}
      <PageForm
        form={form}
        initialValues={{ kind: ['个人'], name: '', taxNumber: '' }}
        onSubmit={issue}
        nameOf={(path) => (path === 'buyer.name' ? 'name' : path === 'buyer.taxNumber' ? 'taxNumber' : null)}
        submitText="开具发票"
        submittingText="提交中"
      >
        <Form.Header>
          购买方
          <button type="button" className="taxi-invoice__pick" onClick={() => setPicking(true)}>
            选择抬头
          </button>
        </Form.Header>
        <Form.Item name="kind" label="类型" normalize={(value: TitleKind[], previous: TitleKind[]) => (value.length ? value : previous)}>
          <Selector
            columns={2}
            options={[
              { value: '个人', label: '个人' },
              { value: '企业', label: '企业' },
            ]}
          />
        </Form.Item>
        <Form.Item name="name" label="名称" rules={[buyerRule('name', form)]}>
          <Input placeholder="购买方名称" maxLength={100} clearable />
        </Form.Item>
        <Form.Item name="taxNumber" label="税号" dependencies={['kind']} rules={[buyerRule('taxNumber', form)]}>
          <Input placeholder="企业必填，个人选填" maxLength={20} clearable />
        </Form.Item>
      </PageForm>
      <WhenOpened visible={picking}>
        <TitlePicker
          visible={picking}
          onClose={() => setPicking(false)}
          onPick={(title: Title) => {
            setPicking(false);
            fillBuyer(title);
            setTitleEmail(title.email);
          }}
        />
      </WhenOpened>
    </>
  );
}

/** The trips a taxi company can invoice, or the way to get some. */
function InvoiceableTrips() {
  const navigate = useNavigate();
  const { loaded, retry } = useLoaded(invoiceableTrips);
  return (
    <LoadedView
      loaded={loaded}
      placeholder={<LoadingCard label="行程加载中" />}
      missing={{ title: '没有找到行程' }}
      failedTitle="行程加载失败"
      onRetry={retry}
    >
      {(trips) =>
        trips.length === 0 ? (
          <div className="taxi-invoice__empty">
            <Note as="p">没有待开票的行程：乘客领取行程后，可在这里为其开票</Note>
            <Button color="primary" fill="outline" onClick={() => navigate(appHref('home'))}>
              返回首页
            </Button>
          </div>
        ) : (
          <InvoiceForm trips={trips} />
        )
      }
    </LoadedView>
  );
}

export default function TaxiInvoiceCreatePage() {
  const title = useRouteMeta()?.title ?? '出租车发票';
  const { isTaxiUser } = useSession();
  if (!isTaxiUser) return <TaxiOnlyPage title={title} description="出租车企业在这里为乘客已领取的行程开具发票" />;
  return (
    <Page title={title}>
      <InvoiceableTrips />
    </Page>
  );
}
