/**
 * Global setup of the server's tests: the image of a migrated empty PGlite database that every in-memory test database
 * starts from (pglite-image.ts), made once per run; its file is removed after the run.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { migratedPgliteImage } from '../../src/db/database';
import { PGLITE_IMAGE_ENV } from './pglite-image';

export default async function globalSetup(): Promise<() => Promise<void>> {
  const folder = await mkdtemp(join(tmpdir(), 'pglite-test-image-'));
  const file = join(folder, 'migrated.tar');
  await writeFile(file, new Uint8Array(await (await migratedPgliteImage()).arrayBuffer()));
  process.env[PGLITE_IMAGE_ENV] = file;
  return () => rm(folder, { recursive: true, force: true });
}
