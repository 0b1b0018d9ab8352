/**
 * The ticket remote's first-screen build (docs/architecture.md, "First screens from the server"): the server paints
 * 票夹 (`/ticket/index`) with it for a company's user: the folder's totals and first rows, from the answer the page
 * carries.
 */
import { appPaths } from '@app/host-sdk/paths';
import { isCompanyUser } from '@app/host-sdk/roles';
import { tabFirstScreen } from '@app/host-sdk/tab-first-screen-server';
import TicketIndexPage from './pages/ticket-index/TicketIndexPage';
import { TICKET_INDEX_META } from './pages/ticket-index/ticket-index-meta';

export const { render } = tabFirstScreen('ticket', [
  {
    path: appPaths.ticketIndex,
    meta: TICKET_INDEX_META,
    Page: TicketIndexPage,
    paints: (user) => isCompanyUser(user) && !!user.companyInfo,
  },
]);
