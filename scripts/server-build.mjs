// The server as one built file, so `npm start` loads JavaScript instead of compiling TypeScript at every start
// (docs/server.md, "Starting"). `builtEntry('scripts/start.ts')` bundles that entry with esbuild into
// `.build/server/` — the workspace's own packages (`@app/*`, TypeScript sources) inside it, every other package left
// to node_modules — and returns the bundle's path. It bundles again only when one of the files that went into the
// last bundle changed (their sizes and modification times are kept beside it), so an unchanged checkout starts from
// the bundle at once. Each source's `import.meta.dirname` and `import.meta.url` stay its own (the migrations folder,
// the fonts), not the bundle's.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { createRequire } from 'node:module';
import { ROOT } from './ensure-install.mjs';

const OUT_DIR = join(ROOT, '.build', 'server');
// esbuild itself is loaded only to bundle: a start from an unchanged bundle needs just its version.
const ESBUILD_VERSION = createRequire(import.meta.url)('esbuild/package.json').version;

/** Keeps `import.meta.dirname` and `import.meta.url` of each bundled source file pointing at that file. */
const ownImportMeta = {
  name: 'own-import-meta',
  setup(build) {
    build.onLoad({ filter: /\.ts$/ }, (args) => {
      const source = readFileSync(args.path, 'utf8');
      const contents = source
        .replaceAll('import.meta.dirname', JSON.stringify(dirname(args.path)))
        .replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href));
      return { contents, loader: 'ts' };
    });
  },
};

/**
 * Packages of many small modules, bundled inside with what they import rather than loaded file by file at every start
 * (Node's module loader resolves, reads and compiles each one): plain JavaScript with no files of their own. What the
 * server imports lazily (the PDF, spreadsheet, zip and mail libraries) stays outside, loaded by its first use.
 */
const INLINED = ['drizzle-orm', 'typebox', 'semver', 'qrcode', 'sanitize-html', 'rate-limiter-flexible', 'prom-client'];
/** Imported by an inlined package but kept outside: the databases' clients (PGlite loads its WebAssembly by path). */
const KEPT_OUT = ['@electric-sql/pglite', 'pg', 'pg-native'];

const packageOf = (specifier) =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');

/** Whether `args` (an import) goes inside the bundle: an inlined package, or what one of them imports. */
function inlined(args) {
  const name = packageOf(args.path);
  if (KEPT_OUT.includes(name)) return false;
  return INLINED.includes(name) || (args.importer.includes('/node_modules/') && args.kind !== 'dynamic-import');
}

/**
 * Bundles the workspace's packages (`@app/…`, TypeScript) and leaves every other package to node_modules, imported
 * by the file its importer would load: pnpm gives each workspace package only its own dependencies, so the bundle
 * (outside every package) names them by path.
 */
const workspaceInside = {
  name: 'workspace-inside',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, async (args) => {
      if (args.path.startsWith('@app/') || args.path.startsWith('node:') || args.pluginData?.resolving) return undefined;
      if (inlined(args)) return undefined;
      const resolved = await build.resolve(args.path, {
        resolveDir: args.resolveDir,
        kind: args.kind,
        importer: args.importer,
        pluginData: { resolving: true },
      });
      if (resolved.errors.length > 0) return { errors: resolved.errors };
      return resolved.external ? { path: args.path, external: true } : { path: pathToFileURL(resolved.path).href, external: true };
    });
  },
};

function fingerprintOf(inputs) {
  // The packages it names by path: a new install may move them.
  const installed = statSync(join(ROOT, 'node_modules', '.install-stamp'), { throwIfNoEntry: false })?.mtimeMs ?? 0;
  // This file too: a bundle made with other settings is made again.
  const hash = createHash('sha256')
    .update(process.version)
    .update(ESBUILD_VERSION)
    .update(String(installed))
    .update(readFileSync(import.meta.filename));
  // What comes from node_modules changes only with an install (the stamp above).
  for (const file of inputs.filter((input) => !input.includes('node_modules/'))) {
    const stat = statSync(join(ROOT, file), { throwIfNoEntry: false });
    hash.update(`${file}:${stat ? `${stat.size}:${stat.mtimeMs}` : 'gone'}\n`);
  }
  return hash.digest('hex');
}

/** Bundles under way, by entry: servers a test starts at once share one bundling rather than race for its file. */
const bundling = new Map();

/** The built bundle of `entry` (a path from the repository root), bundled first when it is missing or stale. */
export function builtEntry(entry) {
  let pending = bundling.get(entry);
  if (!pending) {
    pending = bundleIfStale(entry).finally(() => bundling.delete(entry));
    bundling.set(entry, pending);
  }
  return pending;
}

async function bundleIfStale(entry) {
  const name = entry.replace(/[^A-Za-z0-9]+/g, '-');
  const bundle = join(OUT_DIR, `${name}.mjs`);
  const stamp = join(OUT_DIR, `${name}.inputs.json`);
  if (existsSync(bundle) && existsSync(stamp)) {
    const kept = JSON.parse(readFileSync(stamp, 'utf8'));
    if (kept.fingerprint === fingerprintOf(kept.inputs)) return bundle;
  }
  mkdirSync(OUT_DIR, { recursive: true });
  const partial = `${bundle}.${process.pid}.tmp`;
  const esbuild = await import('esbuild');
  const result = await esbuild.build({
    entryPoints: [join(ROOT, entry)],
    outfile: partial,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: 'inline',
    // Stack traces need only the positions: without the sources the map Node reads at every start is a fraction.
    sourcesContent: false,
    metafile: true,
    logLevel: 'warning',
    plugins: [workspaceInside, ownImportMeta],
    // Packages the bundle leaves out still load with `require` where they are CommonJS.
    banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
  });
  const inputs = Object.keys(result.metafile.inputs).map((file) => relative(ROOT, join(process.cwd(), file)));
  renameSync(partial, bundle);
  // Written whole and then renamed, like the bundle: processes that bundle at the same time (test workers starting
  // servers) never read a half-written stamp.
  writeFileSync(`${stamp}.${process.pid}.tmp`, JSON.stringify({ fingerprint: fingerprintOf(inputs), inputs }));
  renameSync(`${stamp}.${process.pid}.tmp`, stamp);
  return bundle;
}
