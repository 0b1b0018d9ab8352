/** 开具发票's route meta: its route (routes.ts) and its first screen painted by the server (first-screen.tsx) share it. */
import { pageMeta } from '@app/host-sdk/route-meta';

export const INVOICE_CREATE_META = pageMeta('InvoiceCreate', '开具发票');
