// `npm start`: install what is missing, release every app that has no release yet, and serve on PORT (8080). The
// server runs from a bundle of its sources (scripts/server-build.mjs), built again only when they changed, loaded in
// this process (a second Node process would only add its own start).
import { pathToFileURL } from 'node:url';
import { ensureInstall } from './ensure-install.mjs';

ensureInstall();
const { builtEntry } = await import('./server-build.mjs');
const bundle = await builtEntry('scripts/start.ts');
// Stack traces name the sources, as `node --enable-source-maps` would.
process.setSourceMapsEnabled(true);
await import(pathToFileURL(bundle).href);
