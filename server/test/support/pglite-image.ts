/**
 * The image every in-memory PGlite database of the tests starts from (openDatabase's `pgliteImage`): a migrated empty
 * database, so a test database costs a load instead of PGlite's initdb and the migrations, several times as much CPU.
 * Global setup (global-setup.ts) makes it once per run into the file PGLITE_TEST_IMAGE names; a test file reads it
 * once. Without that file (a test run without the setup) a test file makes its own, once.
 */
import { cp, readFile } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { migratedPgliteImage, openDatabase, PGLITE_EXTENSIONS, type DatabaseTarget, type OpenOptions } from '../../src/db/database';

export const PGLITE_IMAGE_ENV = 'PGLITE_TEST_IMAGE';
/** A PGlite data folder holding the same migrated empty database, for server processes (process-database.ts). */
export const PGLITE_FOLDER_ENV = 'PGLITE_TEST_FOLDER';

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

/** Writes the image out as a PGlite data folder at `folder` (new): PGlite loads it there instead of running initdb. */
export async function writePgliteFolder(image: Blob, folder: string): Promise<void> {
  const client = await PGlite.create({ dataDir: folder, loadDataDir: image, extensions: PGLITE_EXTENSIONS });
  await client.close();
}

/**
 * Fills `folder` (a server's `DATA_DIR/pglite`, not there yet) with a copy of global setup's migrated empty folder, so a
 * server process starts as on a database it migrated before; without the setup's folder the server makes it.
 */
export async function copyPgliteFolder(folder: string): Promise<void> {
  const template = process.env[PGLITE_FOLDER_ENV];
  if (template) await cp(template, folder, { recursive: true });
}
