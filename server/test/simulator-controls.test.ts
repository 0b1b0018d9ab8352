/**
 * The simulator's controls exist only where tests turn them on, and take only bounded values: in a plain start nobody
 * can put their own text into every company's failure reasons or stop all invoicing.
 */
import { afterAll, beforeAll, describe, expect, test } from '@rstest/core';
import { configFromEnv } from '../src/config';
import { createTestServer, type TestServer } from './support/test-server';

describe('where the controls exist', () => {
  test('a plain start has none; ETAX_SIM_CONTROLS=1 or TEST_HOOKS=1 turn them on; production never', () => {
    expect(configFromEnv({}).etax.controls).toBe(false);
    expect(configFromEnv({ ETAX_SIM_CONTROLS: '1' }).etax.controls).toBe(true);
    expect(configFromEnv({ TEST_HOOKS: '1' }).etax.controls).toBe(true);
    expect(configFromEnv({ ETAX_SIM_CONTROLS: '1', TEST_HOOKS: '1', NODE_ENV: 'production' }).etax.controls).toBe(false);
  });

  test("without them, the fault switch and the buyer's answer are not there; the inbox and scan pages are", async () => {
    const server = await createTestServer('pglite', {
      etax: { stepDelayMs: 20, fault: { mode: 'none', reason: '电子税务局系统繁忙，请稍后重试', delayMs: 0 }, controls: false },
    });
    try {
      const fault = await server.app.inject({
        method: 'POST',
        url: '/etax-sim/fault',
        payload: { mode: 'fail', reason: '请加微信 abc 办理退税' },
      });
      expect(fault.statusCode).toBe(404);
      expect((await server.app.inject({ method: 'POST', url: '/etax-sim/buyer', payload: { answer: 'refuse' } })).statusCode).toBe(404);
      expect((await server.app.inject('/etax-sim/api/latest-sms')).statusCode).toBe(404);
      expect(server.app.simulator.fault.mode).toBe('none');
      expect((await server.app.inject('/etax-sim/sms')).statusCode).toBe(200);
      expect((await server.app.inject('/etax-sim/scan/not-a-task')).statusCode).toBe(404);
    } finally {
      await server.close();
    }
  });
});

describe('what the controls accept', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await createTestServer('pglite');
  });
  afterAll(async () => server.close());

  const setFault = (payload: unknown) => server.app.inject({ method: 'POST', url: '/etax-sim/fault', payload: payload as object });

  test('delayMs is a whole number of milliseconds up to a minute; a reason a short line without markup', async () => {
    for (const delayMs of ['abc', -1, 1.5, 60_001, 1e12, null, { valueOf: 5 }]) {
      const answer = await setFault({ mode: 'slow', delayMs });
      expect({ delayMs, status: answer.statusCode }).toEqual({ delayMs, status: 400 });
      expect(answer.json().message).toContain('延迟毫秒数(delayMs)');
    }
    for (const reason of ['', 'x'.repeat(61), '<script>alert(1)</script>', '第一行\n第二行', 42]) {
      const answer = await setFault({ mode: 'fail', reason });
      expect({ reason, status: answer.statusCode }).toEqual({ reason, status: 400 });
      expect(answer.json().message).toContain('失败原因(reason)');
    }
    expect((await setFault({ mode: 'fail', extra: 1 })).statusCode).toBe(400);
    expect(server.app.simulator.fault).toMatchObject({ mode: 'none' });
    const good = await setFault({ mode: 'slow', delayMs: 60_000, reason: '税务局维护中' });
    expect(good.statusCode).toBe(200);
    expect(good.json()).toEqual({ mode: 'slow', delayMs: 60_000, reason: '税务局维护中' });
    await setFault({ mode: 'none' });
  });

  test('start-up settings are judged the same way', () => {
    expect(() => configFromEnv({ ETAX_SIM_FAULT: 'broken' })).toThrow('ETAX_SIM_FAULT 无效');
    expect(() => configFromEnv({ ETAX_SIM_FAULT_DELAY_MS: '1e9' })).toThrow('ETAX_SIM_FAULT_DELAY_MS 无效');
    expect(() => configFromEnv({ ETAX_SIM_FAULT_REASON: '<b>x</b>' })).toThrow('ETAX_SIM_FAULT_REASON 无效');
  });
});
