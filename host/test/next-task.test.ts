import { afterEach, describe, expect, it, rstest } from '@rstest/core';
import { nextTask } from '../src/next-task';

describe('nextTask', () => {
  afterEach(() => {
    rstest.unstubAllGlobals();
  });

  it('resumes in a later task: the microtasks queued after it run first', async () => {
    const order: string[] = [];
    const waiting = nextTask().then(() => order.push('next task'));
    queueMicrotask(() => order.push('microtask'));
    void Promise.resolve().then(() => order.push('promise'));
    await waiting;
    expect(order).toEqual(['microtask', 'promise', 'next task']);
  });

  it("uses the browser's scheduler.yield() where there is one", async () => {
    const yieldTask = rstest.fn(() => Promise.resolve());
    rstest.stubGlobal('scheduler', { yield: yieldTask });
    await nextTask();
    expect(yieldTask).toHaveBeenCalledTimes(1);
  });
});
