/**
 * Runs due tasks. A task is claimed with FOR UPDATE SKIP LOCKED and held by a lease (`locked_by`, `locked_until`):
 * two workers (in one process or many, on one PostgreSQL) never run one task at the same time, and a task whose
 * worker died is picked up again when its lease runs out. Each claim writes its own token into `locked_by` (the
 * worker's id and the claim's number), and every write back is fenced by it, so a worker that lost its lease cannot
 * overwrite the newer state, not even when it claimed the task again itself. A step that fails (the bureau refuses,
 * is down or never answers) is retried with backoff up to `max_attempts`, then the task fails with the reason; a task
 * past its deadline fails as timed out — unless settling it with the other side says otherwise (task-steps.ts,
 * settleBeforeFailing: an invoice issued after all, a payout the bank still processes). A worker runs at most `batch`
 * steps at a time, so instances share the work.
 */
import { hostname } from 'node:os';
import { randomUUID } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../db/database';
import { tasks } from '../db/schema/tasks';
import { taxAccounts } from '../db/schema/tax-accounts';
import { GatewayError } from '../etax/gateway';
import { taskCompany, type TaskRow } from './task-queue';
import { TaskStatus } from '@app/contract/task-status';
import type { StepContext, StepOutcome } from './step-types';
import { failureEffects, runStep, settleBeforeFailing, settlesWithoutCutOff } from './task-steps';
import type { WorkerTaskType } from './worker-task-type';
import { EXPORT_STEP_TIMEOUT_MS } from '../exports/export-step';

export interface WorkerOptions {
  /** How often to look for due tasks while there is work about. */
  pollMs: number;
  /**
   * With nothing due and nothing running: look again when the next task is due, at the latest after this long
   * (default `pollMs`). A task made or advanced in this process wakes the worker at once.
   */
  idlePollMs?: number;
  /** A step that takes longer fails as "no answer". */
  stepTimeoutMs: number;
  /** How long a claim holds; longer than a step can take (so longer than `stepTimeoutMs`). */
  leaseMs: number;
  /** Steps run at the same time, at most. */
  batch: number;
  /** The first retry's wait (default RETRY_BASE_MS); each later one doubles it. */
  retryBaseMs?: number;
  log: { info(message: string): void; error(object: unknown, message: string): void };
}

/**
 * Steps that take longer than a call to the bureau (an export's file): their own time-out, while the step renews its
 * lease as it goes (exports/export-step.ts).
 */
const LONG_STEPS: Partial<Record<WorkerTaskType, { timeoutMs: number; reason: string }>> = {
  export_file: { timeoutMs: EXPORT_STEP_TIMEOUT_MS, reason: '导出超时，请缩小日期范围后重试' },
};

export const DEFAULT_WORKER_OPTIONS = { pollMs: 250, idlePollMs: 1000, stepTimeoutMs: 10_000, leaseMs: 15_000, batch: 8 };
/** A failed step is retried after 1 s, then 2 s, 4 s…: a busy bureau gets room, a passing refusal costs little. */
export const RETRY_BASE_MS = 1000;

/** How long after its `attempts`-th failed attempt (1, 2, …) a step is run again. */
export function retryDelayMs(attempts: number, baseMs: number = RETRY_BASE_MS): number {
  return baseMs * 2 ** (attempts - 1);
}
/** How long past its deadline a task whose outcome is unknown is settled before it fails regardless. */
export const SETTLE_GRACE_MS = 30 * 60_000;
const SETTLE_RETRY_MS = 5_000;

export class TaskWorker {
  readonly id = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  private timer: NodeJS.Timeout | undefined;
  private ticking: Promise<void> | null = null;
  private stopped = true;
  private lastWait = 0;
  private claims = 0;
  private readonly inFlight = new Set<Promise<void>>();

  constructor(
    private readonly context: StepContext,
    private readonly options: WorkerOptions,
  ) {
    if (!(options.leaseMs > options.stepTimeoutMs)) {
      throw new Error(
        `TASK_LEASE_MS (${options.leaseMs}) 必须大于 TASK_STEP_TIMEOUT_MS (${options.stepTimeoutMs})：租约须长于一个步骤的最长时间`,
      );
    }
  }

  start(): void {
    this.stopped = false;
    this.schedule(0);
  }

