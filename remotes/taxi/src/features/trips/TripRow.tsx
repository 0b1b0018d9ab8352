/** A trip in a list: the route, its state and fare, the car and the times under it. */
import type { ReactNode } from 'react';
import { formatKilometres } from '@app/domain/taxi-trip';
import { Amount } from '@app/widgets/amount';
import { ChinaTime } from '@app/widgets/china-time';
import { ListRow, ListRowLine } from '@app/widgets/list-row';
import { TripStateTag } from './trip-state';
import type { TaxiTrip } from './trips-api';

export interface TripRowProps {
  trip: TaxiTrip;
  onClick?: () => void;
  /** Before the row: a checkbox. */
  leading?: ReactNode;
  /** A line of its own under the facts (the passenger, the company). */
  extraLine?: ReactNode;
  muted?: boolean;
}

export function TripRow({ trip, onClick, leading, extraLine, muted }: TripRowProps) {
  return (
    <ListRow
      aria-label={`${trip.fromPlace} → ${trip.toPlace}`}
      title={`${trip.fromPlace} → ${trip.toPlace}`}
      tags={<TripStateTag state={trip.state} />}
      extra={<Amount fen={trip.fareFen} size="medium" />}
      leading={leading}
      onClick={onClick}
      muted={muted}
    >
      <ListRowLine label="车牌">
        {trip.licensePlateNumber} · {formatKilometres(trip.distanceMetres)} 公里
      </ListRowLine>
      <ListRowLine label="时间">
        <ChinaTime at={trip.startTime} /> – <ChinaTime at={trip.endTime} />
      </ListRowLine>
      {extraLine}
    </ListRow>
  );
}
