/** The ticket remote's pages (exposed as `./routes`): every route of docs/product.md, "Screens and the host" it owns. */
import { appPaths } from '@app/host-sdk/paths';
import { pageMeta, type RemoteRoute } from '@app/host-sdk/route-meta';
import { TICKET_INDEX_META } from './pages/ticket-index/ticket-index-meta';
import { paths } from './paths';

export const routes: RemoteRoute[] = [
  {
    path: appPaths.ticketIndex,
    meta: TICKET_INDEX_META,
    page: () => import('./pages/ticket-index/TicketIndexPage'),
  },
  { path: paths.ticketDetail, meta: pageMeta('TicketDetail', '票据详情'), page: () => import('./pages/ticket-detail/TicketDetailPage') },
  { path: paths.ticketImport, meta: pageMeta('TicketImport', '导入发票'), page: () => import('./pages/ticket-import/TicketImportPage') },
  {
    path: paths.ticketImportImage,
    meta: pageMeta('TicketImportImage', '图片导入'),
    page: () => import('./pages/ticket-import-image/TicketImportImagePage'),
  },
  {
    path: paths.ticketImportInput,
    meta: pageMeta('TicketImportInput', '手动录入'),
    page: () => import('./pages/ticket-import-input/TicketImportInputPage'),
  },
];
