/**
 * Following a tax-bureau task (docs/product.md, "Tasks"): polled every 2 s while pending (0, 10) and while it waits for the user
 * (2020 SMS code, 2010 QR scan, 3010 face scan); stops at success (1) or failure (-1).
 */
import { useEffect, useState } from 'react';
import type { TaskProgress } from '@app/contract/task';
import { callApi, type ApiError } from './api-client';

export const TASK_POLL_MS = 2000;

export type TaskPhase = 'pending' | 'awaitSmsCode' | 'awaitQrScan' | 'awaitFaceScan' | 'success' | 'failed';

export function phaseOf(status: number): TaskPhase {
  switch (status) {
    case 1:
      return 'success';
    case -1:
      return 'failed';
    case 2020:
      return 'awaitSmsCode';
    case 2010:
      return 'awaitQrScan';
    case 3010:
      return 'awaitFaceScan';
    default:
      return 'pending';
  }
}

export function isFinal(phase: TaskPhase): boolean {
  return phase === 'success' || phase === 'failed';
}

export function fetchTaskProgress(id: string): Promise<TaskProgress> {
  return callApi('task/getTaskProcess', { id });
}

/**
 * Polls a task until it is final (or `stop()` is called), reporting every answer. A failed poll is reported as an
 * error and polling goes on (the network may come back).
 */
export function pollTask(
  id: string,
  onProgress: (progress: TaskProgress) => void,
  onError?: (error: ApiError) => void,
  intervalMs = TASK_POLL_MS,
): () => void {
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const poll = async () => {
    try {
      const progress = await fetchTaskProgress(id);
      if (stopped) return;
      onProgress(progress);
      if (isFinal(phaseOf(progress.taskStatus))) return;
    } catch (error) {
      if (stopped) return;
      onError?.(error as ApiError);
    }
    timer = setTimeout(poll, intervalMs);
  };
  void poll();
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}

/** A task's progress in a component, polled while the component shows it. */
export function useTaskProgress(id: string | null | undefined) {
  const [progress, setProgress] = useState<TaskProgress | null>(null);
  const [error, setError] = useState<ApiError | null>(null);
  useEffect(() => {
    setProgress(null);
    setError(null);
    if (!id) return;
    return pollTask(
      id,
      (next) => {
        setProgress(next);
        setError(null);
      },
      setError,
    );
  }, [id]);
  return { progress, phase: progress ? phaseOf(progress.taskStatus) : null, error };
}
