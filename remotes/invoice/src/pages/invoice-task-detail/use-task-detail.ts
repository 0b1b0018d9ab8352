/**
 * One task, kept current: loaded with `task/getTaskDetail`, then followed with the host's poller (`useTaskProgress`,
 * every 2 s) while it is not final, and loaded again once it is, for its result and finish time.
 */
import { useCallback, useEffect, useState } from 'react';
import type { ApiError } from '@app/host-sdk/api-client';
import { isFinal, phaseOf, useTaskProgress } from '@app/host-sdk/task-polling';
import { getTaskDetail } from './task-detail-api';
import type { TaskDetail } from '@app/contract/task';

interface Loaded {
  id: string;
  task: TaskDetail | null;
  error: ApiError | null;
}

export function useTaskDetail(id: string | null) {
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [version, setVersion] = useState(0);

  useEffect(() => {
    if (!id) return;
    let current = true;
    getTaskDetail(id).then(
      (task) => current && setLoaded({ id, task, error: null }),
      // A failed reload keeps what is on screen (the error catalogue has already said why).
      (error: ApiError) =>
        current && setLoaded((previous) => (previous?.id === id && previous.task ? previous : { id, task: null, error })),
    );
    return () => {
      current = false;
    };
  }, [id, version]);

  const reload = useCallback(() => setVersion((value) => value + 1), []);
  const shown = loaded?.id === id ? loaded : null;
  const task = shown?.task ?? null;
  const running = task !== null && !isFinal(phaseOf(task.taskStatus));
  const { progress } = useTaskProgress(running ? id : null);
  const progressFinal = progress !== null && isFinal(phaseOf(progress.taskStatus));

  useEffect(() => {
    if (progressFinal) reload();
  }, [progressFinal, reload]);

  const current =
    task && running && progress
      ? { ...task, taskStatus: progress.taskStatus, failReason: progress.failReason, extensionData: progress.extensionData }
      : task;
  return { task: current, error: shown?.error ?? null, loading: Boolean(id) && shown === null, reload };
}
