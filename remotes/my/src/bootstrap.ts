// Standalone page for this remote's team: `pnpm --filter my dev`.
import { renderStandalone } from '@app/host-sdk/standalone';
import { routes } from './routes';

void renderStandalone('my', routes);
