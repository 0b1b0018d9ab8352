/**
 * Whether the component's first screen has been painted: false at mount, true once the browser has drawn the frame
 * after it. For what the first screen only holds a place for (a form below the fold, a chart): asked for after the
 * paint, its files share neither the phone's network nor its main thread with what the user sees first
 * (docs/architecture.md, "One fast first load").
 */
import { useEffect, useState } from 'react';

export function useAfterPaint(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    let timer: number | undefined;
    // The animation frame runs just before the paint; a task queued from it runs after the paint.
    const frame = window.requestAnimationFrame(() => {
      timer = window.setTimeout(() => setPainted(true), 0);
    });
    return () => {
      window.cancelAnimationFrame(frame);
      if (timer !== undefined) window.clearTimeout(timer);
    };
  }, []);
  return painted;
}
