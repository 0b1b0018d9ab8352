// The suites a test run skipped because something it needs was missing: server/test/support/database-suites.ts and
// deploy/test/fixtures/test-postgres.ts write each to the file TEST_SKIPS_FILE names. On CI, a PostgreSQL suite skipped
// while PostgreSQL answers is a failure: the suites should have run there, and a green run would hide that they did not.
import { existsSync, readFileSync } from 'node:fs';
import { connect } from 'node:net';

export const TEST_SKIPS_ENV = 'TEST_SKIPS_FILE';

/** Whether something accepts a TCP connection at host:port within a second. */
export function answers(host, port) {
  return new Promise((resolve) => {
    const socket = connect({ host, port, timeout: 1000 });
    const done = (ok) => {
      socket.destroy();
      resolve(ok);
    };
    socket.once('connect', () => done(true));
    socket.once('timeout', () => done(false));
    socket.once('error', () => done(false));
  });
}

/** The skipped suites the file lists, each `{ suite, reason }`, once each. */
export function readSkips(file) {
  if (!existsSync(file)) return [];
  const lines = readFileSync(file, 'utf8').split('\n').filter(Boolean);
  return [...new Set(lines)].map((line) => JSON.parse(line));
}

/**
 * The skipped suites, the PostgreSQL ones among them, and whether the run fails for them: on CI, with PostgreSQL
 * answering at `host:port` (127.0.0.1:5432, where the tests look for it), any PostgreSQL suite skipped.
 */
export async function judgePostgresSkips(file, { ci = process.env.CI === 'true', host = '127.0.0.1', port = 5432 } = {}) {
  const skips = readSkips(file);
  const postgres = skips.filter((skip) => skip.reason.includes('PostgreSQL'));
  const fails = ci && postgres.length > 0 && (await answers(host, port));
  return { skips, postgres, fails, at: `${host}:${port}` };
}
