/** `YYYY-MM-DD HH:mm` in China time (SCREENS.md), whatever the phone's time zone. */
export function formatDateTime(iso: string): string {
  const date = new Date(new Date(iso).getTime() + 8 * 3600 * 1000);
  return date.toISOString().slice(0, 16).replace('T', ' ');
}
