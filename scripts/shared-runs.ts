/**
 * The gate of docs/architecture.md, "Written once": two packages (the host, each remote, each shared package, the
 * server, deploy, e2e and the root's scripts) never share a run of `RUN_LINES` lines of code outside tests. Code two
 * packages need is written once, in the package where it belongs (a rule in @app/domain, a widget in @app/widgets, a
 * host service in @app/host-sdk); where two copies must stay apart, `ALLOWED` says which and why.
 *
 * A run is counted in lines that carry content, compared with their white space folded. Passed over, as the
 * `duplicates` tool passes over them: blank lines; comments (prose that cites docs/ and the README: two packages
 * citing the same section have copied no code); import and re-export lines (what a file uses, not what it does); and
 * lines of lone punctuation, a closing JSX tag included (`});`, `</Form.Item>`), which every file has by the dozen:
 * counted, two files would share a run because both close three blocks, and a copy would escape the gate by one
 * brace moved to another line. Lines are compared as written: two pieces of the same shape with other names are
 * `duplicates`' to show (for a person to judge), not a gate's to refuse.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

export const RUN_LINES = 8;

/** Source and build files (what `duplicates` reads); data and prose (JSON, YAML, Markdown) are not code. */
const CODE = /\.(ts|tsx|js|mjs|cjs|css|html|sql)$/;
/** Tests, their support and fixtures: a test may repeat what it checks. */
const TEST = /(^|\/)(test|tests|test-support|fixtures)\/|\.(test|spec)\.[^/]+$/;
/** Folders that hold no sources: installs, builds, release stores and test output. */
const SKIPPED_FOLDERS = new Set(['node_modules', 'dist', 'test-results', 'playwright-report']);

export interface SourceFile {
  /** Relative to the repository root, with `/`. */
  path: string;
  /** The package it belongs to: `host`, `remotes/invoice`, `shared/ui`, `server`, `deploy`, `e2e` or `root`. */
  pkg: string;
  text: string;
}

export interface RunPlace {
  path: string;
  /** 1-based, inclusive: the first and the last line of the run in the file. */
  from: number;
  to: number;
}

export interface SharedRun {
  a: RunPlace;
  b: RunPlace;
  /** How many lines with content the two places share. */
  lines: number;
}

export interface AllowedPair {
  /** The two places, as paths or patterns (`*` within one path segment); the order does not matter. */
  a: string;
  b: string;
  /** Why the two copies stay apart. */
  why: string;
}

/**
 * What must stay apart, and why. Every entry must still match a shared run: one that no longer does is stale, and
 * the gate says so, so the list only ever holds what is true today.
 *
 * Shorter than the gate, and left as they are on purpose (the `duplicates` command shows them at 6 lines):
 * - server/src/calls/all-calls.ts and shared/contract/src/api.ts list the same call areas: the contract's schemas
 *   and the server's handlers are two registries of two packages (the client may import the contract as types only,
 *   and the server must not import a client), and the server's suites walk every call of both.
 * - remotes/payment/src/pages/shop-cash/shop-cash.css keeps the cash desk's own fixed bar, which the bottom-bar widget
 *   now holds once for every other page: the cash desk is the payment remote's lean page, being reworked by its owners
 *   at the time of writing; it takes the widget with that work.
 * - host/src/layout/TabIcon.tsx and shared/ui/src/status-view.tsx each keep a table of their own icons' SVG paths:
 *   the same shape, other icons.
 */
export const ALLOWED: AllowedPair[] = [
  {
    a: 'remotes/*/src/paths.ts',
    b: 'shared/host-sdk/src/paths.ts',
    why: '@app/host-sdk/paths keeps the frozen route table of @app/host-sdk 1.1 (`routePaths`) for the remotes released against it, which read it from the host at run time: removing a line would break them on a 1.x host. A remote\'s own src/paths.ts is where its patterns live now (README, "Developing one remote"), and no source may use the old table (architecture.test.ts); the table goes at the next major.',
  },
];

/** The package a path belongs to. */
export function packageOf(path: string): string {
  const [first, second] = path.split('/');
  if ((first === 'remotes' || first === 'shared') && second) return `${first}/${second}`;
  if (first === 'host' || first === 'server' || first === 'deploy' || first === 'e2e') return first;
  return 'root';
}

/** Whether a file (by its path from the root) is code the gate reads: a source or build file, not a test's. */
export function isGatedPath(path: string): boolean {
  return CODE.test(path) && !TEST.test(path);
}

/** The code files of the repository, tests and generated files left out. */
export function sourceFiles(root: string): SourceFile[] {
  const files: SourceFile[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      if (name.startsWith('.') && name !== '.dependency-cruiser.cjs') continue;
      const full = join(dir, name);
      const path = relative(root, full).split('\\').join('/');
      if (statSync(full).isDirectory()) {
        if (!SKIPPED_FOLDERS.has(name)) walk(full);
      } else if (isGatedPath(path)) {
        files.push({ path, pkg: packageOf(path), text: readFileSync(full, 'utf8') });
      }
    }
  };
  walk(root);
  return files;
}

