/**
 * What the server reads of a released remote's `mf-manifest.json` (once per version: a release's files never change):
 * the whole document, which the host's page carries when the remote owns the address, and its entry and the files of
 * its `./routes`, which that page fetches beside the host's own scripts (first-load.ts).
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';

export interface RemoteManifest {
  /** The manifest as read (a JSON object), or undefined where it could not be read or names no entry in its folder. */
  document?: unknown;
  /** The entry, relative to the version's folder (`static/js/ticket.12ae95e305.js`). */
  entry?: string;
  /** The JavaScript and CSS the `./routes` module needs before it runs, relative to the version's folder. */
  routesFiles: string[];
}

interface ManifestFile {
  metaData?: { remoteEntry?: { name?: unknown } };
  exposes?: { name?: unknown; assets?: { js?: { sync?: unknown }; css?: { sync?: unknown } } }[];
}

const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string' && item.length > 0) : [];
/** A file of the version's folder, not a way out of it. */
const inFolder = (file: string) => !file.startsWith('/') && !file.split('/').includes('..') && !/^[a-z]+:/i.test(file);

export function readRemoteManifest(text: string): RemoteManifest {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { routesFiles: [] };
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return { routesFiles: [] };
  const manifest = parsed as ManifestFile;
  const entry = manifest.metaData?.remoteEntry?.name;
  const routes = Array.isArray(manifest.exposes) ? manifest.exposes.find((expose) => expose?.name === 'routes') : undefined;
  const entryFile = typeof entry === 'string' && entry && inFolder(entry) ? entry : undefined;
  return {
    document: entryFile ? parsed : undefined,
    entry: entryFile,
    routesFiles: [...strings(routes?.assets?.js?.sync), ...strings(routes?.assets?.css?.sync)].filter(inFolder),
  };
}

export class RemoteManifests {
  private readonly read = new Map<string, Promise<RemoteManifest>>();

  constructor(private readonly storeDir: string) {}

  of(app: string, version: string): Promise<RemoteManifest> {
    const key = `${app}@${version}`;
    let manifest = this.read.get(key);
    if (!manifest) {
      manifest = readFile(join(this.storeDir, app, version, 'mf-manifest.json'), 'utf8').then(readRemoteManifest, () => ({
        routesFiles: [],
      }));
      this.read.set(key, manifest);
    }
    return manifest;
  }
}
