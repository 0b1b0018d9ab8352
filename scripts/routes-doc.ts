// `node scripts/run.mjs scripts/routes-doc.ts [--check]`: writes docs/routes.md from the sources (every route, its
// owner, page module and calls; the server files of each call prefix). `--check` only says whether it is stale.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { firstDifference, ROUTES_DOC, ROUTES_DOC_COMMAND, renderRoutesDoc, routesDocPath } from './routes-doc/render';

const root = join(import.meta.dirname, '..');
const expected = renderRoutesDoc(root);
const path = routesDocPath(root);
const actual = existsSync(path) ? readFileSync(path, 'utf8') : '';

if (process.argv.includes('--check')) {
  if (actual !== expected) {
    console.error(`${ROUTES_DOC} is stale: run ${ROUTES_DOC_COMMAND}\n${firstDifference(actual, expected, root)}`);
    process.exit(1);
  }
  console.log(`${ROUTES_DOC} is up to date`);
} else if (actual === expected) {
  console.log(`${ROUTES_DOC} was already up to date`);
} else {
  writeFileSync(path, expected);
  console.log(`wrote ${ROUTES_DOC}`);
}
