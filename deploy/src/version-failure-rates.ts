/**
 * A version's failure rate while its app runs a canary (docs/architecture.md, "Release and rollback"): of the
 * signed-in users its canary cookie served that version and whose page loaded it (`canary_loads`, one row a user and
 * hour), the share who reported a failure of it, counted from the hour a window starts. `npm run releases` shows it
 * for the live and the canary version; the server's auto-rollback compares the two. One query text for both: a tagged
 * template, run by drizzle's `sql` on the server and by pg here.
 */
import type pg from 'pg';

/** A query written as a tagged template, answering its rows. */
export type TemplateQuery = <T>(strings: TemplateStringsArray, ...values: unknown[]) => Promise<T[]>;

export interface VersionFigures {
  loads: number;
  failures: number;
}

/** `$1`, `$2`… for pg, in the order the template's values come. */
export function pgTemplateQuery(client: pg.ClientBase): TemplateQuery {
  return async <T>(strings: TemplateStringsArray, ...values: unknown[]) => {
    const text = strings.reduce((joined, part, index) => (index === 0 ? part : `${joined}$${index}${part}`), '');
    return (await client.query(text, values)).rows as T[];
  };
}

/** Loads and failures of `app@version` from the start of the hour of `since` (ISO time): users an hour, each once. */
export async function versionFigures(query: TemplateQuery, app: string, version: string, since: string): Promise<VersionFigures> {
  const [row] = await query<{
    loads: number;
    failures: number;
  }>`select count(*)::int as loads, (count(*) filter (where failed))::int as failures
    from canary_loads where app = ${app} and version = ${version} and hour >= date_trunc('hour', ${since}::timestamptz)`;
  return { loads: Number(row?.loads ?? 0), failures: Number(row?.failures ?? 0) };
}

/** Failures over loads (0 with no loads). */
export function failureRate(figures: VersionFigures): number {
  return figures.loads > 0 ? figures.failures / figures.loads : 0;
}

export function percent(rate: number): string {
  return `${(rate * 100).toFixed(1)}%`;
}

export function describeFigures(figures: VersionFigures): string {
  return `失败率 ${percent(failureRate(figures))}（失败 ${figures.failures} / 加载 ${figures.loads} 次）`;
}
