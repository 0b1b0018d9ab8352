/** 我的's route meta: its route (routes.ts) and its first screen painted by the server (first-screen.tsx) share it. */
import { pageMeta } from '@app/host-sdk/route-meta';

export const MY_META = pageMeta('My', '我的', { tabBar: true });
