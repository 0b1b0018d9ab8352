/** `/services-close`: why the service is closed, the hotline, and a retry back to where the user was. */
import { useAtomValue } from 'jotai';
import { Button } from '@app/ui/button';
import { Page } from '@app/ui/page';
import { StatusView } from '@app/ui/status-view';
import { servicesConfigAtom } from '@app/host-sdk/session';
import { loadServicesConfig } from '@app/host-sdk/session-loader';
import { sameOriginPath } from '@app/domain/return-path';
import './services-close.css';

export function ServicesClosePage() {
  const config = useAtomValue(servicesConfigAtom);
  // The one judge of return addresses (the server's sign-in uses it too): a path of the app, as it will be followed.
  const back = sameOriginPath(new URLSearchParams(window.location.search).get('returnUrl')) ?? '/';
  const reason = config?.systemServiceConfig.closeReason || '系统维护中，请稍后再试';
  const hotline = config?.appHotLine;
  async function retry() {
    // The service may have reopened since the app started: ask again, then go back.
    await loadServicesConfig().catch(() => undefined);
    window.location.assign(back);
  }
  return (
    <Page title="服务暂停" noBack>
      <StatusView icon="closed" title="服务暂停" description={reason}>
        <Button block color="primary" onClick={retry}>
          重试
        </Button>
        {hotline ? (
          <a className="services-close__hotline" href={`tel:${hotline.replace(/[^\d+]/g, '')}`}>
            客服热线 {hotline}
          </a>
        ) : null}
      </StatusView>
    </Page>
  );
}
