// Releases what has never been released, then starts the server (see scripts/start.mjs); the server answers before the
// check of changed sources (it hashes every app's sources), which is only a warning.
import { releaseMissing, warnChangedSources } from '../deploy/src/release-missing';
import { startServer } from '../server/src/start-server';

const log = (line: string) => console.log(line);
await releaseMissing({ log, checkSources: false });
await startServer();
await warnChangedSources({ log });
