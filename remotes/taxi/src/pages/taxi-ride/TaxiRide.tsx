/**
 * `/taxi/ride/{code}` (领取行程): what a passenger's phone opens after scanning the QR code in the taxi (its short link
 * `/t/{code}` leads here). It shows the trip — the taxi company, the plate, the times, from and to, the kilometres and
 * the fare — and 领取行程. Once the passenger has it: 申请开票 (one of their titles, `taxiTrip/applyInvoice`) and a
 * link to 我的行程; a trip another passenger received says so (the server's 2005 as it words it).
 *
 * It knows no router: it is given the code and a way to go elsewhere, by the federated route (TaxiRidePage.tsx) or
 * by the lean page a phone opens cold (src/lean/ride-page.tsx). Kept small: the title picker loads when opened.
 */
import { appHref } from '@app/host-sdk/paths';
import { lazy, useState } from 'react';
import { ApiError } from '@app/host-sdk/api-client';
import type { Title } from '@app/domain/invoice-title';
import { Button } from '@app/ui/button';
import { showToast } from '@app/ui/feedback';
import { Page } from '@app/ui/page';
import { Skeleton } from '@app/ui/skeleton';
import { Card } from '@app/widgets/card';
import { Note } from '@app/widgets/note';
import { LoadedView } from '@app/widgets/state-view';
import { useLoadedByCode } from '@app/widgets/use-loaded-by-code';
import { WhenOpened } from '@app/widgets/when-opened';
import { TripFacts } from '../../features/trips/TripFacts';
import { TripStateTag } from '../../features/trips/trip-state';
import { applyInvoice, getTripByCode, receiveTrip, type TaxiTrip } from '../../features/trips/trips-api';
import { TAXI_RIDE_META } from './meta';
import './taxi-ride.css';

const TitlePicker = lazy(() => import('@app/widgets/title-picker').then((module) => ({ default: module.TitlePicker })));

const RECEIVED_NOTES: Partial<Record<TaxiTrip['state'], string>> = {
  已领取: '行程已领取，可申请开票',
  待开票: '已申请开票，出租车公司开具后将发送给您',
  开票中: '发票开具中',
  已开票: '发票已开具',
};

export interface TaxiRideProps {
  /** The trip's share code (`/taxi/ride/{code}`). */
  code: string;
  /** Goes to another address of the app (我的行程). */
  navigate: (to: string) => void;
  /** `taxiTrip/get` for `code`, already under way (the lean page starts it with its start-up calls). */
  firstTrip?: Promise<TaxiTrip>;
  /** The trip the server painted the first screen from (the lean page hydrates it). */
  paintedTrip?: TaxiTrip;
}

interface RideActionsProps {
  trip: TaxiTrip;
  busy: boolean;
  /** Why receiving was refused (2005: another passenger has it), as the server says it. */
  refusal: string | null;
  onReceive(): void;
  onApply(title: Title): void;
  navigate: (to: string) => void;
}

/** What the passenger can do with the trip: 领取行程, then 申请开票 and 我的行程; or why not (another passenger has it). */
function RideActions({ trip, busy, refusal, onReceive, onApply, navigate }: RideActionsProps) {
  const [picking, setPicking] = useState(false);
  if (!trip.receivedByMe && (trip.state !== '待领取' || refusal !== null)) {
    return (
      <Note as="p" tone="danger" role="alert" className="taxi-ride__note">
        {refusal ?? '该行程已被其他乘客领取'}
      </Note>
    );
  }
  if (!trip.receivedByMe) {
    return (
      <Button block color="primary" size="large" loading={busy} disabled={busy} onClick={onReceive}>
        领取行程
      </Button>
    );
  }
  return (
    <>
      {RECEIVED_NOTES[trip.state] ? (
        <Note as="p" tone="hint" className="taxi-ride__note">
          {RECEIVED_NOTES[trip.state]}
        </Note>
      ) : null}
      {trip.state === '已领取' ? (
        <Button block color="primary" size="large" loading={busy} disabled={busy} onClick={() => setPicking(true)}>
          申请开票
        </Button>
      ) : null}
      <Button block fill="outline" color="primary" onClick={() => navigate(appHref('myTrip'))}>
        我的行程
      </Button>
      <WhenOpened visible={picking}>
        <TitlePicker
          visible={picking}
          onClose={() => setPicking(false)}
          onPick={(title) => {
            setPicking(false);
            onApply(title);
          }}
        />
      </WhenOpened>
    </>
  );
}

export function TaxiRide({ code, navigate, firstTrip, paintedTrip }: TaxiRideProps) {
  const { loaded, show, retry } = useLoadedByCode(code, getTripByCode, firstTrip, paintedTrip);
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);

  async function receive(trip: TaxiTrip) {
    setBusy(true);
    try {
      show(await receiveTrip(trip.id, code));
      showToast({ icon: 'success', content: '领取成功' });
    } catch (error) {
      if (error instanceof ApiError && error.errorCode === 2005) setRefusal(error.message);
    } finally {
      setBusy(false);
    }
  }

  async function apply(trip: TaxiTrip, title: Title) {
    setBusy(true);
    try {
      const [applied] = await applyInvoice([trip.id], title.id, title.email);
      if (applied) show(applied);
      showToast({ icon: 'success', content: '已申请开票' });
    } catch {
      // The API client has shown why.
    } finally {
      setBusy(false);
    }
  }

  return (
    <Page title={TAXI_RIDE_META.title}>
      <div className="taxi-ride">
        <LoadedView
          loaded={loaded}
          placeholder={
            <div className="taxi-ride__loading" role="status" aria-busy="true" aria-label="加载中">
              <Skeleton.Title animated />
              <Skeleton.Paragraph animated lineCount={5} />
            </div>
          }
          missing={{ title: '行程不存在', description: '请核对二维码是否正确，或请司机重新出示' }}
          failedTitle="行程加载失败"
          onRetry={retry}
        >
          {(trip) => (
            <>
              <Card raised title={trip.companyName} extra={<TripStateTag state={trip.state} />} aria-label="行程">
                <TripFacts trip={trip} />
              </Card>
              <div className="taxi-ride__actions">
                <RideActions
                  trip={trip}
                  busy={busy}
                  refusal={refusal}
                  onReceive={() => void receive(trip)}
                  onApply={(title) => void apply(trip, title)}
                  navigate={navigate}
                />
              </div>
            </>
          )}
        </LoadedView>
      </div>
    </Page>
  );
}
