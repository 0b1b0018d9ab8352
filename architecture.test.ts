/**
 * The architecture's rules, in one place (docs/architecture.md, "The parts"): the import rules of
 * `.dependency-cruiser.cjs` (no cycles, calls never import calls, pages never import pages, remotes only through the
 * host's contract, the API contract as types only in client code, pure domain rules…), no use of the route table kept
 * for already released remotes, every package's tests in the root test run, no run of code written twice in two
 * packages (scripts/shared-runs.ts), and docs/routes.md as the sources say it (scripts/routes-doc.ts).
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative } from 'node:path';
import { describe, expect, test } from '@rstest/core';
import { cruise, type ICruiseOptions, type IReporterOutput } from 'dependency-cruiser';
import { firstDifference, ROUTES_DOC, ROUTES_DOC_COMMAND, renderRoutesDoc, routesDocPath } from './scripts/routes-doc/render';
import { describeRun, isGatedPath, judge, packageOf, RUN_LINES, sharedRuns, sourceFiles, type SourceFile } from './scripts/shared-runs';

const ROOT = import.meta.dirname;
const SOURCES = [
  'host/src',
  'remotes',
  'shared/host-sdk/src',
  'shared/ui/src',
  'shared/widgets/src',
  'shared/domain/src',
  'shared/contract/src',
  'server/src',
  'deploy/src',
];

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'node_modules' || name === 'dist' ? [] : sources(path);
    return /\.(ts|tsx)$/.test(name) ? [path] : [];
  });
}

test('the import rules hold: no cycles, calls never import calls, remotes only through the contract, the API contract as types only in clients', async () => {
  const require = createRequire(import.meta.url);
  const ruleSet = require('./.dependency-cruiser.cjs') as { forbidden: unknown[]; options: ICruiseOptions };
  const options = {
    ...ruleSet.options,
    ruleSet: { forbidden: ruleSet.forbidden },
    validate: true,
    baseDir: ROOT,
    outputType: 'json',
  } as ICruiseOptions;
  const result: IReporterOutput = await cruise(SOURCES, options);
  const output = typeof result.output === 'string' ? JSON.parse(result.output) : result.output;
  const violations = (output.summary.violations as { rule: { name: string }; from: string; to: string; cycle?: { name: string }[] }[]).map(
    (violation) =>
      `${violation.rule.name}: ${violation.from} → ${violation.to}${violation.cycle ? ` (${violation.cycle.map((step) => step.name).join(' → ')})` : ''}`,
  );
  expect(violations).toEqual([]);
  // The rules looked at the whole codebase.
  expect(output.summary.totalCruised).toBeGreaterThan(400);
});

/** The full 1.1 table and its builder, kept in `@app/host-sdk/paths` only for remotes released against it. */
const DEPRECATED_PATHS_EXPORTS = new Set(['routePaths', 'href', 'RouteName', 'StaticRouteName', 'toSearch', 'Query']);

test('no source uses the deprecated route table: a remote names its own pages, cross-app pages are appPaths', () => {
  const sdkPaths = join(ROOT, 'shared/host-sdk/src/paths.ts');
  // The table's own test pins it for the released remotes; nothing else may use it.
  const pinning = join(ROOT, 'shared/host-sdk/test/paths.test.ts');
  const remotes = readdirSync(join(ROOT, 'remotes')).map((name) => join(ROOT, 'remotes', name, 'src'));
  const offences: string[] = [];
  for (const file of [join(ROOT, 'host/src'), join(ROOT, 'shared'), ...remotes].flatMap((dir) => sources(dir))) {
    if (file === sdkPaths || file === pinning) continue;
    const text = readFileSync(file, 'utf8');
    for (const match of text.matchAll(/import\s+(?:type\s+)?\{([^}]*)\}\s+from\s+['"]([^'"]+)['"]/g)) {
      const from = match[2] ?? '';
      const isSdkPaths =
        from === '@app/host-sdk/paths' || (from.startsWith('.') && join(dirname(file), from) === sdkPaths.replace(/\.ts$/, ''));
      if (!isSdkPaths) continue;
      for (const item of (match[1] ?? '').split(',')) {
        const name =
          item
            .trim()
            .replace(/^type\s+/, '')
            .split(/\s+as\s+/)[0] ?? '';
        if (DEPRECATED_PATHS_EXPORTS.has(name)) offences.push(`${relative(ROOT, file)} imports ${name}`);
      }
    }
  }
  expect(offences).toEqual([]);
});

