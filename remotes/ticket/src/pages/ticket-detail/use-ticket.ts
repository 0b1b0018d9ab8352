/**
 * The ticket a detail page shows (`useLoadedByCode` of `@app/widgets`: loading, missing, failed or ready), and its
 * verification followed to its answer: while it is 查验中 its task is polled every 2 s (`useTaskProgress` of
 * `@app/host-sdk/task-polling`); once the task ends the ticket is read again, keeping what is shown, and again every
 * 2 s should the task's answer not be on the ticket yet.
 */
import { useEffect, useRef } from 'react';
import { isFinal, TASK_POLL_MS, useTaskProgress } from '@app/host-sdk/task-polling';
import { useLoadedByCode } from '@app/widgets/use-loaded-by-code';
import { getTicket } from '../../features/tickets/tickets-api';

export function useTicket(id: string) {
  const { loaded, show, retry, refresh } = useLoadedByCode(id, getTicket, undefined);
  const ticket = loaded.state === 'ready' ? loaded.value : null;
  const verifying = ticket?.verifyState === '查验中' ? ticket.verifyTaskId : null;
  const { phase } = useTaskProgress(verifying);
  const taskEnded = phase !== null && isFinal(phase);
  // The task ended: read the ticket again (and again, every 2 s, while it still says 查验中).
  const readsAfterEnd = useRef(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `ticket`: each copy read that still says 查验中 sets off the next read.
  useEffect(() => {
    if (!taskEnded || !verifying) return;
    const timer = setTimeout(refresh, readsAfterEnd.current++ === 0 ? 0 : TASK_POLL_MS);
    return () => clearTimeout(timer);
  }, [taskEnded, verifying, ticket, refresh]);
  useEffect(() => {
    if (!verifying) readsAfterEnd.current = 0;
  }, [verifying]);
  return { loaded, show, retry, refresh };
}
