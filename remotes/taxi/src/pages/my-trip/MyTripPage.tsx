/**
 * `/my/trip` (我的行程): the trips the passenger received, newest first, each with its state. Received trips (已领取)
 * of one taxi company can be chosen together and 申请开票 asks that company for one invoice to one of the passenger's
 * titles (`taxiTrip/applyInvoice`); trips of another company wait until the choice is cleared.
 */
import { lazy, useRef, useState } from 'react';
import type { Title } from '@app/domain/invoice-title';
import { useRouteMeta } from '@app/host-sdk/router';
import { Button } from '@app/ui/button';
import { Checkbox } from '@app/ui/checkbox';
import { showToast } from '@app/ui/feedback';
import { Page } from '@app/ui/page';
import { PagedList, type PagedListHandle } from '@app/ui/paged-list';
import { BottomBar } from '@app/widgets/bottom-bar';
import { ListRowLine } from '@app/widgets/list-row';
import { useShownAgain } from '@app/widgets/use-shown-again';
import { WhenOpened } from '@app/widgets/when-opened';
import { TripRow } from '../../features/trips/TripRow';
import { applyInvoice, getMyTrips, type TaxiTrip } from '../../features/trips/trips-api';

const TitlePicker = lazy(() => import('@app/widgets/title-picker').then((module) => ({ default: module.TitlePicker })));

export default function MyTripPage() {
  const title = useRouteMeta()?.title ?? '我的行程';
  const list = useRef<PagedListHandle>(null);
  const [chosen, setChosen] = useState<TaxiTrip[]>([]);
  const [picking, setPicking] = useState(false);
  const [busy, setBusy] = useState(false);
  useShownAgain(() => void list.current?.reload());
  const company = chosen[0]?.companyName ?? null;

  const toggle = (trip: TaxiTrip, on: boolean) =>
    setChosen((previous) => (on ? [...previous, trip] : previous.filter((one) => one.id !== trip.id)));

  async function apply(picked: Title) {
    setPicking(false);
    setBusy(true);
    try {
      await applyInvoice(
        chosen.map((trip) => trip.id),
        picked.id,
        picked.email,
      );
      showToast({ icon: 'success', content: '已申请开票' });
      setChosen([]);
      await list.current?.reload();
    } catch {
      // The API client has shown why.
    } finally {
      setBusy(false);
    }
  }

  return (
    <Page title={title}>
      <PagedList<TaxiTrip>
        ref={list}
        queryKey="my-trips"
        load={(page) => getMyTrips(page)}
        itemKey={(trip) => trip.id}
        renderItem={(trip) => {
          const open = trip.state === '已领取';
          const other = company !== null && trip.companyName !== company;
          return (
            <TripRow
              trip={trip}
              muted={open && other}
              leading={
                open ? (
                  <Checkbox
                    aria-label={`选择 ${trip.fromPlace} → ${trip.toPlace}`}
                    checked={chosen.some((one) => one.id === trip.id)}
                    disabled={other}
                    onChange={(on) => toggle(trip, on)}
                  />
                ) : undefined
              }
              extraLine={<ListRowLine label="企业">{trip.companyName}</ListRowLine>}
            />
          );
        }}
        empty={{ description: '还没有领取过行程：乘坐出租车时扫描司机出示的二维码领取' }}
      />
      <BottomBar>
        <Button block color="primary" size="large" disabled={chosen.length === 0 || busy} loading={busy} onClick={() => setPicking(true)}>
          {chosen.length ? `申请开票（${chosen.length} 个行程）` : '选择已领取的行程申请开票'}
        </Button>
      </BottomBar>
      <WhenOpened visible={picking}>
        <TitlePicker visible={picking} onClose={() => setPicking(false)} onPick={(picked) => void apply(picked)} />
      </WhenOpened>
    </Page>
  );
}
