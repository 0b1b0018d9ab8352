/**
 * The API calls a page makes, found by reading its sources: every call is made by its contract name written as a
 * string (`callApi('taxiCar/getMyCars', …)`, a paged list's `'invoice/list'`). From the page's module, the reading
 * follows what is used, as a bundler's tree-shaking does: of a module imported by name, only the top-level
 * declarations those names reach (and what they use in turn); a module loaded lazily or imported whole counts whole.
 * It follows the remote's or the host's own modules, the shared widgets and `@app/host-sdk`; calls made inside
 * `@app/host-sdk` (the session, the dialogs, task polling) are kept apart: they are the host's, whichever page sets
 * them off.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import ts from 'typescript';
import { type ModuleOutline, outlineOf } from './module-outline';

const SOURCE = /\.(ts|tsx)$/;
const TEST = /(^|\/)(test|tests|test-support)\/|\.(test|spec)\.[^/]+$/;

/** The workspace packages whose modules a page's calls may come from, by import name. */
const FOLLOWED_PACKAGES: Record<string, string> = { '@app/widgets': 'shared/widgets/src', '@app/host-sdk': 'shared/host-sdk/src' };
const HOST_SDK = 'shared/host-sdk/src/';
/** What a module is asked for: one of its names, all of it, or what runs when it is imported. */
const WHOLE = '*';
const ON_IMPORT = '!';

/** Every call the server defines (`defineCall('<module>/<action>', …)`), with the file that defines it. */
export function serverCalls(root: string): Map<string, string> {
  const calls = new Map<string, string>();
  for (const file of sourceFilesUnder(join(root, 'server/src'))) {
    for (const match of readFileSync(file, 'utf8').matchAll(/defineCall\(\s*'([^']+)'/g)) {
      calls.set(match[1] ?? '', relative(root, file));
    }
  }
  return calls;
}

function sourceFilesUnder(dir: string): string[] {
  return readdirSync(dir)
    .sort()
    .flatMap((name) => {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) return name === 'node_modules' || name === 'dist' ? [] : sourceFilesUnder(path);
      return SOURCE.test(name) && !TEST.test(path) ? [path] : [];
    });
}

function resolveFile(base: string): string | undefined {
  return [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')].find(
    (candidate) => SOURCE.test(candidate) && existsSync(candidate) && statSync(candidate).isFile(),
  );
}

/** The file an import names, where it is a source this reading follows. */
function resolveImport(specifier: string, from: string, root: string): string | undefined {
  let file: string | undefined;
  if (specifier.startsWith('.')) file = resolveFile(join(dirname(from), specifier));
  for (const [name, folder] of Object.entries(FOLLOWED_PACKAGES)) {
    if (specifier.startsWith(`${name}/`)) file = resolveFile(join(root, folder, specifier.slice(name.length + 1)));
  }
  return file && !TEST.test(file) ? file : undefined;
}

export interface PageCalls {
  /** The calls the page's own code makes (its folder, the remote's features, the widgets, the host's modules). */
  own: string[];
  /** The calls of the `@app/host-sdk` modules it uses. */
  viaHostSdk: string[];
}

/** Walks from a page's module through what it uses, collecting the call names written in what it reaches. */
class CallReader {
  private readonly outlines = new Map<string, ModuleOutline>();
  private readonly asked = new Set<string>();
  private readonly queue: { file: string; name: string }[] = [];
  readonly calls = new Map<string, Set<string>>();

  constructor(
    private readonly root: string,
    private readonly known: ReadonlySet<string>,
  ) {}

  private outline(file: string): ModuleOutline {
    let outline = this.outlines.get(file);
    if (!outline) {
      outline = outlineOf(file, (specifier) => resolveImport(specifier, file, this.root));
      this.outlines.set(file, outline);
    }
    return outline;
  }

  ask(file: string, name: string): void {
    const key = `${file}\0${name}`;
    if (this.asked.has(key)) return;
    this.asked.add(key);
    this.queue.push({ file, name });
  }

  private read(file: string, statement: ts.Statement): void {
    const outline = this.outline(file);
    const found = this.calls.get(file) ?? new Set<string>();
    this.calls.set(file, found);
    const visit = (node: ts.Node): void => {
      if (ts.isStringLiteralLike(node) && this.known.has(node.text)) found.add(node.text);
      if (ts.isIdentifier(node)) {
        if (outline.declarations.has(node.text)) this.ask(file, node.text);
        const imported = outline.imports.get(node.text);
        if (imported) this.ask(imported.file, imported.name);
      }
      if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
        const specifier = node.arguments[0];
        const target = specifier && ts.isStringLiteralLike(specifier) ? resolveImport(specifier.text, file, this.root) : undefined;
        if (target) this.ask(target, WHOLE);
      }
      node.forEachChild(visit);
    };
    visit(statement);
  }

  run(): void {
    for (let next = this.queue.shift(); next; next = this.queue.shift()) {
      const { file, name } = next;
      const outline = this.outline(file);
      if (name === WHOLE) {
        for (const statement of outline.statements) this.read(file, statement);
        for (const target of [...outline.wholeImports, ...outline.exportAll]) this.ask(target, WHOLE);
        for (const imported of outline.reexports.values()) this.ask(imported.file, imported.name);
        continue;
      }
      if (name === ON_IMPORT) {
        for (const statement of outline.effects) this.read(file, statement);
        for (const target of outline.wholeImports) this.ask(target, WHOLE);
        continue;
      }
      // What runs on import (a top-level call, a side-effect import) runs whichever name is used.
      this.ask(file, ON_IMPORT);
      for (const statement of outline.declarations.get(name) ?? []) this.read(file, statement);
      const reexported = outline.reexports.get(name);
      if (reexported) this.ask(reexported.file, reexported.name);
      if (!outline.declarations.has(name) && !reexported) for (const target of outline.exportAll) this.ask(target, name);
    }
  }
}

/** The calls a page makes: what its module (all of it) reaches. */
export function pageCalls(pageFile: string, root: string, known: ReadonlySet<string>): PageCalls {
  const reader = new CallReader(root, known);
  reader.ask(join(root, pageFile), WHOLE);
  reader.run();
  const own = new Set<string>();
  const viaHostSdk = new Set<string>();
  for (const [file, calls] of reader.calls) {
    for (const call of calls) (relative(root, file).startsWith(HOST_SDK) ? viaHostSdk : own).add(call);
  }
  return { own: [...own].sort(), viaHostSdk: [...viaHostSdk].filter((call) => !own.has(call)).sort() };
}
