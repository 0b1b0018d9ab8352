/**
 * The invoice remote's own pages, by name: the one place each pattern is written. `routes.ts` routes them and the
 * pages link to them with `href` from here, so adding a page needs no host release (README.md, "Developing one
 * remote").
 *
 * Its pages that other apps link to (`home`, `invoiceTaskDetail`, `titlesList`) are named in `@app/host-sdk/paths` instead, and only
 * there: `routes.ts` routes them with `appPaths`, the pages link to them with `appHref`.
 */
import { definePaths } from '@app/host-sdk/define-paths';

export const { paths, href } = definePaths({
  invoiceCreate: '/invoice/create',
  invoiceReturn: '/invoice/return',
  invoiceList: '/invoice/list',
  invoiceApplyingList: '/invoice/applying/list',
  invoiceWaitingList: '/invoice/waiting/list',
  invoiceTaskList: '/invoice/task/list',
  invoiceQrcode: '/invoice/qrcode',
  titlesCreate: '/titles/create',
} as const);
