/** `/services-close`: the service is closed (or open only to testers); offers a way back to where the user was. */
import { Button } from '@app/ui/button';
import { Page } from '@app/ui/page';
import { StatusView } from '@app/ui/status-view';

export function ServicesClosePage() {
  const returnUrl = new URLSearchParams(window.location.search).get('returnUrl');
  const back = returnUrl && returnUrl.startsWith('/') && !returnUrl.startsWith('//') ? returnUrl : '/';
  return (
    <Page title="服务暂停" noBack>
      <StatusView icon="closed" title="服务暂停" description="系统维护中，请稍后再试">
        <Button block color="primary" onClick={() => window.location.assign(back)}>
          重试
        </Button>
      </StatusView>
    </Page>
  );
}
