// Releases what has never been released, then starts the server (see scripts/start.mjs).
import { releaseMissing } from '../deploy/src/release-missing';
import { startServer } from '../server/src/start-server';

await releaseMissing({ log: (line) => console.log(line) });
await startServer();