function hasTests(dir: string): boolean {
  return readdirSync(dir).some((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name !== 'node_modules' && name !== 'dist' && hasTests(path);
    return /\.test\.tsx?$/.test(name);
  });
}

/** The workspace's package folders: `pnpm-workspace.yaml`'s entries, `dir/*` read as every folder in `dir`. */
function workspacePackages(): string[] {
  const list = /^packages:\n((?:\s+-\s+\S+\n)+)/m.exec(readFileSync(join(ROOT, 'pnpm-workspace.yaml'), 'utf8'))?.[1] ?? '';
  const entries = [...list.matchAll(/-\s+(\S+)/g)].map((match) => match[1] as string);
  return entries.flatMap((entry) =>
    entry.endsWith('/*')
      ? readdirSync(join(ROOT, entry.slice(0, -2)))
          .map((name) => `${entry.slice(0, -2)}/${name}`)
          .filter((dir) => existsSync(join(ROOT, dir, 'package.json')))
      : [entry],
  );
}

test("`rstest run` at the root runs every package's tests: each package with tests is a root project with its own config", () => {
  const config = readFileSync(join(ROOT, 'rstest.config.ts'), 'utf8');
  const projects = [...(/projects:\s*\[([\s\S]*)\]\s*,?\s*\}\);/.exec(config)?.[1] ?? '').matchAll(/^\s*'([^']+)',/gm)].map(
    (match) => match[1],
  );
  const withTests = workspacePackages().filter((dir) => hasTests(join(ROOT, dir)));
  expect(withTests).toEqual(expect.arrayContaining(['remotes/invoice', 'remotes/my', 'shared/host-sdk', 'shared/contract', 'server']));
  expect(withTests.filter((dir) => !projects.includes(dir))).toEqual([]);
  expect(withTests.filter((dir) => !existsSync(join(ROOT, dir, 'rstest.config.ts')))).toEqual([]);
});

test('the type check covers every package: a browser package is in tsconfig.browser.json with the same options, every other is a group of its own', async () => {
  const { TYPECHECK_GROUPS } = (await import(join(ROOT, 'scripts/typecheck-groups.mjs'))) as { TYPECHECK_GROUPS: { project: string }[] };
  const groups = TYPECHECK_GROUPS.map((group) => group.project);
  const browser = JSON.parse(readFileSync(join(ROOT, 'tsconfig.browser.json'), 'utf8')) as { compilerOptions: object; include: string[] };
  const inBrowserProgram = (dir: string) =>
    browser.include.some((pattern) => pattern === `${dir}/src` || pattern === `${dirname(dir)}/*/src`);
  const uncovered: string[] = [];
  for (const dir of workspacePackages()) {
    const tsconfig = join(ROOT, dir, 'tsconfig.json');
    if (!existsSync(tsconfig)) continue;
    const own = JSON.parse(readFileSync(tsconfig, 'utf8')) as { compilerOptions?: object };
    if (inBrowserProgram(dir)) expect({ dir, options: own.compilerOptions }).toEqual({ dir, options: browser.compilerOptions });
    else if (!groups.includes(dir)) uncovered.push(dir);
  }
  expect(uncovered).toEqual([]);
});

test('no two packages share a run of code outside tests: what two need is written once, or allowed apart and said why', () => {
  const files = sourceFiles(ROOT);
  const { refused, stale } = judge(sharedRuns(files));
  // Every package's sources were read: the host, each remote, each shared package, the server, deploy and e2e.
  const packages = new Set(files.map((file) => file.pkg));
  expect(packages).toEqual(new Set([...workspacePackages(), 'root']));
  expect(refused.map(describeRun)).toEqual([]);
  expect(stale.map((entry) => `${entry.a} ~ ${entry.b}`)).toEqual([]);
});

test(`${ROUTES_DOC} lists every route, its page and its calls as the sources say today`, () => {
  const expected = renderRoutesDoc(ROOT);
  const actual = existsSync(routesDocPath(ROOT)) ? readFileSync(routesDocPath(ROOT), 'utf8') : '';
  const stale = `${ROUTES_DOC} is stale: regenerate it with \`${ROUTES_DOC_COMMAND}\`\n${firstDifference(actual, expected, ROOT)}`;
  expect(actual === expected, stale).toBe(true);
  // The reading found the app: the host's routes, every remote's, and the calls the server defines.
  expect(expected).toContain('| `/ticket/detail` | ticket | TicketDetail |');
  expect(expected).toContain('`ticket/verify`');
});

