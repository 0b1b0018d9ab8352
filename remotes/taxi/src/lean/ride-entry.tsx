/**
 * The ride page as a lean page (docs/architecture.md, "Pages a phone opens cold"): what a passenger's phone loads when
 * it opens `/taxi/ride/{code}` cold after scanning the QR code in the taxi, served by the server in place of the host.
 * The same page as the federated route (TaxiRide), with the host's start-up and guard rules from
 * `@app/host-sdk/lean-page`, no router and no Module Federation runtime. 我的行程 is a full load of the host.
 */
import { renderLeanPage } from '@app/host-sdk/lean-page';
import { TAXI_RIDE_META } from '../pages/taxi-ride/meta';
import { TaxiRide } from '../pages/taxi-ride/TaxiRide';
import { getTripByCode } from '../features/trips/trips-api';
import { paths } from '../paths';

void renderLeanPage({
  meta: TAXI_RIDE_META,
  owner: 'taxi',
  path: paths.taxiRide,
  // Signed in: `taxiTrip/get` goes out with the config and user calls; back from signing in, with the user call once
  // the code's exchange has answered (it needs the session).
  start: ({ code }) => getTripByCode(code),
  startNeedsSession: true,
  render: ({ code }, trip) => <TaxiRide code={code} navigate={(to) => window.location.assign(to)} firstTrip={trip} />,
});
