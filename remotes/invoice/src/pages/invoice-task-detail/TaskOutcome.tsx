/** What came of a task, at the top of its detail page: still running, issued (with the invoice), or failed (with 重试). */
import { useState } from 'react';
import { phaseOf } from '@app/host-sdk/task-polling';
import { Button } from '@app/ui/button';
import { Result } from '@app/ui/result';
import { PHASE_LABELS } from '../../features/tasks/task-status';
import { isInvoiceTask } from '../../features/tasks/task-view';
import type { TaskDetail } from '@app/contract/task';

const SUCCESS_TITLES = { invoice: '开具成功', login: '登录成功', face: '认证成功' } as const;
const FAILURE_TITLES = { invoice: '开具失败', login: '登录失败', face: '认证失败' } as const;
const RUNNING_TITLES = { invoice: '正在开具', login: '正在登录', face: '正在认证' } as const;

function familyOf(task: TaskDetail): keyof typeof SUCCESS_TITLES {
  if (isInvoiceTask(task.type)) return 'invoice';
  return task.type === 'face' ? 'face' : 'login';
}

export interface TaskOutcomeProps {
  task: TaskDetail;
  onViewInvoice(invoiceId: string): void;
  onDownloadPdf(invoiceId: string): Promise<void>;
  onRetry(): Promise<void>;
  /** A login or face task waiting for the user: reopen the host's dialog. */
  onContinue(): void;
}

export function TaskOutcome({ task, onViewInvoice, onDownloadPdf, onRetry, onContinue }: TaskOutcomeProps) {
  const [busy, setBusy] = useState<'retry' | 'pdf' | null>(null);
  const phase = phaseOf(task.taskStatus);
  const family = familyOf(task);

  async function run(kind: 'retry' | 'pdf', action: () => Promise<void>) {
    setBusy(kind);
    try {
      await action();
    } catch {
      // The error catalogue has shown why; the button is usable again.
    } finally {
      setBusy(null);
    }
  }

  if (phase === 'success') {
    const invoiceNumber = task.result?.invoiceNumber ?? null;
    const issuedInvoiceId = task.result?.invoiceId ?? task.invoiceId;
    return (
      <section className="task-outcome">
        <Result status="success" title={SUCCESS_TITLES[family]} description={invoiceNumber ? `发票号码 ${invoiceNumber}` : undefined} />
        {family === 'invoice' && issuedInvoiceId ? (
          <div className="task-outcome__actions">
            <Button block color="primary" onClick={() => onViewInvoice(issuedInvoiceId)}>
              查看发票
            </Button>
            <Button
              block
              color="primary"
              fill="outline"
              loading={busy === 'pdf'}
              disabled={busy !== null}
              onClick={() => void run('pdf', () => onDownloadPdf(issuedInvoiceId))}
            >
              下载 PDF
            </Button>
          </div>
        ) : null}
      </section>
    );
  }

  if (phase === 'failed') {
    return (
      <section className="task-outcome">
        <Result
          status="error"
          title={FAILURE_TITLES[family]}
          description={<span className="task-outcome__reason">{task.failReason || '税务局未说明原因'}</span>}
        />
        <div className="task-outcome__actions">
          <Button block color="primary" loading={busy === 'retry'} disabled={busy !== null} onClick={() => void run('retry', onRetry)}>
            重试
          </Button>
        </div>
      </section>
    );
  }

  const waitingForUser = phase !== 'pending';
  return (
    <section className="task-outcome">
      <Result
        status="waiting"
        title={waitingForUser ? PHASE_LABELS[phase] : RUNNING_TITLES[family]}
        description={
          waitingForUser ? (task.failReason ?? '请在弹窗中完成税务局验证') : '每 2 秒自动刷新，可离开本页，稍后在开票任务中查看结果'
        }
      />
      {waitingForUser ? (
        <div className="task-outcome__actions">
          <Button block color="primary" onClick={onContinue}>
            继续验证
          </Button>
        </div>
      ) : null}
    </section>
  );
}
