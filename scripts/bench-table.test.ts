import { readFileSync } from 'node:fs';
import { describe, expect, test } from '@rstest/core';
import { BENCHMARKS_DOC, benchStarted, markdownSection, markdownTable, measuredLine, replaceSection } from './bench-table';

describe('the benches’ own tables in docs/benchmarks.md', () => {
  test('--markdown writes the bench’s section, --markdown=<section> another; without it the bench only prints', () => {
    expect(markdownSection('qr', ['node', 'decode-qr.ts', '--markdown'])).toBe('qr');
    expect(markdownSection('scale', ['node', 'scale.ts', '--markdown=scale-tickets'])).toBe('scale-tickets');
    expect(markdownSection('qr', ['node', 'decode-qr.ts'])).toBeUndefined();
  });

  test('a section is replaced between its markers, and only it', () => {
    const doc = [
      '# b',
      '',
      '<!-- bench:qr -->',
      'old',
      '<!-- /bench:qr -->',
      'prose',
      '<!-- bench:api -->',
      'kept',
      '<!-- /bench:api -->',
      '',
    ].join('\n');
    expect(replaceSection(doc, 'qr', 'new\n')).toBe(
      ['# b', '', '<!-- bench:qr -->', 'new', '<!-- /bench:qr -->', 'prose', '<!-- bench:api -->', 'kept', '<!-- /bench:api -->', ''].join(
        '\n',
      ),
    );
    expect(() => replaceSection(doc, 'scale', 'x')).toThrow('<!-- bench:scale -->');
  });

  test('a table is padded to its widest cell, a Chinese character counting two columns', () => {
    expect(markdownTable(['reader', 'read'], [['很暗', '27 of 27']])).toBe(
      ['| reader | read     |', '| ------ | -------- |', '| 很暗   | 27 of 27 |'].join('\n'),
    );
  });

  test('the conditions line names the date, the commit, the cores, the memory and the load', () => {
    expect(measuredLine(benchStarted())).toMatch(
      /^Measured \d{4}-\d{2}-\d{2} at commit \S+.* on \d+ cores and \d+ GiB of memory; load average \(1 minute\) [\d.]+ at the start, [\d.]+ at the end\.$/,
    );
  });

  test('every npm run bench:* has its section in docs/benchmarks.md', () => {
    const doc = readFileSync(BENCHMARKS_DOC, 'utf8');
    const scripts = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')).scripts as Record<string, string>;
    const benches = Object.keys(scripts)
      .filter((name) => name.startsWith('bench:'))
      .map((name) => name.slice('bench:'.length));
    expect(benches.length).toBeGreaterThanOrEqual(8);
    expect(benches.filter((bench) => !doc.includes(`<!-- bench:${bench} -->`) || !doc.includes(`<!-- /bench:${bench} -->`))).toEqual([]);
  });
});
