/**
 * What the merchant sees after 同意开票: one invoice under way offers its task's progress; several say how many were
 * submitted; applications left 待开票 (the tax bureau is not ready) say why, where they went, and how to get ready.
 */
import { Dialog } from '@app/ui/dialog';
import { Toast } from '@app/ui/toast';
import type { IssueResult } from '@app/contract/invoice-application';
import { readyActionText } from '../../features/applications/blocked-reason';

export interface ApprovalActions {
  openTask(taskId: string): void;
  openWaiting(): void;
  /** Opens the login and face dialogs as needed; true when the tax bureau is ready. */
  getTaxReady(): Promise<boolean>;
}

async function getReadyThenOpenWaiting(actions: ApprovalActions): Promise<void> {
  if (!(await actions.getTaxReady())) return;
  Toast.show({ icon: 'success', content: '已就绪，请开具待开票申请' });
  actions.openWaiting();
}

function announceWaiting(waiting: IssueResult[], started: number, actions: ApprovalActions): void {
  const reason = waiting.find((result) => result.blockedReason)?.blockedReason ?? '电子税务局暂不可用';
  const subject = waiting.length === 1 ? '该申请' : `${waiting.length} 条申请`;
  Dialog.show({
    title: '已同意，待开票',
    content: (
      <div className="approval-notice">
        <p className="approval-notice__reason">{reason}</p>
        <p className="approval-notice__hint">
          {subject}已移至“待开票”，{readyActionText(reason) === '去登录' ? '登录电子税务局' : '完成刷脸认证'}后即可开具。
          {started > 0 ? `另有 ${started} 张已提交开具。` : ''}
        </p>
      </div>
    ),
    closeOnAction: true,
    actions: [
      {
        key: 'ready',
        text: readyActionText(reason),
        bold: true,
        // Not awaited: this dialog closes first, so the login and face dialogs are not opened underneath it.
        onClick: () => void getReadyThenOpenWaiting(actions),
      },
      { key: 'waiting', text: '查看待开票', onClick: actions.openWaiting },
      { key: 'later', text: '稍后处理' },
    ],
  });
}

export function announceApproval(results: readonly IssueResult[], actions: ApprovalActions): void {
  const waiting = results.filter((result) => result.status === '待开票');
  const started = results.filter((result) => result.status !== '待开票');
  if (waiting.length > 0) {
    announceWaiting(waiting, started.length, actions);
    return;
  }
  const taskId = started.length === 1 ? started[0]?.taskId : null;
  if (!taskId) {
    Toast.show({ icon: 'success', content: `已提交 ${started.length} 张发票开具` });
    return;
  }
  Dialog.show({
    title: '已提交开票',
    content: '税务局正在开具发票，开具后将自动发送给客户。',
    closeOnAction: true,
    actions: [
      [
        { key: 'stay', text: '继续审核' },
        { key: 'open', text: '查看进度', bold: true, onClick: () => actions.openTask(taskId) },
      ],
    ],
  });
}
