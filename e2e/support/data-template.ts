/**
 * A new server's data folder without making it again: a copy of the folder that global setup had a server create,
 * migrate and seed (then stop), so it holds what a new folder holds (the seeded database, its secret key) and nothing
 * a test did. Only for servers whose settings seed the same database: the demo history or a real sign-in provider
 * (no demo users) seed another, and those servers make their own folder.
 */
import { cp } from 'node:fs/promises';

/**
 * Settings that change what a new database is seeded with (server/src/db/seed.ts: the demo users, the demo history,
 * the key its secrets are encrypted with) or where the database is.
 */
const SEEDING = /^(DEMO_HISTORY|DEMO_SIGN_IN|DATABASE_URL|SECRET_KEY|WECHAT_|ALIPAY_)/;

/** Whether a server with these settings on top of the suite's may start on a copy of the template. */
export function seedsAsTemplate(env: Record<string, string>): boolean {
  return Object.keys(env).every((name) => !SEEDING.test(name));
}

/**
 * Fills `dataDir` (new, empty) with a copy of the template; leaves it empty where there is none (a benchmark, run
 * without the suite's global setup), and the server then makes the folder itself.
 */
export async function freshDataCopy(dataDir: string): Promise<void> {
  const template = process.env.E2E_DATA_TEMPLATE;
  if (template) await cp(template, dataDir, { recursive: true });
}
