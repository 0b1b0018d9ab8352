/**
 * The ticket a detail page shows, and its verification followed to its answer: while it is 查验中 its task is polled
 * every 2 s (`useTaskProgress` of `@app/host-sdk/task-polling`); once the task ends the ticket is read again, and read
 * again every 2 s should the task's answer not be on the ticket yet.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from '@app/host-sdk/api-client';
import { isFinal, TASK_POLL_MS, useTaskProgress } from '@app/host-sdk/task-polling';
import { loadFailureMessage } from '@app/widgets/form-page';
import { getTicket, type TicketDetail } from '../../features/tickets/tickets-api';

export type LoadedTicket = { state: 'loading' } | { state: 'missing' } | { state: 'failed'; message: string } | { state: 'ready'; ticket: TicketDetail };

export function useTicket(id: string) {
  const [loaded, setLoaded] = useState<LoadedTicket>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const reload = useCallback(() => setAttempt((value) => value + 1), []);

  useEffect(() => {
    if (!id) return;
    let current = true;
    getTicket(id).then(
      (ticket) => current && setLoaded({ state: 'ready', ticket }),
      (error: unknown) => {
        if (!current) return;
        if (error instanceof ApiError && (error.errorCode === 4004 || error.errorCode === 4000)) setLoaded({ state: 'missing' });
        else setLoaded((previous) => (previous.state === 'ready' ? previous : { state: 'failed', message: loadFailureMessage(error) }));
      },
    );
    return () => {
      current = false;
    };
  }, [id, attempt]);

  const ticket = loaded.state === 'ready' ? loaded.ticket : null;
  const verifying = ticket?.verifyState === '查验中' ? ticket.verifyTaskId : null;
  const { phase } = useTaskProgress(verifying);
  const taskEnded = phase !== null && isFinal(phase);
  // The task ended: read the ticket again (and again, every 2 s, while it still says 查验中).
  const readsAfterEnd = useRef(0);
  useEffect(() => {
    if (!taskEnded || !verifying) return;
    const timer = setTimeout(reload, readsAfterEnd.current++ === 0 ? 0 : TASK_POLL_MS);
    return () => clearTimeout(timer);
  }, [taskEnded, verifying, ticket, reload]);
  useEffect(() => {
    if (!verifying) readsAfterEnd.current = 0;
  }, [verifying]);

  const show = useCallback((next: TicketDetail) => setLoaded({ state: 'ready', ticket: next }), []);
  return { loaded, reload, show };
}
