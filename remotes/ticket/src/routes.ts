/** The ticket remote's pages (exposed as `./routes`): every route of spec §2 it owns. */
import { routePaths } from '@app/host-sdk/paths';
import { pageMeta, type RemoteRoute } from '@app/host-sdk/route-meta';

export const routes: RemoteRoute[] = [
  {
    path: routePaths.ticketIndex,
    meta: pageMeta('TicketIndex', '票夹', { tabBar: true }),
    page: () => import('./pages/ticket-index/TicketIndexPage'),
  },
  {
    path: routePaths.ticketDetail,
    meta: pageMeta('TicketDetail', '票据详情'),
    page: () => import('./pages/ticket-detail/TicketDetailPage'),
  },
  {
    path: routePaths.ticketImport,
    meta: pageMeta('TicketImport', '导入发票'),
    page: () => import('./pages/ticket-import/TicketImportPage'),
  },
  {
    path: routePaths.ticketImportImage,
    meta: pageMeta('TicketImportImage', '图片导入'),
    page: () => import('./pages/ticket-import-image/TicketImportImagePage'),
  },
  {
    path: routePaths.ticketImportInput,
    meta: pageMeta('TicketImportInput', '手动录入'),
    page: () => import('./pages/ticket-import-input/TicketImportInputPage'),
  },
];
