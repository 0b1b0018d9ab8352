/**
 * The taxi remote's own pages, by name: the one place each pattern is written. `routes.ts` routes them and the
 * pages link to them with `href` from here, so adding a page needs no host release (README.md, "Developing one
 * remote").
 *
 * Its pages that other apps link to (`taxiInvoiceCreate`, and those 我的 lists: `taxiTrip`, `taxiCars`, `taxiShareList`,
 * `myTaxiTrip`, `myTrip`, `myPassenger`) are named in `@app/host-sdk/paths` instead, and only there:
 * `routes.ts` routes them with `appPaths`, the pages link to them with `appHref`.
 */
import { definePaths } from '@app/host-sdk/define-paths';

export const { paths, href } = definePaths({
  taxiInvoiceReturn: '/invoice/taxi/return',
  taxiTripShare: '/taxi/trip/share',
  /** The passenger's page of a shared trip (`/t/{code}` leads here); also a lean page (src/lean/ride-entry.tsx). */
  taxiRide: '/taxi/ride/:code',
} as const);
