/**
 * The image every in-memory PGlite database of the tests starts from (openDatabase's `pgliteImage`): a migrated empty
 * database, so a test database costs a load instead of PGlite's initdb and the migrations, several times as much CPU.
 * Global setup (global-setup.ts) makes it once per run into the file PGLITE_TEST_IMAGE names; a test file reads it
 * once. Without that file (a test run without the setup) a test file makes its own, once.
 */
import { readFile } from 'node:fs/promises';
import { migratedPgliteImage, openDatabase, type DatabaseTarget, type OpenOptions } from '../../src/db/database';

export const PGLITE_IMAGE_ENV = 'PGLITE_TEST_IMAGE';

let image: Promise<Blob> | undefined;

export function pgliteImage(): Promise<Blob> {
  image ??= (async () => {
    const path = process.env[PGLITE_IMAGE_ENV];
    if (path) return new Blob([await readFile(path)], { type: 'application/x-tar' });
    return migratedPgliteImage();
  })();
  return image;
}

/** openDatabase for tests: an in-memory PGlite database starts from the image; anything else opens as the server does. */
export async function openTestDatabase(target: DatabaseTarget, options: OpenOptions = {}): ReturnType<typeof openDatabase> {
  const inMemory = target.kind === 'pglite' && !target.dataDir;
  return openDatabase(target, inMemory ? { ...options, pgliteImage: await pgliteImage() } : options);
}
