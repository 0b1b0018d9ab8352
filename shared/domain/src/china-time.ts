/**
 * Dates as a user in China reads them (docs/product.md: `YYYY-MM-DD`, times `YYYY-MM-DD HH:mm`), in China time (UTC+8, no
 * daylight saving) whatever the phone's or the server's time zone.
 */
const CHINA_OFFSET_MS = 8 * 3600 * 1000;

function inChina(at: Date | string): string {
  return new Date(new Date(at).getTime() + CHINA_OFFSET_MS).toISOString();
}

/** The calendar day in China, `YYYY-MM-DD`. */
export function chinaDate(at: Date | string): string {
  return inChina(at).slice(0, 10);
}

/** `YYYY-MM-DD HH:mm` in China time. */
export function chinaDateTime(at: Date | string): string {
  return inChina(at).slice(0, 16).replace('T', ' ');
}

/** The instant the China month of `at` began. */
export function chinaMonthStart(at: Date | string): Date {
  return new Date(`${inChina(at).slice(0, 7)}-01T00:00:00+08:00`);
}

/** The China month of `at` as a number, `YYYYMM` (the key of monthly totals). */
export function chinaMonthNumber(at: Date | string): number {
  return Number(inChina(at).slice(0, 7).replace('-', ''));
}

/** The China day of `at` as a number, `YYYYMMDD` (the key of daily totals; `YYYYMMDD / 100` is its `YYYYMM`). */
export function chinaDayNumber(at: Date | string): number {
  return Number(inChina(at).slice(0, 10).replaceAll('-', ''));
}
