/**
 * The remote entries in the release store that the fleet's nginx would take for hashed files: an entry must be
 * revalidated on every load (cache-policy.ts), so these addresses go to the instances. The builds of this repository
 * write `remoteEntry.js` beside the manifest, outside `static/`, so the list is normally empty.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { hashedFilesPattern } from './nginx-config';

async function folders(dir: string): Promise<string[]> {
  try {
    return (await readdir(dir, { withFileTypes: true })).filter((entry) => entry.isDirectory() && !entry.name.startsWith('.')).map((entry) => entry.name);
  } catch {
    return [];
  }
}

export async function hashedRemoteEntries(storeDir: string): Promise<string[]> {
  const hashed = new RegExp(hashedFilesPattern());
  const found: string[] = [];
  for (const app of await folders(storeDir)) {
    for (const version of await folders(join(storeDir, app))) {
      let entry: unknown;
      try {
        const manifest = JSON.parse(await readFile(join(storeDir, app, version, 'mf-manifest.json'), 'utf8')) as { metaData?: { remoteEntry?: { name?: unknown } } };
        entry = manifest.metaData?.remoteEntry?.name;
      } catch {
        continue;
      }
      const path = `/remotes/${app}/${version}/${String(entry)}`;
      if (typeof entry === 'string' && entry && hashed.test(path)) found.push(path);
    }
  }
  return found.sort();
}
