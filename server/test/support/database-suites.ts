/**
 * Suites per database, and suites that need something this machine may lack (PostgreSQL, nginx, Redis). A suite that
 * cannot run here is still declared, as skipped with the reason in its name, so the run's summary counts it and says
 * why; and it is written to the file `TEST_SKIPS_FILE` names, where `npm test` (scripts/postgres-skips.mjs) tells a
 * PostgreSQL suite skipped on CI while PostgreSQL answers from one that ran.
 */
import { appendFileSync } from 'node:fs';
import { describe } from '@rstest/core';
import { DATABASES, type DatabaseKind, POSTGRES_ADMIN_URL } from './test-server';

/** Why a PostgreSQL suite is skipped here. */
export const NO_POSTGRES = `no PostgreSQL at ${new URL(POSTGRES_ADMIN_URL).host}`;

/**
 * A suite that runs where `missing` is undefined, and is reported as skipped, with `missing` as the reason,
 * everywhere else.
 */
export function describeUnless(missing: string | undefined, title: string, body: () => void): void {
  if (missing === undefined) {
    describe(title, body);
    return;
  }
  const file = process.env.TEST_SKIPS_FILE;
  if (file) appendFileSync(file, `${JSON.stringify({ suite: title, reason: missing })}\n`);
  describe.skip(`${title} [skipped: ${missing}]`, body);
}

/**
 * `describe.each` over the databases, `%s` in the title naming each: PGlite always, PostgreSQL where one answers
 * (test-server.ts).
 */
export function describeEachDatabase(title: string, body: (kind: DatabaseKind) => void): void {
  for (const kind of ['pglite', 'postgres'] as const) {
    describeUnless(DATABASES.includes(kind) ? undefined : NO_POSTGRES, title.replaceAll('%s', kind), () => body(kind));
  }
}

/** A suite about PostgreSQL itself (`%s` in the title names it), where one answers. */
export function describeOnPostgres(title: string, body: (kind: 'postgres') => void): void {
  describeUnless(DATABASES.includes('postgres') ? undefined : NO_POSTGRES, title.replaceAll('%s', 'postgres'), () => body('postgres'));
}
