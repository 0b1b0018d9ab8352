/**
 * Runs due tasks. A task is claimed with FOR UPDATE SKIP LOCKED and held by a lease (`locked_by`, `locked_until`):
 * two workers (in one process or many, on one PostgreSQL) never run one task at the same time, and a task whose
 * worker died is picked up again when its lease runs out. Every write back is fenced by `locked_by`, so a worker that
 * lost its lease cannot overwrite the newer state. A step that fails (the bureau refuses, is down or never answers)
 * is retried with backoff up to `max_attempts`, then the task fails with the reason; a task past its deadline fails
 * as timed out.
 */
import { hostname } from 'node:os';
import { randomUUID } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../db/database';
import { taxAccounts, tasks } from '../db/schema';
import { GatewayError } from '../etax/gateway';
import { TaskStatus, type TaskRow } from './task-queue';
import { runStep, type StepContext, type StepOutcome } from './task-steps';

export interface WorkerOptions {
  pollMs: number;
  /** A step that takes longer fails as "no answer". */
  stepTimeoutMs: number;
  /** How long a claim holds; longer than a step can take. */
  leaseMs: number;
  batch: number;
  log: { info(message: string): void; error(object: unknown, message: string): void };
}

export const DEFAULT_WORKER_OPTIONS = { pollMs: 250, stepTimeoutMs: 10_000, leaseMs: 15_000, batch: 8 };

export class TaskWorker {
  readonly id = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  private timer: NodeJS.Timeout | undefined;
  private running = false;
  private stopped = true;
  private readonly inFlight = new Set<Promise<void>>();

  constructor(
    private readonly context: StepContext,
    private readonly options: WorkerOptions,
  ) {}

  start(): void {
    this.stopped = false;
    this.schedule(0);
  }

  /** Stops claiming and waits for the steps in flight. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await Promise.allSettled([...this.inFlight]);
  }

  /** Looks for due tasks now (a task was just created or advanced in this process). */
  wake(): void {
    if (!this.stopped && !this.running) this.schedule(0);
  }

  private schedule(delay: number): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.tick(), delay);
  }

  private async tick(): Promise<void> {
    if (this.stopped || this.running) return;
    this.running = true;
    try {
      for (const task of await this.claim()) {
        const work = this.process(task).finally(() => this.inFlight.delete(work));
        this.inFlight.add(work);
      }
    } catch (error) {
      this.options.log.error(error, 'task claim failed');
    } finally {
      this.running = false;
      if (!this.stopped) this.schedule(this.options.pollMs);
    }
  }

  private async claim(): Promise<TaskRow[]> {
    const db = this.context.db;
    const claimed = await db.execute<{ id: string }>(sql`
      update tasks set locked_by = ${this.id},
        locked_until = now() + (${this.options.leaseMs} * interval '1 millisecond'),
        status = case when status = ${TaskStatus.Queued} then ${TaskStatus.Processing} else status end,
        updated_at = now()
      where id in (
        select id from tasks
        where finished_at is null and next_run_at <= now() and (locked_until is null or locked_until < now())
        order by next_run_at
        limit ${this.options.batch}
        for update skip locked)
      returning id`);
    const ids = (claimed as unknown as { rows: { id: string }[] }).rows.map((row) => row.id);
    if (ids.length === 0) return [];
    return db.select().from(tasks).where(inArray(tasks.id, ids));
  }

  private async process(task: TaskRow): Promise<void> {
    let outcome: StepOutcome;
    try {
      if (task.deadlineAt.getTime() < Date.now()) {
        outcome = { status: TaskStatus.Failed, failReason: '任务超时，请重新发起', extensionData: null, finished: true };
      } else {
        outcome = await this.withTimeout(runStep(task, this.context));
      }
    } catch (error) {
      outcome = this.afterFailure(task, error);
    }
    await this.commit(task, outcome);
  }

  private withTimeout<T>(step: Promise<T>): Promise<T> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new GatewayError('电子税务局无响应，请稍后重试')), this.options.stepTimeoutMs);
    });
    return Promise.race([step, timeout]).finally(() => clearTimeout(timer));
  }

  private afterFailure(task: TaskRow, error: unknown): StepOutcome {
    const reason = error instanceof GatewayError ? error.reason : '处理失败，请稍后重试';
    if (!(error instanceof GatewayError)) this.options.log.error(error, `task ${task.id} step failed`);
    const attempts = task.attempts + 1;
    if (attempts >= task.maxAttempts) {
      return { status: TaskStatus.Failed, failReason: reason, extensionData: null, finished: true, payload: { attempts } };
    }
    return { failReason: reason, nextRunAt: new Date(Date.now() + 1000 * 2 ** (attempts - 1)), payload: { attempts } };
  }

  /** Writes the outcome if this worker still holds the task, and releases it. */
  private async commit(task: TaskRow, outcome: StepOutcome): Promise<void> {
    const attempts = typeof outcome.payload?.attempts === 'number' ? outcome.payload.attempts : undefined;
    const payload = outcome.payload ? { ...outcome.payload } : undefined;
    if (payload) delete payload.attempts;
    await this.context.db.transaction(async (tx) => {
      const updated = await tx
        .update(tasks)
        .set({
          ...(outcome.status !== undefined && { status: outcome.status }),
          ...(outcome.failReason !== undefined && { failReason: outcome.failReason }),
          ...(outcome.extensionData !== undefined && { extensionData: outcome.extensionData }),
          ...(payload && Object.keys(payload).length > 0 && { payload: sql`${tasks.payload} || ${JSON.stringify(payload)}::jsonb` }),
          ...(outcome.result && { result: outcome.result }),
          ...(outcome.nextRunAt && { nextRunAt: outcome.nextRunAt }),
          ...(outcome.smsSentAt && { smsSentAt: outcome.smsSentAt }),
          ...(attempts !== undefined && { attempts }),
          ...(outcome.finished && { finishedAt: sql`now()` }),
          lockedBy: null,
          lockedUntil: null,
          updatedAt: sql`now()`,
        })
        .where(and(eq(tasks.id, task.id), eq(tasks.lockedBy, this.id)))
        .returning({ id: tasks.id });
      if (updated.length === 0) return; // The lease ran out and another worker owns the task now.
      if (outcome.account) {
        await tx.update(taxAccounts).set({ ...outcome.account, updatedAt: sql`now()` }).where(eq(taxAccounts.companyId, task.companyId));
      }
    });
  }
}
