/**
 * The taxi remote's own pages, by name: the one place each pattern is written. `routes.ts` routes them and the
 * pages link to them with `href` from here, so adding a page needs no host release (README.md, "Developing one
 * remote").
 *
 * Its pages that other apps link to (`taxiInvoiceCreate`) are named in `@app/host-sdk/paths` instead, and only there:
 * `routes.ts` routes them with `appPaths`, the pages link to them with `appHref`.
 */
import { definePaths } from '@app/host-sdk/define-paths';

export const { paths, href } = definePaths({
  taxiInvoiceReturn: '/invoice/taxi/return',
  taxiCars: '/taxi/cars',
  taxiTrip: '/taxi/trip',
  taxiTripShare: '/taxi/trip/share',
  taxiShareList: '/taxi/share/list',
  myTaxiTrip: '/my/taxi/trip',
  myPassenger: '/my/passenger',
  myTrip: '/my/trip',
  /** The passenger's page of a shared trip (`/t/{code}` leads here); also a lean page (src/lean/ride-entry.tsx). */
  taxiRide: '/taxi/ride/:code',
} as const);
