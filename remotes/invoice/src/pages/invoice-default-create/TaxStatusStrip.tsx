/**
 * The company's standing at the tax bureau: 登录状态 and 刷脸状态, a row each. Until a state is done its row offers the
 * button that opens the host's dialog for it (issuing needs both; the form would open the same dialogs on submit).
 * Once done the row says how long it holds instead: the bureau refuses a second login (您已登录，请勿重复登录), so a
 * 登录 button there would only lead to that refusal.
 */
import type { ReactNode } from 'react';
import { chinaDateTime } from '@app/domain/china-time';
import { openFaceDialog, openLoginDialog } from '@app/host-sdk/dialogs';
import { appHref } from '@app/host-sdk/paths';
import { isFaceAuthenticated, isTaxLoggedIn } from '@app/host-sdk/roles';
import { Link } from '@app/host-sdk/router';
import { useTaxAccount } from '@app/host-sdk/session-hooks';
import { Button } from '@app/ui/button';
import { TaxState } from '@app/widgets/tax-state';

function Row({ children, done, action, onAction }: { children: ReactNode; done: ReactNode; action: string | null; onAction: () => void }) {
  return (
    <div className="home-tax__row">
      {children}
      {action ? (
        <Button className="home-tax__action" size="mini" color="primary" onClick={onAction}>
          {action}
        </Button>
      ) : (
        <span className="home-tax__done">{done}</span>
      )}
    </div>
  );
}

export function TaxStatusStrip() {
  const { account, loading, refresh } = useTaxAccount();

  if (loading) {
    return (
      <section className="home-tax home-tax--note" aria-label="税务局状态">
        正在查询税务局登录状态…
      </section>
    );
  }
  if (!account) {
    return (
      <section className="home-tax home-tax--note" aria-label="税务局状态">
        <span>尚未设置电子税务局账号，暂不能开票</span>
        <Link className="home-tax__link" to={appHref('myTaxAccount')}>
          去设置
        </Link>
      </section>
    );
  }

  return (
    <section className="home-tax" aria-label="税务局状态">
      <Row
        action={isTaxLoggedIn(account) ? null : '登录'}
        onAction={() => void openLoginDialog().then(() => refresh())}
        done={account.expirationTime ? `有效期至 ${chinaDateTime(account.expirationTime)}` : null}
      >
        <TaxState account={account} of="login" />
      </Row>
      <Row
        action={isFaceAuthenticated(account) ? null : '刷脸'}
        onAction={() => void openFaceDialog().then(() => refresh())}
        done="今日有效"
      >
        <TaxState account={account} of="face" />
      </Row>
    </section>
  );
}
