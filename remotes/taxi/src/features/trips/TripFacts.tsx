/**
 * What a trip is, as the driver, the company and the passenger all read it: the car, when it started and ended, from
 * where to where, how far and what it cost (the lines a taxi invoice prints).
 */
import { formatKilometres } from '@app/domain/taxi-trip';
import { Amount } from '@app/widgets/amount';
import { DetailRow } from '@app/widgets/card';
import { ChinaTime } from '@app/widgets/china-time';
import type { TaxiTrip } from './trips-api';

export function TripFacts({ trip, company = false }: { trip: TaxiTrip; company?: boolean }) {
  return (
    <>
      {company ? <DetailRow label="运营企业">{trip.companyName}</DetailRow> : null}
      <DetailRow label="车牌号">{trip.licensePlateNumber}</DetailRow>
      <DetailRow label="上车时间">
        <ChinaTime at={trip.startTime} />
      </DetailRow>
      <DetailRow label="下车时间">
        <ChinaTime at={trip.endTime} />
      </DetailRow>
      <DetailRow label="行程">
        {trip.fromPlace} → {trip.toPlace}
      </DetailRow>
      <DetailRow label="里程">{formatKilometres(trip.distanceMetres)} 公里</DetailRow>
      <DetailRow label="车费">
        <Amount fen={trip.fareFen} />
      </DetailRow>
    </>
  );
}
