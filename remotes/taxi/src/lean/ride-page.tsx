/**
 * The ride page as a lean page (docs/architecture.md, "Pages a phone opens cold"): what a passenger's phone loads when
 * it opens `/taxi/ride/{code}` cold after scanning the QR code in the taxi, served by the server in place of the host.
 * The same page as the federated route (TaxiRide), with the host's start-up and guard rules, no router and no Module
 * Federation runtime; 我的行程 is a full load of the host. Its page script (`ride-entry.tsx`) and its server build
 * (`ride-server.tsx`, which paints the first screen from `taxiTrip/get` for the passenger's session: "First screens
 * from the server") are made from these options.
 */
import type { LeanPageOptions } from '@app/host-sdk/lean-page-tree';
import { getTripByCode, type TaxiTrip } from '../features/trips/trips-api';
import { TAXI_RIDE_META } from '../pages/taxi-ride/meta';
import { TaxiRide } from '../pages/taxi-ride/TaxiRide';
import { paths } from '../paths';

export const RIDE_LEAN_PAGE: LeanPageOptions<typeof paths.taxiRide, Promise<TaxiTrip>, 'taxiTrip/get'> = {
  meta: TAXI_RIDE_META,
  owner: 'taxi',
  path: paths.taxiRide,
  // Signed in: `taxiTrip/get` goes out with the config and user calls; back from signing in, with the user call once
  // the code's exchange has answered (it needs the session); not at all where the server painted the trip.
  start: ({ code }) => getTripByCode(code),
  startNeedsSession: true,
  firstScreen: { path: 'taxiTrip/get', body: ({ code }) => ({ code }) },
  render: ({ code }, trip, { painted }) => (
    <TaxiRide code={code} navigate={(to) => window.location.assign(to)} firstTrip={trip} paintedTrip={painted} />
  ),
};
