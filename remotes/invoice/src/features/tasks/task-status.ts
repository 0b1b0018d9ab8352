/** How a task's status (docs/product.md, "Tasks") reads on screen: the badge text and colour of each phase. */
import type { TaskPhase } from '@app/host-sdk/task-polling';
import type { TagProps } from '@app/ui/tag';

export const PHASE_LABELS: Record<TaskPhase, string> = {
  pending: '进行中',
  awaitSmsCode: '等待验证码',
  awaitQrScan: '等待扫码',
  awaitFaceScan: '等待刷脸',
  success: '成功',
  failed: '失败',
};

export const PHASE_COLORS: Record<TaskPhase, NonNullable<TagProps['color']>> = {
  pending: 'primary',
  awaitSmsCode: 'warning',
  awaitQrScan: 'warning',
  awaitFaceScan: 'warning',
  success: 'success',
  failed: 'danger',
};
