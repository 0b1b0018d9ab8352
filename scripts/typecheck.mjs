// `npm run typecheck`: the type check `npm test` starts with (tsc --noEmit in every package), on its own.
import { ensureInstall, pnpm } from './ensure-install.mjs';

ensureInstall();
try {
  pnpm(['-r', '--workspace-concurrency=2', '--reporter=append-only', 'run', 'typecheck']);
} catch {
  process.exit(1);
}
