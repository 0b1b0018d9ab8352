// `npm run typecheck`: the type check `npm test` starts with (scripts/typecheck-groups.mjs), on its own.
import { ensureInstall } from './ensure-install.mjs';
import { typecheckAll } from './typecheck-groups.mjs';

ensureInstall();
process.exit((await typecheckAll()) ? 0 : 1);
