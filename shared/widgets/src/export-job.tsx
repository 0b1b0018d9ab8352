/**
 * An export as the sheet follows it: `export/create`, then `export/get` every TASK_POLL_MS while 生成中 or its e-mail
 * is 发送中 (each answer once 已生成 carries a freshly signed link), `export/link` for a new link once the one shown has
 * expired, and `export/send` to e-mail the file. The caller's export of the same source still being made (2001) is
 * followed instead of a second one.
 */
import { useEffect, useRef, useState } from 'react';
import type { CallBody } from '@app/contract/api';
import type { ExportJob } from '@app/contract/export';
import { ApiError, callApi } from '@app/host-sdk/api-client';
import { TASK_POLL_MS } from '@app/host-sdk/task-polling';

export type ExportBody = CallBody<'export/create'>;

/** The running export's id a 2001 answer carries. */
function runningId(error: unknown): string | null {
  if (!(error instanceof ApiError) || error.errorCode !== 2001) return null;
  const id = (error.result as { taskId?: unknown } | null)?.taskId;
  return typeof id === 'string' ? id : null;
}

async function create(body: ExportBody): Promise<ExportJob> {
  try {
    return await callApi('export/create', body, { handles: [2001], noRepeat: true });
  } catch (error) {
    const id = runningId(error);
    if (id === null) throw error;
    return callApi('export/get', { id });
  }
}

export interface ExportJobState {
  job: ExportJob | null;
  /** `export/create` is on its way. */
  starting: boolean;
  /** Starts an export (again, for 重试); false when it was refused (the API client has said why). */
  start(body: ExportBody): Promise<boolean>;
  /** A fresh signed link for the made file. */
  refreshLink(): Promise<void>;
  /** E-mails the made file; false when refused (the API client has said why). */
  send(email: string): Promise<boolean>;
  /** Back to choosing: the job shown is let go (the server keeps making it). */
  reset(): void;
}

/** Whether the server is still at work on the job: making the file, or sending its e-mail. */
export function jobBusy(job: ExportJob | null): job is ExportJob {
  return job?.state === '生成中' || (job?.state === '已生成' && job.mailState === '发送中');
}

/**
 * Reads the job again every TASK_POLL_MS while the server is at work on it (`read` answers every failure itself). No
 * answer: asked again at the next poll. A refusal (gone, not the caller's) ends it as the server says.
 */
export function useJobPolling(job: ExportJob | null, setJob: (job: ExportJob) => void, read: (id: string) => Promise<ExportJob>): void {
  useEffect(() => {
    if (!jobBusy(job)) return;
    let live = true;
    const timer = setTimeout(() => {
      read(job.id).then(
        (next) => live && setJob(next),
        (error: ApiError) => {
          if (!live) return;
          if (error.errorCode === null) setJob({ ...job });
          else if (job.state === '生成中') setJob({ ...job, state: '生成失败', failReason: error.message });
          else setJob({ ...job, mailState: '发送失败', failReason: error.message });
        },
      );
    }, TASK_POLL_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [job, setJob, read]);
}

const readExport = (id: string) => callApi('export/get', { id }, { handles: true });

export function useExportJob(): ExportJobState {
  const [job, setJob] = useState<ExportJob | null>(null);
  const [starting, setStarting] = useState(false);
  // A poll of a job no longer shown is dropped.
  const shown = useRef<string | null>(null);
  shown.current = job?.id ?? null;
  useJobPolling(job, setJob, readExport);

  return {
    job,
    starting,
    async start(body) {
      setStarting(true);
      try {
        setJob(await create(body));
        return true;
      } catch {
        return false;
      } finally {
        setStarting(false);
      }
    },
    async refreshLink() {
      if (!job) return;
      const id = job.id;
      const link = await callApi('export/link', { id }).catch(() => null);
      if (link && shown.current === id) setJob((current) => current && { ...current, url: link.url, expiresAt: link.expiresAt });
    },
    async send(email) {
      if (!job) return false;
      try {
        const sent = await callApi('export/send', { id: job.id, email }, { noRepeat: true });
        if (shown.current === sent.id) setJob(sent);
        return true;
      } catch {
        return false;
      }
    },
    reset() {
      setJob(null);
    },
  };
}
