// Standalone page for this remote's team: `pnpm --filter invoice dev`.
import { renderStandalone } from '@app/host-sdk/standalone';
import { routes } from './routes';

void renderStandalone('invoice', routes);
