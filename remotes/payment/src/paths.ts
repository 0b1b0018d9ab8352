/**
 * The payment remote's own pages, by name: the one place each pattern is written. `routes.ts` routes them and the
 * pages link to them with `href` from here, so adding a page needs no host release (README.md, "Developing one
 * remote").
 *
 * Its pages that other apps link to (`paymentList`, `shop`) are named in `@app/host-sdk/paths` instead, and only
 * there: `routes.ts` routes them with `appPaths`, the pages link to them with `appHref`.
 */
import { definePaths } from '@app/host-sdk/define-paths';

export const { paths, href } = definePaths({
  paymentDetail: '/payment/detail',
  cashReturn: '/cash/return',
} as const);
