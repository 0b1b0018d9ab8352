/**
 * The benches write their own tables into docs/benchmarks.md: run with `--markdown`, a bench replaces its section,
 * the lines between `<!-- bench:<name> -->` and `<!-- /bench:<name> -->`, with what it measured and the conditions
 * it measured in (the machine's cores and memory, the load average at the start and the end, the date, the commit).
 * `--markdown=<section>` writes another section of the same bench (a run with other settings); the prose around a
 * section (what the bench does, its targets) is the doc's, kept as it is.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { join } from 'node:path';

const ROOT = join(import.meta.dirname, '..');
export const BENCHMARKS_DOC = join(ROOT, 'docs/benchmarks.md');

/** The section `--markdown[=<section>]` asks for, or undefined when the bench only prints. */
export function markdownSection(bench: string, argv: readonly string[] = process.argv): string | undefined {
  for (const argument of argv) {
    if (argument === '--markdown') return bench;
    if (argument.startsWith('--markdown=')) return argument.slice('--markdown='.length);
  }
  return undefined;
}

/** When a bench started and the load it started under: taken first thing, for the conditions line. */
export interface BenchStart {
  at: Date;
  load: number;
}

export function benchStarted(): BenchStart {
  return { at: new Date(), load: loadavg()[0] ?? 0 };
}

function commit(): string {
  const git = (...args: string[]) => execFileSync('git', args, { cwd: ROOT, encoding: 'utf8' }).trim();
  try {
    const hash = git('rev-parse', '--short', 'HEAD');
    // The tables a bench has just written are no change to what it measured.
    const changed = git('status', '--porcelain', '--untracked-files=no', '--', '.', ':!docs/benchmarks.md');
    return changed ? `${hash} with uncommitted changes` : hash;
  } catch {
    return 'unknown (no git)';
  }
}

/** One line: when, at which commit, on what machine, under what load. */
export function measuredLine(start: BenchStart): string {
  const gib = (totalmem() / 1024 ** 3).toFixed(0);
  const date = start.at.toISOString().slice(0, 10);
  const load = `${start.load.toFixed(1)} at the start, ${(loadavg()[0] ?? 0).toFixed(1)} at the end`;
  return `Measured ${date} at commit ${commit()} on ${cpus().length} cores and ${gib} GiB of memory; load average (1 minute) ${load}.`;
}

/** How wide a cell shows in a fixed-width font: CJK characters take two columns. */
function displayWidth(cell: string): number {
  return [...cell].reduce((sum, character) => sum + (/[\u2E80-\u9FFF\uF900-\uFAFF\uFF00-\uFF60]/.test(character) ? 2 : 1), 0);
}

/** A Markdown table with its columns padded to one width, as the rest of docs/ is formatted. */
export function markdownTable(columns: readonly string[], rows: readonly (readonly string[])[]): string {
  const widths = columns.map((title, index) => Math.max(3, displayWidth(title), ...rows.map((row) => displayWidth(row[index] ?? ''))));
  const line = (cells: readonly string[]) =>
    `| ${widths.map((width, index) => (cells[index] ?? '') + ' '.repeat(width - displayWidth(cells[index] ?? ''))).join(' | ')} |`;
  return [line(columns), `| ${widths.map((width) => '-'.repeat(width)).join(' | ')} |`, ...rows.map(line)].join('\n');
}

/** The text of `doc` with the section's content replaced by `body`; throws where the doc has no such section. */
export function replaceSection(doc: string, section: string, body: string): string {
  const open = `<!-- bench:${section} -->`;
  const close = `<!-- /bench:${section} -->`;
  const from = doc.indexOf(open);
  const to = doc.indexOf(close);
  if (from === -1 || to < from) {
    throw new Error(`docs/benchmarks.md has no section ${open} … ${close}: add the two markers where its table goes`);
  }
  return `${doc.slice(0, from + open.length)}\n${body.trim()}\n${doc.slice(to)}`;
}

/** Writes a section of docs/benchmarks.md: the conditions line, then `blocks` (tables and notes), a blank line apart. */
export function writeBenchSection(section: string, start: BenchStart, blocks: readonly string[]): void {
  const body = [measuredLine(start), ...blocks].join('\n\n');
  writeFileSync(BENCHMARKS_DOC, replaceSection(readFileSync(BENCHMARKS_DOC, 'utf8'), section, body));
  console.log(`\ndocs/benchmarks.md: wrote <!-- bench:${section} -->`);
}
