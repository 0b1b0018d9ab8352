/**
 * Ends the current task: what follows runs in a task of its own, so the browser can paint and handle input between
 * two parts of the start-up (docs/architecture.md, "One fast first load"). `scheduler.yield()` where the browser has
 * it (the continuation runs before other queued tasks), a timer elsewhere (WeChat's older engines).
 */
interface YieldingScheduler {
  yield(): Promise<void>;
}

export function nextTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: Partial<YieldingScheduler> }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}
