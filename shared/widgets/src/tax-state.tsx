/**
 * One of the company's states at the tax bureau, as the pages show it: 登录状态 or 刷脸状态 and its tag, green once
 * done (logged in; authenticated today: `@app/host-sdk/roles`), orange until then. The page puts it in its own
 * layout, with what it offers beside it (登录, 刷脸). Every page that shows a state shows this tag, so a state looks
 * the same on 开票, 我的 and 税务账号.
 */
import type { TaxAccount } from '@app/contract/tax-account';
import { isFaceAuthenticated, isTaxLoggedIn } from '@app/host-sdk/roles';
import { Tag } from '@app/ui/tag';
import styles from './tax-state.module.css';

export interface TaxStateProps {
  account: TaxAccount;
  /** The login (登录状态) or today's face authentication (刷脸状态). */
  of: 'login' | 'face';
}

/** The state's tag alone (已登录, 未登录, 已认证, 未认证), for a page that labels it itself. */
export function TaxStateTag({ account, of }: TaxStateProps) {
  const done = of === 'login' ? isTaxLoggedIn(account) : isFaceAuthenticated(account);
  return (
    <Tag className={styles.tag} color={done ? 'success' : 'warning'} fill="outline">
      {of === 'login' ? account.loginState : account.scanFaceState}
    </Tag>
  );
}

export function TaxState({ account, of }: TaxStateProps) {
  return (
    <>
      <span className={styles.label}>{of === 'login' ? '登录状态' : '刷脸状态'}</span>
      <TaxStateTag account={account} of={of} />
    </>
  );
}
