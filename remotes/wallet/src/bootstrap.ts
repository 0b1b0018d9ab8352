// Standalone page for this remote's team: `pnpm --filter wallet dev`.
import { renderStandalone } from '@app/host-sdk/standalone';
import { routes } from './routes';

void renderStandalone('wallet', routes);
