import { useNavigate } from 'react-router-dom';
import { Button } from '@app/ui/button';
import { Page } from '@app/ui/page';
import { StatusView } from '@app/ui/status-view';
import { appHref } from '@app/host-sdk/paths';

export function NotFoundPage() {
  const navigate = useNavigate();
  return (
    <Page title="页面不存在">
      <StatusView icon="notFound" title="页面不存在" description="您访问的页面不存在或已被移除">
        <Button block color="primary" onClick={() => navigate(appHref('home'), { replace: true })}>
          返回首页
        </Button>
      </StatusView>
    </Page>
  );
}
