/** The ride page's lean page script (ride-page.tsx). */
import { renderLeanPage } from '@app/host-sdk/lean-page';
import { RIDE_LEAN_PAGE } from './ride-page';

void renderLeanPage(RIDE_LEAN_PAGE);
