/** 收支's route meta: its route (routes.ts) and its first screen painted by the server (first-screen.tsx) share it. */
import { pageMeta } from '@app/host-sdk/route-meta';

export const PAYMENT_LIST_META = pageMeta('payment_list', '收支', { tabBar: true });
