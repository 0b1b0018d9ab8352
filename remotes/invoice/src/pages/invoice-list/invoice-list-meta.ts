/** 发票列表's route meta: its route (routes.ts) and its first screen painted by the server (first-screen.tsx) share it. */
import { pageMeta } from '@app/host-sdk/route-meta';

export const INVOICE_LIST_META = pageMeta('InvoiceList', '发票列表', { tabBar: true });
