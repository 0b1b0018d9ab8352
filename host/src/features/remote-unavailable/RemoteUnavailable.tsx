/** "模块暂不可用": a remote (or one of its pages) could not be loaded; the rest of the app keeps working. */
import { useState } from 'react';
import { Button } from '@app/ui/button';
import { Page } from '@app/ui/page';
import { StatusView } from '@app/ui/status-view';

// Toast and Dialog (with their animation library, ~20 KiB gzip) load on the first tap that needs them, not with the
// page: this component is part of the host's first load.
const loadToast = () => import('@app/ui/toast').then((module) => module.Toast);
const loadDialog = () => import('@app/ui/dialog').then((module) => module.Dialog);

export interface RemoteUnavailableProps {
  title?: string;
  /** The technical reason, shown on request (for support). */
  reason?: string;
  /** Tries again; resolves to false when the module is still unavailable. */
  onRetry: () => Promise<boolean> | boolean;
}

export function RemoteUnavailable({ title = '模块暂不可用', reason, onRetry }: RemoteUnavailableProps) {
  const [retrying, setRetrying] = useState(false);
  async function retry() {
    setRetrying(true);
    try {
      if (!(await onRetry())) (await loadToast()).show({ content: '模块仍不可用，请稍后重试' });
    } finally {
      setRetrying(false);
    }
  }
  return (
    <Page title={title}>
      <StatusView icon="disconnected" title="模块暂不可用" description="网络不稳定或模块正在更新，请稍后重试">
        <Button block color="primary" loading={retrying} onClick={retry}>
          重试
        </Button>
        {reason ? (
          <Button
            block
            fill="none"
            size="small"
            onClick={async () => (await loadDialog()).alert({ title: '模块暂不可用', content: reason, confirmText: '知道了' })}
          >
            查看原因
          </Button>
        ) : null}
      </StatusView>
    </Page>
  );
}