  /** Stops claiming and waits for the claim and the steps in flight (their outcomes are written). */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.ticking;
    await Promise.allSettled([...this.inFlight]);
  }

  /** How many claimed tasks this worker is running a step of now. */
  get running(): number {
    return this.inFlight.size;
  }

  /** Looks for due tasks now (a task was just created or advanced in this process). */
  wake(): void {
    if (!this.stopped && !this.ticking) this.schedule(0);
  }

  /** How long the worker last set itself to wait before looking for due tasks again. */
  get waitingMs(): number {
    return this.lastWait;
  }

  private schedule(delay: number): void {
    this.lastWait = delay;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      if (this.stopped || this.ticking) return;
      let next = this.options.pollMs;
      this.ticking = this.tick()
        .then((wait) => {
          next = wait;
        })
        .finally(() => {
          this.ticking = null;
          if (!this.stopped) this.schedule(next);
        });
    }, delay);
  }

  /** Claims what is due and starts its steps; answers how long to wait before looking again. */
  private async tick(): Promise<number> {
    const room = this.options.batch - this.inFlight.size;
    if (room <= 0) return this.options.pollMs;
    try {
      const claimed = await this.claim(room);
      for (const task of claimed) {
        const work = this.process(task).finally(() => {
          this.inFlight.delete(work);
          // The worker was full: now there is room for the next due task.
          if (this.inFlight.size === this.options.batch - 1) this.wake();
        });
        this.inFlight.add(work);
      }
      if (claimed.length === 0 && this.inFlight.size === 0) return await this.idleWait();
    } catch (error) {
      this.options.log.error(error, 'task claim failed');
    }
    return this.options.pollMs;
  }

  /**
   * Idle: until the next unfinished task is due (by the database's clock), between `pollMs` and `idlePollMs`: polling
   * four times a second costs an idle server a few percent of a core (docs/server.md, "… and the task worker").
   */
  private async idleWait(): Promise<number> {
    const { pollMs, idlePollMs = pollMs } = this.options;
    if (idlePollMs <= pollMs) return pollMs;
    const answer = await this.context.db.execute<{ wait_ms: unknown }>(
      sql`select extract(epoch from min(next_run_at) - now()) * 1000 as wait_ms from tasks where finished_at is null`,
    );
    const wait = Number((answer as unknown as { rows: { wait_ms: unknown }[] }).rows[0]?.wait_ms ?? Number.NaN);
    return Number.isFinite(wait) ? Math.min(Math.max(wait, pollMs), idlePollMs) : idlePollMs;
  }

  /**
   * Claims up to `limit` due tasks that no lease holds and hands back the rows as claimed, in one statement: a second
   * read fenced by the claim could find a row already taken over, and the claimed task would wait out its lease.
   */
  private async claim(limit: number): Promise<TaskRow[]> {
    const token = `${this.id}#${++this.claims}`;
    return this.context.db
      .update(tasks)
      .set({
        lockedBy: token,
        lockedUntil: sql`now() + (${this.options.leaseMs} * interval '1 millisecond')`,
        status: sql`case when ${tasks.status} = ${TaskStatus.Queued} then ${TaskStatus.Processing} else ${tasks.status} end`,
        updatedAt: sql`now()`,
      })
      .where(
        sql`${tasks.id} in (
          select id from tasks
          where finished_at is null and next_run_at <= now() and (locked_until is null or locked_until < now())
          order by next_run_at
          limit ${limit}
          for update skip locked)`,
      )
      .returning();
  }

  /** Runs one step of a claimed task and writes its outcome; never rejects (a failure is logged, the lease runs out). */
  private async process(task: TaskRow): Promise<void> {
    let outcome: StepOutcome;
    try {
      if (task.deadlineAt.getTime() < Date.now()) {
        outcome = await this.giveUp(task, {
          status: TaskStatus.Failed,
          failReason: '任务超时，请重新发起',
          extensionData: null,
          finished: true,
        });
      } else {
        outcome = await this.withTimeout(runStep(task, this.context), LONG_STEPS[task.type]);
      }
    } catch (error) {
      outcome = await this.afterFailure(task, error);
    }
    try {
      const written = await this.commit(task, outcome);
      this.report(task, outcome, written);
    } catch (error) {
      // The database is unreachable or refused the write: the lease runs out and the step is run again.
      this.options.log.error(error, `task ${task.id}: the outcome of its step could not be written`);
    }
  }

  /** One line per change of a task (not per unchanged poll), with the worker that made it. */
  private report(task: TaskRow, outcome: StepOutcome, written: boolean): void {
    const stage = String(task.payload.stage ?? 'start');
    if (!written) {
      this.options.log.info(`task ${task.id} ${task.type} ${stage}: lease lost, outcome discarded (worker ${this.id})`);
      return;
    }
    const attempts = typeof outcome.payload?.attempts === 'number' ? outcome.payload.attempts : null;
    if (attempts !== null && !outcome.finished) {
      this.options.log.info(
        `task ${task.id} ${task.type} ${stage}: attempt ${attempts}/${task.maxAttempts} failed (${outcome.failReason}), retry at ${outcome.nextRunAt?.toISOString()} (worker ${this.id})`,
      );
    } else if (outcome.status !== undefined && outcome.status !== task.status) {
      const reason = outcome.status === TaskStatus.Failed ? ` (${outcome.failReason})` : '';
      this.options.log.info(`task ${task.id} ${task.type} ${stage}: ${task.status} → ${outcome.status}${reason} (worker ${this.id})`);
    }
  }

  private withTimeout<T>(step: Promise<T>, long?: { timeoutMs: number; reason: string }): Promise<T> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new GatewayError(long?.reason ?? '电子税务局无响应，请稍后重试')),
        long?.timeoutMs ?? this.options.stepTimeoutMs,
      );
    });
    return Promise.race([step, timeout]).finally(() => clearTimeout(timer));
  }

  private async afterFailure(task: TaskRow, error: unknown): Promise<StepOutcome> {
    const reason = error instanceof GatewayError ? error.reason : '处理失败，请稍后重试';
    if (!(error instanceof GatewayError)) this.options.log.error(error, `task ${task.id} step failed`);
    const attempts = task.attempts + 1;
    if (attempts >= task.maxAttempts) {
      return this.giveUp(task, {
        status: TaskStatus.Failed,
        failReason: reason,
        extensionData: null,
        finished: true,
        payload: { attempts },
      });
    }
    return {
      failReason: reason,
      nextRunAt: new Date(Date.now() + retryDelayMs(attempts, this.options.retryBaseMs)),
      payload: { attempts },
    };
  }

  /**
   * Before a task fails for good: a step whose outcome may be unknown (an invoice the bureau may have issued after the
   * worker stopped waiting, a payout the bank received) is settled first (see settleBeforeFailing), which may also keep
   * the task open (a payout the bank is still processing). When the other side cannot be asked now, it is asked again
   * shortly rather than a failure declared that it may contradict, up to SETTLE_GRACE_MS past the deadline — for a
   * withdraw task without that cut-off (settlesWithoutCutOff: money is given back only on a definitive answer).
   */
  private async giveUp(task: TaskRow, failure: StepOutcome): Promise<StepOutcome> {
    if (Date.now() > task.deadlineAt.getTime() + SETTLE_GRACE_MS && !settlesWithoutCutOff(task)) return failure;
    const keepAttempts = failure.payload ? { payload: failure.payload } : {};
    try {
      const settled = await this.withTimeout(settleBeforeFailing(task, this.context, failure.failReason ?? ''));
      return settled ? { ...keepAttempts, ...settled } : failure;
    } catch (error) {
      this.options.log.error(error, `task ${task.id}: could not ask the bureau for the outcome before failing it`);
      return { ...keepAttempts, failReason: failure.failReason, nextRunAt: new Date(Date.now() + SETTLE_RETRY_MS) };
    }
  }

  /** Writes the outcome if this claim still holds the task, and releases it; false when the lease was lost. */
  private commit(task: TaskRow, outcome: StepOutcome): Promise<boolean> {
    return commitStepOutcome(this.context.db, task, outcome);
  }
}

