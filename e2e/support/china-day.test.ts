import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, rs, test } from '@rstest/core';
import { forgetServer, keepChinaDay, LONGEST_TEST_MS, noteFaceHook, waitBeforeTest } from './china-day';

const beijing = (time: string) => new Date(`2026-12-03T${time}+08:00`);

describe('a browser test and China’s midnight', () => {
  test('a test that ends before midnight starts at once', () => {
    expect(waitBeforeTest(beijing('10:00:00'))).toBe(0);
    expect(waitBeforeTest(beijing('23:55:59.999'))).toBe(0);
  });

  test('a test that could run past midnight starts just after it, in Beijing whatever the machine’s zone', () => {
    expect(waitBeforeTest(beijing('23:56:00'))).toBe(LONGEST_TEST_MS + 1000);
    expect(waitBeforeTest(beijing('23:59:59'))).toBe(2000);
    // 16:00 UTC is midnight in Beijing.
    expect(waitBeforeTest(new Date('2026-12-03T15:59:30Z'))).toBe(31_000);
  });

  test('just after midnight a test starts at once', () => {
    expect(waitBeforeTest(beijing('00:00:00'))).toBe(0);
    expect(waitBeforeTest(beijing('00:00:01'))).toBe(0);
  });
});

test('no browser test sets a longer time-out than the wait before midnight covers, and each says its time-out as a number', () => {
  const testsDir = join(import.meta.dirname, '..', 'tests');
  const timeouts = readdirSync(testsDir).flatMap((file) =>
    [...readFileSync(join(testsDir, file), 'utf8').matchAll(/test\.setTimeout\(([^)]*)\)/g)].map((match) => match[1] ?? ''),
  );
  expect(timeouts.length).toBeGreaterThan(0);
  expect(timeouts.filter((timeout) => !/^[\d_]+$/.test(timeout))).toEqual([]);
  expect(Math.max(...timeouts.map((timeout) => Number(timeout.replaceAll('_', ''))))).toBeLessThanOrEqual(LONGEST_TEST_MS);
});

describe('the faces a spec set, when the day turns', () => {
  afterEach(() => {
    forgetServer('http://a');
    forgetServer('http://b');
    rs.useRealTimers();
  });

  test('a test at 23:59 waits for midnight, then the faces set the day before are set again, once', async () => {
    rs.useFakeTimers();
    rs.setSystemTime(beijing('23:59:58'));
    noteFaceHook('http://a', { label: '企业管理员', loggedIn: true, faceToday: true });
    noteFaceHook('http://a', { label: '出租车司机', faceToday: true });
    noteFaceHook('http://a', { label: '出租车司机', faceToday: false });
    noteFaceHook('http://b', { label: '普通用户', loggedIn: true });
    const setFace = rs.fn(async (_baseUrl: string, _label: string) => {});

    let started = false;
    const guard = keepChinaDay(setFace).then(() => {
      started = true;
    });
    await rs.advanceTimersByTimeAsync(2000);
    expect(started).toBe(false);
    await rs.advanceTimersByTimeAsync(1000);
    await guard;
    expect(setFace.mock.calls).toEqual([['http://a', '企业管理员']]);

    await keepChinaDay(setFace);
    expect(setFace).toHaveBeenCalledTimes(1);
  });

  test('a stopped server’s faces are not set again', async () => {
    rs.useFakeTimers();
    rs.setSystemTime(beijing('10:00:00'));
    noteFaceHook('http://a', { label: '企业管理员', faceToday: true });
    forgetServer('http://a');
    rs.setSystemTime(new Date('2026-12-04T10:00:00+08:00'));
    const setFace = rs.fn(async (_baseUrl: string, _label: string) => {});
    await keepChinaDay(setFace);
    expect(setFace).not.toHaveBeenCalled();
  });
});
