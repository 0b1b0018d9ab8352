/**
 * Whether the component's first screen has been painted: false at mount, true once the browser has drawn the frame
 * after it. For what the first screen only holds a place for (a form below the fold, a chart): asked for after the
 * paint, its files share neither the phone's network nor its main thread with what the user sees first
 * (docs/architecture.md, "One fast first load").
 *
 * `load`, where given, starts loading that part's files in the task after the paint; the state turns true in a task
 * of its own after that, as a transition, so that starting the load and rendering the part are not one long task on
 * a phone's main thread (the render takes the load already under way).
 */
import { startTransition, useEffect, useRef, useState } from 'react';

export function useAfterPaint(load?: () => Promise<unknown>): boolean {
  const [painted, setPainted] = useState(false);
  const loadRef = useRef(load);
  useEffect(() => {
    let timer: number | undefined;
    const show = () => startTransition(() => setPainted(true));
    // The animation frame runs just before the paint; a task queued from it runs after the paint.
    const frame = window.requestAnimationFrame(() => {
      timer = window.setTimeout(() => {
        const loading = loadRef.current;
        if (!loading) return show();
        // A load that fails here is the render's to show: it asks for the part again.
        loading().catch(() => undefined);
        timer = window.setTimeout(show, 0);
      }, 0);
    });
    return () => {
      window.cancelAnimationFrame(frame);
      if (timer !== undefined) window.clearTimeout(timer);
    };
  }, []);
  return painted;
}

/** Resolves in a task of its own (a timer: what every engine has). The host has its own: it is not a shared module. */
const nextTask = () => new Promise<void>((resolve) => window.setTimeout(resolve, 0));

/**
 * Starts each of `loads`, then `last`, each in a task of its own, without waiting for any to arrive (they download
 * together), and resolves with `last`'s module once all have arrived. For a part with many files: asked for in one
 * task, each request is the main thread's work there (docs/architecture.md, "One fast first load").
 */
export async function loadInTurn<T>(loads: readonly (() => Promise<unknown>)[], last: () => Promise<T>): Promise<T> {
  const started: Promise<unknown>[] = [];
  for (const load of loads) {
    const loading = load();
    // Handled here too: one that fails before the others have started is not an unhandled rejection meanwhile.
    loading.catch(() => undefined);
    started.push(loading);
    await nextTask();
  }
  const module = last();
  await Promise.all([module, ...started]);
  return module;
}
