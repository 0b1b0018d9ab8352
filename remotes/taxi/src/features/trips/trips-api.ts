/**
 * The taxi trip calls (`@app/contract/taxi`): what the driver records and shares, what the company lists, what the
 * passenger receives and asks an invoice for. Money is integer fen, distance whole metres.
 */
import type { CallBody, CallResult } from '@app/contract/api';
import type { TaxiTrip, TripState } from '@app/contract/taxi';
import { callApi } from '@app/host-sdk/api-client';
import { LOAD_PROBLEM_CODES } from '@app/widgets/load-problem';
import type { PagedResult } from '@app/ui/paging';

export type { TaxiTrip, TripState, TripTotals } from '@app/contract/taxi';

/** A trip shared to a passenger: its code, its link (as the server has it) and the trip as it is now. */
export type SharedTrip = CallResult<'taxiTrip/shareTrip'>;
export type TripQuery = Omit<CallBody<'taxiTrip/queryTrips'>, 'page'>;
export type TripPage = CallResult<'taxiTrip/queryTrips'>;

export function createTrip(trip: CallBody<'taxiTrip/create'>): Promise<TaxiTrip> {
  return callApi('taxiTrip/create', trip, { noRepeat: true });
}

/** Shares a trip; sharing it again answers the same code (the server's no-repeat rule). */
export function shareTrip(id: string): Promise<SharedTrip> {
  return callApi('taxiTrip/shareTrip', { id });
}

/** One of the company's trips; an unknown one or another company's the page says itself (`load-problem`). */
export function getTripById(id: string): Promise<TaxiTrip> {
  return callApi('taxiTrip/get', { id }, { handles: LOAD_PROBLEM_CODES });
}

/** The trip behind a share code: anyone signed in may read it (an unknown code the page explains itself). */
export function getTripByCode(code: string): Promise<TaxiTrip> {
  return callApi('taxiTrip/get', { code }, { handles: [4000, 4004] });
}

/** Receives a shared trip; 2005 (another passenger has it) the page shows itself. */
export function receiveTrip(id: string, code: string): Promise<TaxiTrip> {
  return callApi('taxiTrip/receiveTrip', { id, code }, { noRepeat: true, handles: [2005] });
}

export function queryTrips(query: TripQuery, page: number): Promise<TripPage> {
  return callApi('taxiTrip/queryTrips', { ...query, page });
}

export function getMyTrips(page: number, state?: TripState): Promise<PagedResult<TaxiTrip>> {
  return callApi('taxiTrip/getMyTrips', { page, ...(state && { state }) });
}

/** The passenger asks for an invoice for received trips of one company, to one of their titles. */
export function applyInvoice(ids: string[], titleId: string, deliverEmail: string): Promise<TaxiTrip[]> {
  return callApi('taxiTrip/applyInvoice', { ids, titleId, ...(deliverEmail && { deliverEmail }) }, { noRepeat: true }).then(
    (result) => result.trips,
  );
}

/** The absolute link a trip's QR code holds: the short link `/t/{code}`, which opens the ride page. */
export function shareLinkOf(code: string): string {
  return `${window.location.origin}/t/${code}`;
}
