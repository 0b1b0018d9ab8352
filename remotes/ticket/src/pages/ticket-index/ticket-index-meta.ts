/** 票夹's route meta: its route (routes.ts) and its first screen painted by the server (first-screen.tsx) share it. */
import { pageMeta } from '@app/host-sdk/route-meta';

export const TICKET_INDEX_META = pageMeta('TicketIndex', '票夹', { tabBar: true });
