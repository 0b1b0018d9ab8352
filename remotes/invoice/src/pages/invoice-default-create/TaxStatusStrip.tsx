/**
 * The company's standing at the tax bureau: 登录状态 and 刷脸状态, each with the button that opens the host's
 * dialog for it. Issuing needs both; the form would open the same dialogs on submit.
 */
import { openFaceDialog, openLoginDialog } from '@app/host-sdk/dialogs';
import { appHref } from '@app/host-sdk/paths';
import { isFaceAuthenticated, isTaxLoggedIn } from '@app/host-sdk/roles';
import { Link } from '@app/host-sdk/router';
import { useTaxAccount } from '@app/host-sdk/session-hooks';
import { Button } from '@app/ui/button';
import { TaxState } from '@app/widgets/tax-state';

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
      <div className="home-tax__cell">
        <TaxState account={account} of="login" />
        <Button size="mini" color="primary" fill={isTaxLoggedIn(account) ? 'outline' : 'solid'} onClick={() => void openLoginDialog().then(() => refresh())}>
          登录
        </Button>
      </div>
      <div className="home-tax__cell">
        <TaxState account={account} of="face" />
        <Button size="mini" color="primary" fill={isFaceAuthenticated(account) ? 'outline' : 'solid'} onClick={() => void openFaceDialog().then(() => refresh())}>
          刷脸
        </Button>
      </div>
    </section>
  );
}
