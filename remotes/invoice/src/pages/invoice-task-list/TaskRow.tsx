/** One task in the list: type, time, status badge, the invoice number once issued, the reason when it failed. */
import { appHref } from '@app/host-sdk/paths';
import { Link } from '@app/host-sdk/router';
import { phaseOf } from '@app/host-sdk/task-polling';
import { chinaDateTime } from '@app/domain/china-time';
import { TaskStatusTag } from '../../features/tasks/TaskStatusTag';
import type { TaskView } from '@app/contract/task';

export function TaskRow({ task }: { task: TaskView }) {
  const failed = phaseOf(task.taskStatus) === 'failed';
  const invoiceNumber = task.result?.invoiceNumber ?? null;
  return (
    <Link
      className="task-row"
      to={appHref('invoiceTaskDetail', {}, { id: task.id })}
      aria-label={`${task.typeName} ${chinaDateTime(task.createdAt)}`}
    >
      <div className="task-row__head">
        <span className="task-row__type">{task.typeName}</span>
        <TaskStatusTag taskStatus={task.taskStatus} />
      </div>
      <div className="task-row__time">{chinaDateTime(task.createdAt)}</div>
      {invoiceNumber ? <div className="task-row__number">发票号码 {invoiceNumber}</div> : null}
      {failed && task.failReason ? <div className="task-row__reason">{task.failReason}</div> : null}
    </Link>
  );
}
