/** The ride page's route meta: routed with it in `routes.ts`, and shown with it by its lean page (`src/lean/ride-entry.tsx`). */
import { pageMeta } from '@app/host-sdk/route-meta';

export const TAXI_RIDE_META = pageMeta('TaxiRide', '领取行程');
