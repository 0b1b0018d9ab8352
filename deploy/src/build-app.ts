/** Builds one app with its versioned public path into a folder, and precompresses what the server will send. */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import { REPO_ROOT, type AppPackage } from './workspace';

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

/** Every app is served from `/remotes/<app>/<version>/` (the host too: only its index.html is served at `/`). */
export function publicPathOf(app: string, version: string): string {
  return `/remotes/${app}/${version}/`;
}

export async function buildApp(app: AppPackage, version: string, outDir: string): Promise<void> {
  const rsbuild = join(app.dir, 'node_modules', '.bin', 'rsbuild');
  await new Promise<void>((resolve, reject) => {
    const child = spawn(rsbuild, ['build'], {
      cwd: app.dir,
      env: { ...process.env, NODE_ENV: 'production', ASSET_PREFIX: publicPathOf(app.name, version), DIST_DIR: outDir },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`构建 ${app.name} 失败 (exit ${code}):\n${output}`))));
  });
  await precompress(outDir);
}

async function* filesUnder(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(path);
    else yield path;
  }
}

/** Text, and WebAssembly (a QR reader's ~1 MB shrinks to a third with brotli). */
const COMPRESSIBLE = /\.(js|css|html|json|svg|txt|wasm)$/;

/** Writes `.gz` and `.br` beside every compressible file over 1 KiB, so the server never compresses per request. */
export async function precompress(dir: string): Promise<void> {
  const work: Promise<void>[] = [];
  for await (const file of filesUnder(dir)) {
    if (!COMPRESSIBLE.test(file) || (await stat(file)).size < 1024) continue;
    work.push(
      readFile(file).then(async (content) => {
        await writeFile(`${file}.gz`, await gzipAsync(content, { level: 9 }));
        await writeFile(`${file}.br`, await brotliAsync(content, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }));
      }),
    );
  }
  await Promise.all(work);
}

/** The precompressed copies `precompress` writes beside a file: derived from it, so not part of what a build is. */
const PRECOMPRESSED = /\.(gz|br)$/;

/**
 * Digest of a build: every file's path (relative to the folder) and bytes, except the precompressed copies (derived
 * from the file beside them, and zlib's output may change with Node). Recorded at release: releasing a version again
 * is a no-op only when its new build has the same digest. An app's build is byte-for-byte reproducible from the same
 * checkout folder (verified: built twice, also while another build ran), not from a copy in another folder (Module
 * Federation's generated modules get other ids there), which therefore counts as different content.
 */
export async function contentHash(dir: string): Promise<string> {
  const files: string[] = [];
  for await (const file of filesUnder(dir)) files.push(relative(dir, file).split(sep).join('/'));
  const all = new Set(files);
  const hash = createHash('sha256');
  for (const file of files.sort()) {
    if (PRECOMPRESSED.test(file) && all.has(file.replace(PRECOMPRESSED, ''))) continue;
    const content = await readFile(join(dir, file));
    hash.update(`${file}\0${content.length}\0`);
    hash.update(content);
  }
  return hash.digest('hex');
}

/** Hash of what an app is built from: its own files and the shared workspace packages. */
export async function sourceHash(app: AppPackage): Promise<string> {
  const hash = createHash('sha256');
  const roots = [app.dir, join(REPO_ROOT, 'shared')];
  for (const root of roots) {
    const files: string[] = [];
    for await (const file of filesUnderSource(root)) files.push(file);
    for (const file of files.sort()) {
      hash.update(relative(REPO_ROOT, file));
      hash.update(await readFile(file));
    }
  }
  return hash.digest('hex').slice(0, 16);
}

async function* filesUnderSource(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist' || entry.name.startsWith('.')) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnderSource(path);
    else yield path;
  }
}
