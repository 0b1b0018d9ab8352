import { useNavigate } from 'react-router-dom';
import { Button } from '@app/ui/button';
import { ErrorBlock } from '@app/ui/error-block';
import { Page } from '@app/ui/page';
import { href } from '@app/host-sdk/paths';

export function NotFoundPage() {
  const navigate = useNavigate();
  return (
    <Page title="页面不存在">
      <ErrorBlock status="empty" title="页面不存在" description="您访问的页面不存在或已被移除" style={{ padding: '48px 24px 16px' }} />
      <div style={{ padding: '0 48px' }}>
        <Button block color="primary" onClick={() => navigate(href('home'), { replace: true })}>
          返回首页
        </Button>
      </div>
    </Page>
  );
}
