/**
 * `/my/taxi/trip` (企业行程): a taxi manager's view of the company's trips, newest first, by car and by China day range
 * (今天, 近 7 天, 近 30 天, 本月), with the totals of the filter (trips, fare, kilometres) above the list.
 */
import { useRef, useState } from 'react';
import { addChinaDays, chinaDate, chinaMonth } from '@app/domain/china-time';
import { formatKilometres } from '@app/domain/taxi-trip';
import { hasPermission } from '@app/host-sdk/roles';
import { useRouteMeta } from '@app/host-sdk/router';
import { useSession } from '@app/host-sdk/session-hooks';
import { Page } from '@app/ui/page';
import { PagedList } from '@app/ui/paged-list';
import { Amount } from '@app/widgets/amount';
import { FilterBar, FilterChoice, FilterMenu, type FilterBarHandle } from '@app/widgets/list-filters';
import { ListRowLine } from '@app/widgets/list-row';
import { useCompanyCars } from '../../features/cars/use-company-cars';
import { TaxiOnlyPage } from '../../features/taxi-only/TaxiOnlyPage';
import { TripRow } from '../../features/trips/TripRow';
import { queryTrips, type TaxiTrip, type TripQuery, type TripTotals } from '../../features/trips/trips-api';
import './my-taxi-trip.css';

type Range = 'today' | 'week' | 'month30' | 'thisMonth';
const RANGES: { value: Range; label: string }[] = [
  { value: 'today', label: '今天' },
  { value: 'week', label: '近 7 天' },
  { value: 'month30', label: '近 30 天' },
  { value: 'thisMonth', label: '本月' },
];

/** The China days of a range, ending today. */
export function daysOf(range: Range, now = new Date()): Pick<TripQuery, 'fromDay' | 'toDay'> {
  const toDay = chinaDate(now);
  const fromDay =
    range === 'today'
      ? toDay
      : range === 'week'
        ? addChinaDays(toDay, -6)
        : range === 'month30'
          ? addChinaDays(toDay, -29)
          : `${chinaMonth(now)}-01`;
  return { fromDay, toDay };
}

function Totals({ totals }: { totals: TripTotals | null }) {
  return (
    <section className="taxi-totals" aria-label="合计">
      <div>
        <span>行程</span>
        <strong>{totals ? totals.trips : '—'}</strong>
      </div>
      <div>
        <span>车费</span>
        <strong>{totals ? <Amount fen={totals.fareFen} /> : '—'}</strong>
      </div>
      <div>
        <span>里程（公里）</span>
        <strong>{totals ? formatKilometres(totals.distanceMetres) : '—'}</strong>
      </div>
    </section>
  );
}

function CompanyTrips() {
  const { cars } = useCompanyCars();
  const dropdown = useRef<FilterBarHandle>(null);
  const [carId, setCarId] = useState<string | null>(null);
  const [range, setRange] = useState<Range | null>(null);
  const [totals, setTotals] = useState<TripTotals | null>(null);
  const query: TripQuery = { ...(carId && { carId }), ...(range && daysOf(range)) };
  const pick = (change: () => void) => {
    dropdown.current?.close();
    setTotals(null);
    change();
  };
  const car = cars.find((one) => one.id === carId);
  return (
    <PagedList<TaxiTrip>
      queryKey={JSON.stringify(query)}
      load={async (page) => {
        const result = await queryTrips(query, page);
        if (page === 1) setTotals(result.totals);
        return result;
      }}
      itemKey={(trip) => trip.id}
      renderItem={(trip) => (
        <TripRow trip={trip} extraLine={trip.passengerName ? <ListRowLine label="乘客">{trip.passengerName}</ListRowLine> : null} />
      )}
      header={
        <>
          <FilterBar ref={dropdown}>
            <FilterMenu key="car" title={car?.licensePlateNumber ?? '全部车辆'} highlight={carId !== null}>
              <FilterChoice
                options={cars.map((one) => ({ value: one.id, label: one.licensePlateNumber }))}
                value={carId}
                allLabel="全部车辆"
                onPick={(picked) => pick(() => setCarId(picked))}
              />
            </FilterMenu>
            <FilterMenu key="range" title={RANGES.find((one) => one.value === range)?.label ?? '全部日期'} highlight={range !== null}>
              <FilterChoice options={RANGES} value={range} allLabel="全部日期" onPick={(picked) => pick(() => setRange(picked))} />
            </FilterMenu>
          </FilterBar>
          <Totals totals={totals} />
        </>
      }
      empty={{ description: carId || range ? '没有符合条件的行程' : '还没有行程' }}
    />
  );
}

export default function MyTaxiTripPage() {
  const title = useRouteMeta()?.title ?? '企业行程';
  const { user, isTaxiUser } = useSession();
  if (!isTaxiUser || !hasPermission(user, 'company_manage'))
    return <TaxiOnlyPage title={title} description="出租车企业的管理员在这里按车辆和日期查看企业的全部行程" />;
  return (
    <Page title={title}>
      <CompanyTrips />
    </Page>
  );
}
