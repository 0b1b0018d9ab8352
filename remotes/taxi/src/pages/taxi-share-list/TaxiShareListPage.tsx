/**
 * `/taxi/share/list` (分享记录): the company's shared trips, newest first, by state (待领取, 已领取, 待开票, 已开票…);
 * each opens its share page (the QR code again, the state). Kept in the page cache, it reloads when shown again: a
 * passenger may have received a trip meanwhile.
 */
import { appHref } from '@app/host-sdk/paths';
import { useRef, useState } from 'react';
import { useNavigate, useRouteMeta } from '@app/host-sdk/router';
import { useSession } from '@app/host-sdk/session-hooks';
import { Button } from '@app/ui/button';
import { Page } from '@app/ui/page';
import { PagedList, type PagedListHandle } from '@app/ui/paged-list';
import { FilterBar, FilterChoice, FilterMenu, type FilterBarHandle } from '@app/widgets/list-filters';
import { ListRowLine } from '@app/widgets/list-row';
import { useShownAgain } from '@app/widgets/use-shown-again';
import { TaxiOnlyPage } from '../../features/taxi-only/TaxiOnlyPage';
import { TripRow } from '../../features/trips/TripRow';
import { queryTrips, type TaxiTrip, type TripState } from '../../features/trips/trips-api';
import { href } from '../../paths';

/** The states of a trip once shared. */
const SHARED_STATES = ['待领取', '已领取', '待开票', '开票中', '已开票'] as const satisfies readonly TripState[];
const STATE_OPTIONS = SHARED_STATES.map((state) => ({ value: state, label: state }));

function ShareList() {
  const navigate = useNavigate();
  const dropdown = useRef<FilterBarHandle>(null);
  const list = useRef<PagedListHandle>(null);
  const [state, setState] = useState<TripState | null>(null);
  useShownAgain(() => void list.current?.reload());

  return (
    <PagedList<TaxiTrip>
      ref={list}
      queryKey={`shared:${state ?? ''}`}
      load={(page) => queryTrips(state ? { state } : {}, page)}
      itemKey={(trip) => trip.id}
      // A trip recorded but never shared has no share page: it is not a share.
      renderItem={(trip) =>
        trip.shareCode ? (
          <TripRow
            trip={trip}
            onClick={() => navigate(href('taxiTripShare', {}, { id: trip.id }))}
            extraLine={trip.passengerName ? <ListRowLine label="乘客">{trip.passengerName}</ListRowLine> : null}
          />
        ) : null
      }
      header={
        <FilterBar ref={dropdown}>
          <FilterMenu key="state" title={state ?? '全部状态'} highlight={state !== null}>
            <FilterChoice
              options={STATE_OPTIONS}
              value={state}
              onPick={(picked) => {
                dropdown.current?.close();
                setState(picked);
              }}
            />
          </FilterMenu>
        </FilterBar>
      }
      empty={
        state
          ? { description: `没有${state}的行程` }
          : {
              description: '还没有分享过行程',
              action: (
                <Button color="primary" size="small" onClick={() => navigate(appHref('taxiTrip'))}>
                  记录行程
                </Button>
              ),
            }
      }
    />
  );
}

export default function TaxiShareListPage() {
  const title = useRouteMeta()?.title ?? '分享记录';
  const { isTaxiUser } = useSession();
  if (!isTaxiUser) return <TaxiOnlyPage title={title} description="出租车企业在这里查看分享给乘客的行程" />;
  return (
    <Page title={title}>
      <ShareList />
    </Page>
  );
}