const LONE_PUNCTUATION = /^(?:[\s{}()[\];,.:?!=&|<>/*+-]|<\/[\w.-]*>)*$/;
const IMPORT = /^(?:import\s|export\s+(?:type\s+)?(?:\*|\{[^}]*\})\s+from\s)|^import\(/;

/** The lines of a file that carry content, white space folded, each with its line number. */
export function contentLines(path: string, text: string): { line: string; number: number }[] {
  const sql = path.endsWith('.sql');
  const lines: { line: string; number: number }[] = [];
  let inComment = false;
  text.split('\n').forEach((raw, index) => {
    let line = raw.trim();
    if (inComment) {
      const end = line.indexOf('*/');
      if (end < 0) return;
      inComment = false;
      line = line.slice(end + 2).trim();
    }
    // A comment that starts here and ends later.
    if (line.startsWith('/*') && !line.includes('*/')) {
      inComment = true;
      return;
    }
    line = line
      .replace(/\/\*.*?\*\//g, ' ')
      .replace(sql ? /--.*$/ : /(^|[^:'"`\\])\/\/.*$/, '$1')
      .replace(/\s+/g, ' ')
      .trim();
    if (!line || LONE_PUNCTUATION.test(line) || IMPORT.test(line)) return;
    lines.push({ line, number: index + 1 });
  });
  return lines;
}

/** Every run of at least `runLines` content lines that files of two different packages share. */
export function sharedRuns(files: SourceFile[], runLines = RUN_LINES): SharedRun[] {
  const contents = files.map((file) => contentLines(file.path, file.text));
  // Where each window of `runLines` consecutive content lines stands.
  const windows = new Map<string, { file: number; at: number }[]>();
  contents.forEach((lines, file) => {
    for (let at = 0; at + runLines <= lines.length; at++) {
      const key = lines
        .slice(at, at + runLines)
        .map((entry) => entry.line)
        .join('\n');
      const places = windows.get(key);
      if (places) places.push({ file, at });
      else windows.set(key, [{ file, at }]);
    }
  });
  // The windows two files of different packages share, by the pair of files: [start in a, start in b].
  const byPair = new Map<string, [number, number][]>();
  for (const places of windows.values()) {
    if (places.length < 2) continue;
    for (let i = 0; i < places.length; i++) {
      for (let j = i + 1; j < places.length; j++) {
        let [one, two] = [places[i], places[j]] as [{ file: number; at: number }, { file: number; at: number }];
        if (files[one.file]?.pkg === files[two.file]?.pkg) continue;
        if (one.file > two.file) [one, two] = [two, one];
        const key = `${one.file}:${two.file}`;
        const starts = byPair.get(key) ?? [];
        starts.push([one.at, two.at]);
        byPair.set(key, starts);
      }
    }
  }
  // Consecutive windows (both places one line further) are one run.
  const runs: SharedRun[] = [];
  for (const [key, starts] of byPair) {
    const [fileA, fileB] = key.split(':').map(Number) as [number, number];
    const linesA = contents[fileA] ?? [];
    const linesB = contents[fileB] ?? [];
    starts.sort((x, y) => x[0] - y[0] || x[1] - y[1]);
    const shared = new Set(starts.map(([a, b]) => `${a}:${b}`));
    const taken = new Set<string>();
    for (const [startA, startB] of starts) {
      if (taken.has(`${startA}:${startB}`)) continue;
      let length = 0;
      while (shared.has(`${startA + length}:${startB + length}`)) {
        taken.add(`${startA + length}:${startB + length}`);
        length++;
      }
      const lines = length + runLines - 1;
      const place = (path: string, entries: { number: number }[], start: number): RunPlace => ({
        path,
        from: entries[start]?.number ?? 0,
        to: entries[start + lines - 1]?.number ?? 0,
      });
      runs.push({ a: place(files[fileA]?.path ?? '', linesA, startA), b: place(files[fileB]?.path ?? '', linesB, startB), lines });
    }
  }
  return runs.sort((x, y) => y.lines - x.lines || x.a.path.localeCompare(y.a.path));
}

function matches(pattern: string, path: string): boolean {
  const expression = new RegExp(`^${pattern.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replaceAll('*', '[^/]*')}$`);
  return expression.test(path);
}

function allows(entry: AllowedPair, run: SharedRun): boolean {
  return (matches(entry.a, run.a.path) && matches(entry.b, run.b.path)) || (matches(entry.a, run.b.path) && matches(entry.b, run.a.path));
}

/** The runs no entry allows, and the entries no run needs any more. */
export function judge(runs: SharedRun[], allowed: AllowedPair[] = ALLOWED): { refused: SharedRun[]; stale: AllowedPair[] } {
  return {
    refused: runs.filter((run) => !allowed.some((entry) => allows(entry, run))),
    stale: allowed.filter((entry) => !runs.some((run) => allows(entry, run))),
  };
}

/** One line a run: where the two places are, and how long. */
export function describeRun(run: SharedRun): string {
  return `${run.a.path}:${run.a.from}-${run.a.to} ~ ${run.b.path}:${run.b.from}-${run.b.to} (${run.lines} lines)`;
}
