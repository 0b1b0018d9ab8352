/**
 * One task, kept current: loaded with `task/getTaskDetail` by the one loading hook (`use-loaded-by-code`), then
 * followed with the host's poller (`useTaskProgress`, every 2 s) while it is not final, and loaded again once it is,
 * for its result and finish time (a failed reload keeps what is on screen: the API client has said why).
 */
import { useEffect } from 'react';
import type { TaskDetail } from '@app/contract/task';
import { isFinal, phaseOf, useTaskProgress } from '@app/host-sdk/task-polling';
import { useLoadedByCode, type LoadedByCode } from '@app/widgets/use-loaded-by-code';
import { getTaskDetail } from './task-detail-api';

export function useTaskDetail(id: string | null): { loaded: LoadedByCode<TaskDetail>; retry: () => void; reload: () => void } {
  const { loaded, retry, refresh: reload } = useLoadedByCode(id ?? '', getTaskDetail, undefined);
  const task = loaded.state === 'ready' ? loaded.value : null;
  const running = task !== null && !isFinal(phaseOf(task.taskStatus));
  const { progress } = useTaskProgress(running ? id : null);
  const progressFinal = progress !== null && isFinal(phaseOf(progress.taskStatus));

  useEffect(() => {
    if (progressFinal) reload();
  }, [progressFinal, reload]);

  if (loaded.state !== 'ready' || !running || !progress) return { loaded, retry, reload };
  const { taskStatus, failReason, extensionData } = progress;
  return { loaded: { ...loaded, value: { ...loaded.value, taskStatus, failReason, extensionData } }, retry, reload };
}
