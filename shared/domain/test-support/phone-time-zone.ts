/**
 * Runs a test file's tests as on a phone in another time zone: sets `TZ` before them and puts it back after (Node
 * applies a changed TZ to the Date functions that follow). For the China-time tests (`@app/domain/china-time`).
 */
import { afterAll, beforeAll } from '@rstest/core';

export function onPhoneInTimeZone(zone: string): void {
  const before = process.env.TZ;
  beforeAll(() => {
    process.env.TZ = zone;
  });
  afterAll(() => {
    if (before === undefined) delete process.env.TZ;
    else process.env.TZ = before;
  });
}
