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
