/**
 * Follows a task while the dialog shows it (docs/product.md, "Tasks": every 2 s until success or failure), handing each answer to the
 * latest handlers. `restart()` polls again at once and drops answers to requests sent before it, e.g. right after an
 * SMS code was submitted, so a stale "waiting for a code" can no longer arrive.
 */
import { useCallback, useEffect, useLayoutEffect, useRef } from 'react';
import type { ApiError } from '../../api-client';
import { pollTask } from '../../task-polling';
import type { TaskProgress } from '@app/contract/task';

export interface TaskPollHandlers {
  onProgress(progress: TaskProgress): void;
  onError?(error: ApiError): void;
}

export function useTaskPoll(taskId: string | null, handlers: TaskPollHandlers): { restart(): void } {
  const latest = useRef(handlers);
  useLayoutEffect(() => {
    latest.current = handlers;
  });
  const stopRef = useRef<(() => void) | null>(null);
  const taskIdRef = useRef(taskId);

  const start = useCallback((id: string) => {
    stopRef.current?.();
    stopRef.current = pollTask(
      id,
      (progress) => latest.current.onProgress(progress),
      (error) => latest.current.onError?.(error),
    );
  }, []);

  useEffect(() => {
    taskIdRef.current = taskId;
    if (!taskId) return;
    start(taskId);
    return () => {
      stopRef.current?.();
      stopRef.current = null;
    };
  }, [taskId, start]);

  const restart = useCallback(() => {
    if (taskIdRef.current) start(taskIdRef.current);
  }, [start]);
  return { restart };
}
