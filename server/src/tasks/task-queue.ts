/** Creating tasks and moving them between steps on behalf of the calls; the worker does the work. */
import { and, eq, inArray, isNull, notInArray, sql } from 'drizzle-orm';
import type { Database } from '../db/database';
import { TaskStatus, type TaskType } from '@app/contract/task-status';
import { tasks } from '../db/schema/tasks';
import type { WorkerTaskType } from './worker-task-type';

export type TaskRow = typeof tasks.$inferSelect;

/** The company a task works for: every task has one but the e-mail of a person's copy (the tasks table's CHECK). */
export function taskCompany(task: Pick<TaskRow, 'id' | 'type' | 'companyId'>): string {
  if (task.companyId === null) throw new Error(`task ${task.id} (${task.type}) has no company`);
  return task.companyId;
}

export const FINAL_STATUSES = [TaskStatus.Succeeded, TaskStatus.Failed];

/** How long each kind of task may take before it fails as timed out. */
export const TASK_DEADLINE_MS: Record<WorkerTaskType, number> = {
  login_sms: 10 * 60_000,
  login_qr: 5 * 60_000,
  face: 5 * 60_000,
  blue_invoice: 10 * 60_000,
  red_invoice: 10 * 60_000,
  /**
   * Past this, the bank is asked before the task fails: a payout it is still processing keeps the task open, however
   * long (see payouts/withdraw-steps.ts).
   */
  withdraw: 30 * 60_000,
  ticket_verify: 5 * 60_000,
  /** Far longer than its attempts' back-off: it ends by its attempts. */
  deliver_invoice: 30 * 60_000,
  /** An export's one long step (EXPORT_STEP_TIMEOUT_MS), retried at most twice. */
  export_file: 40 * 60_000,
};

/** The SMS resend window (docs/product.md, "Constants": 4 minutes). */
export const SMS_RESEND_WINDOW_MS = 4 * 60_000;

export class TaskQueue {
  private wakeWorker: () => void = () => {};

  constructor(private readonly db: Database) {}

  onCreated(wake: () => void): void {
    this.wakeWorker = wake;
  }

  /** `tx`: created inside the caller's transaction (with its audit entry); then call `wake()` after it commits. */
  async create(
    input: {
      companyId: string;
      userId: string;
      type: TaskType;
      payload?: Record<string, unknown>;
      requestSerial?: string;
    },
    tx?: Database,
  ): Promise<TaskRow> {
    const [task] = await (tx ?? this.db)
      .insert(tasks)
      .values({
        companyId: input.companyId,
        userId: input.userId,
        type: input.type,
        payload: { stage: 'start', ...input.payload },
        requestSerial: input.requestSerial ?? null,
        deadlineAt: new Date(Date.now() + TASK_DEADLINE_MS[input.type]),
      })
      .returning();
    if (!tx) this.wakeWorker();
    return task as TaskRow;
  }

  /**
   * Creates a task inside the caller's transaction, once per request serial: a repeated or concurrent create with the
   * same serial answers the task that exists (`created` false). Call `wake()` after the transaction commits. `at`: when
   * it was asked for (now; the demo history's are past times, db/demo-history.ts).
   */
  async createOnce(
    tx: Database,
    input: { companyId: string; userId: string; type: TaskType; payload: Record<string, unknown>; requestSerial: string },
    at?: Date,
  ): Promise<{ task: TaskRow; created: boolean }> {
    const [task] = await tx
      .insert(tasks)
      .values({
        companyId: input.companyId,
        userId: input.userId,
        type: input.type,
        payload: { stage: 'start', ...input.payload },
        requestSerial: input.requestSerial,
        deadlineAt: new Date((at?.getTime() ?? Date.now()) + TASK_DEADLINE_MS[input.type]),
        ...(at && { createdAt: at, updatedAt: at, nextRunAt: at }),
      })
      .onConflictDoNothing({ target: [tasks.companyId, tasks.requestSerial] })
      .returning();
    if (task) return { task, created: true };
    const [existing] = await tx
      .select()
      .from(tasks)
      .where(and(eq(tasks.companyId, input.companyId), eq(tasks.requestSerial, input.requestSerial)));
    if (!existing) throw new Error(`task with request serial ${input.requestSerial} vanished`);
    return { task: existing, created: false };
  }

  /** Tells the worker there is work (after a transaction that created or re-queued tasks committed). */
  wake(): void {
    this.wakeWorker();
  }

  /** An unfinished task of these types for the company (the "task exists" check). */
  async findUnfinished(companyId: string, types: readonly TaskType[]): Promise<TaskRow | undefined> {
    const [task] = await this.db
      .select()
      .from(tasks)
      .where(
        and(
          eq(tasks.companyId, companyId),
          inArray(tasks.type, [...types]),
          notInArray(tasks.status, FINAL_STATUSES),
          isNull(tasks.finishedAt),
          sql`${tasks.deadlineAt} > now()`,
        ),
      )
      .limit(1);
    return task;
  }

  /**
   * Moves a task waiting for the user to its next step, if it is still waiting and no worker holds it. `tx`: inside the
   * caller's transaction; then call `wake()` after it commits.
   */
  async advance(
    id: string,
    from: { status: number; stage: string },
    to: { status?: number; payload: Record<string, unknown>; extraWhere?: ReturnType<typeof sql> },
    tx?: Database,
  ): Promise<boolean> {
    const conditions = [
      eq(tasks.id, id),
      eq(tasks.status, from.status),
      isNull(tasks.lockedBy),
      sql`${tasks.payload}->>'stage' = ${from.stage}`,
    ];
    if (to.extraWhere) conditions.push(to.extraWhere);
    const moved = await (tx ?? this.db)
      .update(tasks)
      .set({
        ...(to.status !== undefined && { status: to.status }),
        payload: sql`${tasks.payload} || ${JSON.stringify(to.payload)}::jsonb`,
        nextRunAt: sql`now()`,
        updatedAt: sql`now()`,
      })
      .where(and(...conditions))
      .returning({ id: tasks.id });
    if (moved.length && !tx) this.wakeWorker();
    return moved.length > 0;
  }
}
