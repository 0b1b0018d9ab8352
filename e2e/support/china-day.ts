/**
 * The China day never turns during a browser test. A tax task needs today's face authentication, and "today" is
 * China's (docs/testing.md, "China's midnight"): a test that began at 23:59 in Beijing and issued after midnight
 * would rightly meet the face dialog. So a test that would start within the longest test's time-out of midnight
 * starts just after it, and the face authentications a spec set on a day before are set again for the new day, as the
 * company's staff would do each morning.
 */
import { chinaDate, chinaRange } from '@app/domain/china-time';

/** The longest time-out a browser test sets (`test.setTimeout`): a test starting earlier ends before midnight. */
export const LONGEST_TEST_MS = 240_000;

/** How long a test starting at `now` waits for China's next day: 0 unless midnight is within `windowMs`. */
export function waitBeforeTest(now: Date, windowMs = LONGEST_TEST_MS): number {
  const today = chinaRange(chinaDate(now));
  if (!today) throw new RangeError(`no China day at ${now.toISOString()}`);
  const untilMidnight = today.end.getTime() - now.getTime();
  // A moment past midnight, so that the test's first "today" is the new day wherever it is read.
  return untilMidnight <= windowMs ? untilMidnight + 1000 : 0;
}

interface FaceSet {
  baseUrl: string;
  label: string;
  day: string;
}

/** This worker's face authentications, by server and user: set again when the day turns. */
const faces = new Map<string, FaceSet>();

/** Keeps track of the `tax-account` test hook's face state for a server's user. */
export function noteFaceHook(baseUrl: string, body: unknown): void {
  const { label, faceToday } = (body ?? {}) as { label?: string; faceToday?: boolean };
  if (!label || faceToday === undefined) return;
  const key = `${baseUrl} ${label}`;
  if (faceToday) faces.set(key, { baseUrl, label, day: chinaDate(new Date()) });
  else faces.delete(key);
}

/** A stopped server's users no longer need their face set. */
export function forgetServer(baseUrl: string): void {
  for (const [key, face] of faces) if (face.baseUrl === baseUrl) faces.delete(key);
}

/** Before a test: waits past a midnight the test could cross, then sets again the faces set on a day before. */
export async function keepChinaDay(setFace: (baseUrl: string, label: string) => Promise<void>): Promise<void> {
  const wait = waitBeforeTest(new Date());
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  const today = chinaDate(new Date());
  for (const face of faces.values()) {
    if (face.day === today) continue;
    await setFace(face.baseUrl, face.label);
    face.day = today;
  }
}
