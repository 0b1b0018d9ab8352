/**
 * Who may use the wallet: the company's managers (`company_manage`) and its 收款管理员 (`benefit_payment`), as 我的
 * shows the entry. Anyone else who reaches a wallet address sees why, and the page (with its calls) is never rendered.
 */
import type { ReactNode } from 'react';
import { usePermissions } from '@app/host-sdk/session-hooks';
import { Page } from '@app/ui/page';
import { StatusView } from '@app/ui/status-view';

export const WALLET_PERMISSIONS = ['company_manage', 'benefit_payment'] as const;

export function canUseWallet(permissions: readonly string[]): boolean {
  return WALLET_PERMISSIONS.some((permission) => permissions.includes(permission));
}

export function WalletGate({ title, children }: { title: string; children: ReactNode }) {
  const allowed = canUseWallet(usePermissions());
  if (allowed) return children;
  return (
    <Page title={title}>
      <StatusView icon="refused" title="仅管理员或收款管理员可使用钱包" description="如需查看余额或提现，请联系本企业的管理员。" />
    </Page>
  );
}
