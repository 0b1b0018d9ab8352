/** "模块暂不可用": a remote (or one of its pages) could not be loaded; the rest of the app keeps working. */
import { useState } from 'react';
import { Button } from '@app/ui/button';
import { ErrorBlock } from '@app/ui/error-block';
import { Page } from '@app/ui/page';

export interface RemoteUnavailableProps {
  title?: string;
  onRetry: () => Promise<void> | void;
}

export function RemoteUnavailable({ title = '模块暂不可用', onRetry }: RemoteUnavailableProps) {
  const [retrying, setRetrying] = useState(false);
  async function retry() {
    setRetrying(true);
    try {
      await onRetry();
    } finally {
      setRetrying(false);
    }
  }
  return (
    <Page title={title}>
      <ErrorBlock status="disconnected" title="模块暂不可用" description="网络不稳定或模块正在更新，请稍后重试" style={{ padding: '48px 24px 16px' }} />
      <div style={{ padding: '0 48px' }}>
        <Button block color="primary" loading={retrying} onClick={retry}>
          重试
        </Button>
      </div>
    </Page>
  );
}
