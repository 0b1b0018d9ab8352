/**
 * The current company's standing at the tax bureau on 我的: 登录状态 and 刷脸状态 (docs/product.md, "Tasks"). The
 * whole card is a link to 税务账号, where the user logs in, authenticates or sets the account up.
 */
import type { ReactNode } from 'react';
import { appHref } from '@app/host-sdk/paths';
import { Link } from '@app/host-sdk/router';
import { useTaxAccount } from '@app/host-sdk/session-hooks';
import { Skeleton } from '@app/ui/skeleton';
import { TaxState } from '@app/widgets/tax-state';

export function TaxAccountCard() {
  const { account, loading } = useTaxAccount();

  let body: ReactNode;
  if (loading) {
    body = <Skeleton.Paragraph animated lineCount={1} className="my-page__tax-skeleton" />;
  } else if (!account) {
    body = <p className="my-page__tax-note">尚未设置电子税务局账号，设置后才能开票</p>;
  } else {
    body = (
      <div className="my-page__tax-states">
        <div className="my-page__tax-state">
          <TaxState account={account} of="login" />
        </div>
        <div className="my-page__tax-state">
          <TaxState account={account} of="face" />
        </div>
      </div>
    );
  }

  return (
    // A link, named by what it shows (电子税务局, 管理, the login and face states) as a screen reader reads it.
    <Link className="my-page__tax" to={appHref('myTaxAccount')}>
      <div className="my-page__tax-head">
        <span className="my-page__tax-title">电子税务局</span>
        <span className="my-page__tax-more">{account ? '管理' : loading ? '' : '去设置'} ›</span>
      </div>
      {body}
    </Link>
  );
}
