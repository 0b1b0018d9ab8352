/**
 * The remote entries in the release store that the fleet's nginx would take for hashed files. An entry must be
 * revalidated on every load (cache-policy.ts), and the builds here name it like a hashed file under `static/`
 * (`static/js/ticket.12ae95e305.js`), so these addresses go to the instances: nginx.conf names each one. The fleet
 * scans the store again while it runs (a release adds a version folder) and reloads nginx when the list grows.
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

/** The entry of one released version as nginx would see it, or null (none, or one nginx passes on anyway). */
async function hashedEntryOf(storeDir: string, app: string, version: string): Promise<string | null> {
  let entry: unknown;
  try {
    const manifest = JSON.parse(await readFile(join(storeDir, app, version, 'mf-manifest.json'), 'utf8')) as { metaData?: { remoteEntry?: { name?: unknown } } };
    entry = manifest.metaData?.remoteEntry?.name;
  } catch {
    return null;
  }
  const path = `/remotes/${app}/${version}/${String(entry)}`;
  return typeof entry === 'string' && entry && new RegExp(hashedFilesPattern()).test(path) ? path : null;
}

/** Scans the store; a version's manifest is read once (a released version's files never change). */
export class RemoteEntryScan {
  private readonly known = new Map<string, string | null>();

  constructor(private readonly storeDir: string) {}

  async entries(): Promise<string[]> {
    const found: string[] = [];
    for (const app of await folders(this.storeDir)) {
      for (const version of await folders(join(this.storeDir, app))) {
        const key = `${app}/${version}`;
        // A folder without its manifest is read again at the next scan.
        if (!this.known.has(key)) {
          const entry = await hashedEntryOf(this.storeDir, app, version);
          if (entry !== null || (await hasManifest(this.storeDir, app, version))) this.known.set(key, entry);
        }
        const entry = this.known.get(key);
        if (entry) found.push(entry);
      }
    }
    return found.sort();
  }
}

async function hasManifest(storeDir: string, app: string, version: string): Promise<boolean> {
  return (await readdir(join(storeDir, app, version)).catch(() => [] as string[])).includes('mf-manifest.json');
}
