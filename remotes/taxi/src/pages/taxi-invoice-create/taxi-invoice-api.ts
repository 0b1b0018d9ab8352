/** The taxi invoice calls: issuing one for received trips (`taxiInvoice/create`), the trips waiting for one. */
import type { CallBody } from '@app/contract/api';
import type { CreatedInvoice } from '@app/domain/invoice-requests';
import { callApi } from '@app/host-sdk/api-client';
import { queryTrips, type TaxiTrip } from '../../features/trips/trips-api';

export function createTaxiInvoice(request: CallBody<'taxiInvoice/create'>): Promise<CreatedInvoice> {
  return callApi('taxiInvoice/create', request, { noRepeat: true });
}

/** The trips an invoice can be issued for: those the passenger asked one for (待开票) first, then the received ones. */
export async function invoiceableTrips(): Promise<TaxiTrip[]> {
  const [asked, received] = await Promise.all([
    queryTrips({ state: '待开票', pageSize: 100 }, 1),
    queryTrips({ state: '已领取', pageSize: 100 }, 1),
  ]);
  return [...asked.list, ...received.list];
}
