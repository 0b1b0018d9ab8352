import { phaseOf } from '@app/host-sdk/task-polling';
import { Tag } from '@app/ui/tag';
import { PHASE_COLORS, PHASE_LABELS } from './task-status';

/** The status badge of a task: 进行中, 等待验证码, 等待扫码, 等待刷脸, 成功 or 失败. */
export function TaskStatusTag({ taskStatus }: { taskStatus: number }) {
  const phase = phaseOf(taskStatus);
  return (
    <Tag color={PHASE_COLORS[phase]} fill="outline">
      {PHASE_LABELS[phase]}
    </Tag>
  );
}