describe('the shared-runs gate', () => {
  const code = (lines: string[]) => lines.map((line, index) => `${line} // ${index}`).join('\n');
  const RULES = [
    'const total = lines.reduce((sum, line) => sum + line.amount, 0);',
    "if (total > limit) throw new Error('超过限额 ' + limit);",
    'const rounded = Math.round(total * 100) / 100;',
    'log.push({ total, rounded, at: Date.now() });',
    'state.total = rounded;',
    'state.count += lines.length;',
    'notify(state);',
    'return rounded;',
    'after(state);',
  ];
  const file = (path: string, text: string): SourceFile => ({ path, pkg: packageOf(path), text });

  test(`finds a run of ${RUN_LINES} lines two packages share, whatever the white space, comments or blank lines between`, () => {
    const spaced = RULES.slice(0, RUN_LINES).flatMap((line, index) => [
      '',
      `/* step ${index} */`,
      `    ${line.replaceAll(' ', '  ')}`,
      '  });',
    ]);
    const runs = sharedRuns([
      file('remotes/invoice/src/a.ts', code(RULES.slice(0, RUN_LINES))),
      file('remotes/my/src/b.ts', spaced.join('\n')),
    ]);
    expect(runs.map((run) => run.lines)).toEqual([RUN_LINES]);
    expect(runs[0]?.b).toMatchObject({ path: 'remotes/my/src/b.ts', from: 3 });
  });

  test('a shorter run, a run within one package, imports and lone punctuation are no shared run', () => {
    expect(
      sharedRuns([
        file('remotes/invoice/src/a.ts', code(RULES.slice(0, RUN_LINES - 1))),
        file('shared/widgets/src/b.tsx', code(RULES.slice(0, RUN_LINES - 1))),
      ]),
    ).toEqual([]);
    expect(sharedRuns([file('remotes/my/src/a.ts', code(RULES)), file('remotes/my/src/b.ts', code(RULES))])).toEqual([]);
    const boilerplate = [
      "import { Button } from '@app/ui/button';",
      '});',
      '</Form.Item>',
      ')',
      '];',
      '}',
      '/>',
      "export { formatYuan } from '@app/domain/money';",
      '  );',
      '}',
    ];
    expect(sharedRuns([file('host/src/a.tsx', boilerplate.join('\n')), file('server/src/b.ts', boilerplate.join('\n'))])).toEqual([]);
  });

  test('one longer run is reported once, with its length', () => {
    const runs = sharedRuns([file('shared/domain/src/a.ts', code(RULES)), file('server/src/b.ts', code(RULES))]);
    expect(runs.map(describeRun)).toEqual([
      `shared/domain/src/a.ts:1-${RULES.length} ~ server/src/b.ts:1-${RULES.length} (${RULES.length} lines)`,
    ]);
  });

  test('tests, their support and fixtures are left out; sources and styles are read', () => {
    expect(
      [
        'remotes/my/src/pages/x/XPage.test.tsx',
        'e2e/tests/a.spec.ts',
        'remotes/invoice/src/test-support/a.ts',
        'server/test/support/a.ts',
        'shared/domain/test/a.ts',
        'server/test/fixtures/a.sql',
        'e2e/fixtures/a.html',
      ].filter(isGatedPath),
    ).toEqual([]);
    expect(
      [
        'remotes/my/src/pages/x/XPage.tsx',
        'shared/widgets/src/card.module.css',
        'server/drizzle/0001.sql',
        'scripts/start.mjs',
        'e2e/support/server.ts',
      ].every(isGatedPath),
    ).toBe(true);
  });

  test('an allowed pair is not refused, and an allowance no run needs is stale', () => {
    const runs = sharedRuns([file('remotes/taxi/src/paths.ts', code(RULES)), file('shared/host-sdk/src/paths.ts', code(RULES))]);
    const allowed = [{ a: 'shared/host-sdk/src/paths.ts', b: 'remotes/*/src/paths.ts', why: 'the frozen 1.1 table' }];
    expect(judge(runs, allowed)).toEqual({ refused: [], stale: [] });
    expect(judge([], allowed).stale).toEqual(allowed);
    expect(judge(runs, []).refused).toHaveLength(1);
  });
});
