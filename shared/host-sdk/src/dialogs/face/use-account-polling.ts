/** Re-queries the tax account every 2 s while the face dialog shows (docs/product.md, "Screens and the host"), so 今日已认证 appears by itself. */
import { useEffect } from 'react';
import { refreshTaxAccount } from '../../session-loader';
import { TASK_POLL_MS } from '../../task-polling';

/** docs/product.md, "Constants": face status polling, 2000 ms. */
export const FACE_STATUS_POLL_MS = TASK_POLL_MS;

export function useAccountPolling(intervalMs = FACE_STATUS_POLL_MS): void {
  useEffect(() => {
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const tick = async () => {
      await refreshTaxAccount();
      if (!stopped) timer = setTimeout(tick, intervalMs);
    };
    void tick();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [intervalMs]);
}
