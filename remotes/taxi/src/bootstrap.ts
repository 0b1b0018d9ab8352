// Standalone page for this remote's team: `pnpm --filter taxi dev`.
import { renderStandalone } from '@app/host-sdk/standalone';
import { routes } from './routes';

void renderStandalone('taxi', routes);
