/**
 * `/invoice/task/detail?id=<taskId>`: one tax-bureau task of the company, followed every 2 s while it runs, with its
 * steps and what came of it — the issued invoice (view, PDF), or the failure reason and 重试.
 */
import { ensureTaxReady } from '@app/host-sdk/dialogs';
import { appHref } from '@app/host-sdk/paths';
import { useNavigate, useSearchParams } from '@app/host-sdk/router';
import { Button } from '@app/ui/button';
import { List } from '@app/ui/list';
import { Page } from '@app/ui/page';
import { Skeleton } from '@app/ui/skeleton';
import { Toast } from '@app/ui/toast';
import { chinaDateTime } from '@app/domain/china-time';
import { href } from '../../paths';
import { TaskStatusTag } from '../../features/tasks/TaskStatusTag';
import { retryFailedTask } from './retry-task';
import { downloadUrlOf, getPdfLink } from '../../features/invoices/invoice-api';
import type { TaskDetail } from '@app/contract/task';
import { LoadedView } from '@app/widgets/state-view';
import { TaskOutcome } from './TaskOutcome';
import { TaskSteps } from './TaskSteps';
import { useTaskDetail } from './use-task-detail';
import './task-detail-page.css';

const TITLE = '任务详情';

/** The task's outcome, its steps and its facts; 重试 re-queues a failed one (or opens the host's dialogs first). */
function TaskView({ task, reload }: { task: TaskDetail; reload(): void }) {
  const navigate = useNavigate();

  async function retry(failed: TaskDetail) {
    const outcome = await retryFailedTask(failed);
    if (outcome.kind === 'taxReady') {
      Toast.show({ icon: 'success', content: '税务局登录与刷脸认证已完成' });
      return;
    }
    if (outcome.kind !== 'requeued') return;
    Toast.show({ icon: 'success', content: '已重新提交' });
    if (outcome.taskId === failed.id) reload();
    else navigate(appHref('invoiceTaskDetail', {}, { id: outcome.taskId }), { replace: true });
  }

  async function downloadPdf(invoiceId: string) {
    const link = await getPdfLink(invoiceId);
    window.location.assign(downloadUrlOf(link));
  }

  return (
    <>
      <TaskOutcome
        task={task}
        onViewInvoice={(invoiceId) => navigate(href('invoiceList', {}, { id: invoiceId }))}
        onDownloadPdf={downloadPdf}
        onRetry={() => retry(task)}
        onContinue={() => void ensureTaxReady().then(reload)}
      />
      <List header="进度" className="task-detail__card">
        <div className="task-detail__steps">
          <TaskSteps task={task} />
        </div>
      </List>
      <List header="任务信息" className="task-detail__card">
        <List.Item extra={<TaskStatusTag taskStatus={task.taskStatus} />}>{task.typeName}</List.Item>
        <List.Item extra={chinaDateTime(task.createdAt)}>提交时间</List.Item>
        {task.finishedAt ? <List.Item extra={chinaDateTime(task.finishedAt)}>完成时间</List.Item> : null}
        {task.attempts > 1 ? <List.Item extra={`${task.attempts} 次`}>尝试次数</List.Item> : null}
        <List.Item extra={<span className="task-detail__id">{task.id}</span>}>任务编号</List.Item>
      </List>
    </>
  );
}

export default function InvoiceTaskDetailPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { loaded, retry, reload } = useTaskDetail(params.get('id'));
  return (
    <Page title={TITLE}>
      <LoadedView
        loaded={loaded}
        placeholder={
          <div className="task-detail__skeleton" role="status" aria-busy="true" aria-label="加载中">
            <Skeleton.Title animated />
            <Skeleton.Paragraph lineCount={6} animated />
          </div>
        }
        missing={{ title: '任务不存在', description: '该任务不存在，或链接有误' }}
        onRetry={retry}
        waysOut={(problem) => (
          <Button block color={problem.state === 'failed' ? 'default' : 'primary'} onClick={() => navigate(href('invoiceTaskList'))}>
            查看全部任务
          </Button>
        )}
      >
        {(task) => <TaskView task={task} reload={reload} />}
      </LoadedView>
    </Page>
  );
}
