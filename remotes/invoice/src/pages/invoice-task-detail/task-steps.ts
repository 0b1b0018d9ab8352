/**
 * The steps a task goes through, as the detail page shows them: 已提交 → what the tax bureau does (for a red invoice
 * the confirmation form, then the issue) → the outcome. The server's `stage` says where a task is (and where it
 * stopped when it failed).
 */
import { phaseOf, type TaskPhase } from '@app/host-sdk/task-polling';
import { chinaDateTime } from '@app/domain/china-time';
import { PHASE_LABELS } from '../../features/tasks/task-status';
import type { TaskType } from '@app/contract/task-status';

export type StepStatus = 'wait' | 'process' | 'finish' | 'error';

export interface TaskStep {
  title: string;
  description?: string;
  status: StepStatus;
}

interface StepPlan {
  /** What happens between 已提交 and the outcome. */
  middle: string[];
  succeeded: string;
  failed: string;
}

const PLANS: Record<TaskType, StepPlan> = {
  blue_invoice: { middle: ['税局处理'], succeeded: '已开具', failed: '开具失败' },
  red_invoice: { middle: ['红字确认单', '开具红字发票'], succeeded: '已开具', failed: '开具失败' },
  login_sms: { middle: ['短信验证'], succeeded: '登录成功', failed: '登录失败' },
  login_qr: { middle: ['扫码确认'], succeeded: '登录成功', failed: '登录失败' },
  face: { middle: ['扫码刷脸'], succeeded: '认证成功', failed: '认证失败' },
  withdraw: { middle: ['银行处理'], succeeded: '已到账', failed: '提现失败' },
  ticket_verify: { middle: ['税局查验'], succeeded: '查验完成', failed: '查验失败' },
};

export interface StepsInput {
  type: TaskType;
  taskStatus: number;
  failReason: string | null;
  createdAt: string;
  finishedAt: string | null;
  /** start, confirm, issue or done (older answers without it count as start). */
  stage?: string;
}

/** The middle step a task is at: a red invoice is at its issue once the confirmation form is through. */
function currentStepIndex(task: StepsInput): number {
  return task.type === 'red_invoice' && (task.stage === 'issue' || task.stage === 'done') ? 1 : 0;
}

function middleDescription(phase: TaskPhase): string | undefined {
  if (phase === 'pending') return '税局处理中，请稍候';
  if (phase === 'success' || phase === 'failed') return undefined;
  return PHASE_LABELS[phase];
}

export function stepsOf(task: StepsInput): TaskStep[] {
  const plan = PLANS[task.type];
  const phase = phaseOf(task.taskStatus);
  const submitted: TaskStep = { title: '已提交', description: chinaDateTime(task.createdAt), status: 'finish' };
  const finishedAt = task.finishedAt ? chinaDateTime(task.finishedAt) : undefined;

  if (phase === 'success') {
    return [
      submitted,
      ...plan.middle.map((title): TaskStep => ({ title, status: 'finish' })),
      { title: plan.succeeded, description: finishedAt, status: 'finish' },
    ];
  }
  if (phase === 'failed') {
    const failedAt = currentStepIndex(task);
    const middle = plan.middle.map(
      (title, index): TaskStep => ({ title, status: index < failedAt ? 'finish' : index === failedAt ? 'error' : 'wait' }),
    );
    return [submitted, ...middle, { title: plan.failed, description: finishedAt, status: 'error' }];
  }
  const current = currentStepIndex(task);
  const middle = plan.middle.map(
    (title, index): TaskStep =>
      index < current
        ? { title, status: 'finish' }
        : index === current
          ? { title, description: middleDescription(phase), status: 'process' }
          : { title, status: 'wait' },
  );
  return [submitted, ...middle, { title: plan.succeeded, status: 'wait' }];
}
