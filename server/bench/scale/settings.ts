/** The scale benchmark's sizes (BENCH_* in the environment) and its targets. */
export const INVOICES = Number(process.env.BENCH_INVOICES ?? 1_000_000);
export const COMPANIES = Number(process.env.BENCH_COMPANIES ?? 10_000);
export const PAYMENTS = Number(process.env.BENCH_PAYMENTS ?? Math.floor(INVOICES / 5));
export const WITHDRAWALS = Number(process.env.BENCH_WITHDRAWALS ?? Math.floor(PAYMENTS / 40));
export const SECONDS = Number(process.env.BENCH_SECONDS ?? 1);
/** The demo company's ticket folder at scale (票夹), over 25 months: all of them one company's, the worst case. */
export const TICKETS = Number(process.env.BENCH_TICKETS ?? 1_000_000);
/** The demo taxi company's trips at scale, over 25 months, a third of them received by one passenger (the worst case). */
export const TRIPS = Number(process.env.BENCH_TRIPS ?? 1_000_000);
/** The demo company's audit trail at scale (操作日志), over 25 months: one company's, the worst case. */
export const AUDIT_ENTRIES = Number(process.env.BENCH_AUDIT ?? 1_000_000);
/** Only the calls whose names start with one of these (comma-separated), e.g. `audit/` (all when unset). */
export const ONLY = (process.env.BENCH_ONLY ?? '').split(',').filter(Boolean);
/**
 * The small company: enough rows that every page and month the calls ask for has rows (page 50 of 20 is the list
 * limit; three months back; 收支 lists a month, so this month needs a thousand records), so small and large give
 * answers of the same size and the comparison measures what the company's size adds, not an empty page against a
 * full one: 1,200 invoices over four months, 4,000 paid orders over three.
 */
export const SMALL = 1_200;
export const SMALL_MINUTES_APART = 150;
export const SMALL_PAYMENTS = 4_000;
export const SMALL_MONEY_MINUTES_APART = 35;
/** The demo company's history at scale spans this many minutes (25 months), whatever its size. */
export const HISTORY_MINUTES = 760 * 24 * 60;
export const TARGET = { p50Ms: 20, p99Ms: 60, throughputRatio: 0.5 };
