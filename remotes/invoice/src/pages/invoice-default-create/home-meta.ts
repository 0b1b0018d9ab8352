/** The home's route meta: its route (routes.ts) and its first screen painted by the server (first-screen.tsx) share it. */
import { pageMeta } from '@app/host-sdk/route-meta';

export const HOME_META = pageMeta('InvoiceDefaultCreate', '开票', { tabBar: true, keepAlive: false });
