/** The ride page's server build (ride-page.tsx): the server paints its first screen with it, for the passenger's session. */
import { leanFirstScreen } from '@app/host-sdk/lean-page-server';
import { RIDE_LEAN_PAGE } from './ride-page';

export const { firstCall, render } = leanFirstScreen(RIDE_LEAN_PAGE);