/**
 * Writes a step's outcome to its task and releases it, in one transaction with what else the step changes (its tax
 * account, its effects), fenced by the claim that ran it (`locked_by`): false, writing nothing, when that claim no
 * longer holds the task. A task no claim holds (`locked_by` null) is one no worker runs: the demo history
 * (db/demo-history.ts) runs its past tasks' steps itself and writes them at `at`, the step's time; else now.
 */
export async function commitStepOutcome(db: Database, task: TaskRow, outcome: StepOutcome, at?: Date): Promise<boolean> {
  const attempts = typeof outcome.payload?.attempts === 'number' ? outcome.payload.attempts : undefined;
  const payload = outcome.payload ? { ...outcome.payload } : undefined;
  if (payload) delete payload.attempts;
  const written = at ?? sql`now()`;
  return db.transaction(async (tx) => {
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
        ...(outcome.finished && { finishedAt: written }),
        lockedBy: null,
        lockedUntil: null,
        updatedAt: written,
      })
      .where(and(eq(tasks.id, task.id), task.lockedBy === null ? isNull(tasks.lockedBy) : eq(tasks.lockedBy, task.lockedBy)))
      .returning({ id: tasks.id });
    if (updated.length === 0) return false; // The lease ran out and another claim holds the task now.
    if (outcome.account) {
      await tx
        .update(taxAccounts)
        .set({ ...outcome.account, updatedAt: written })
        .where(eq(taxAccounts.companyId, taskCompany(task)));
    }
    const effects =
      outcome.effects ??
      (outcome.finished && outcome.status === TaskStatus.Failed ? failureEffects(task, outcome.failReason ?? '') : undefined);
    await effects?.(tx);
    return true;
  });
}
