/** `/login`: the brand, what the app does, and the provider's sign-in button. */
import { Button } from '@app/ui/button';
import { Page } from '@app/ui/page';
import { detectInAppBrowser } from '@app/host-sdk/in-app-browser';
import { authorizeUrl } from '@app/host-sdk/authorize';
import { sameOriginPath } from '@app/domain/return-path';
import './login-page.css';

export function LoginPage() {
  const alipay = detectInAppBrowser(navigator.userAgent).alipay;
  const returnUrl = sameOriginPath(new URLSearchParams(window.location.search).get('returnUrl')) ?? '/';
  return (
    <Page title="登录" noBack>
      <div className="login-page">
        <div className="login-page__logo" aria-hidden="true">
          税
        </div>
        <h1 className="login-page__brand">优税通</h1>
        <p className="login-page__intro">连接电子税务局，随时随地为您的企业开具发票、管理票夹与收支。</p>
        <Button block color="primary" size="large" onClick={() => void authorizeUrl(returnUrl).then((url) => window.location.assign(url))}>
          {alipay ? '支付宝授权登录' : '微信授权登录'}
        </Button>
      </div>
    </Page>
  );
}
