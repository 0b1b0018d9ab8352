/**
 * What the login dialog can offer, decided once from a fresh tax account: already logged in (say so and close),
 * an account that cannot log in (accountState 2 or 3), or the login methods it supports (docs/product.md, "Tasks").
 */
import { useEffect, useState } from 'react';
import { Toast } from '@app/ui/toast';
import { canLogIn, isTaxLoggedIn, loginMethods, type LoginMethod } from '../../roles';
import { sessionStore, taxAccountFailedAtom } from '../../session';
import type { TaxAccount } from '@app/contract/tax-account';
import { useTaxAccount } from '../../session-hooks';

export const ALREADY_LOGGED_IN_MESSAGE = '您已登录，请勿重复登录';

export type LoginGate = { kind: 'loading' } | { kind: 'loggedIn' } | { kind: 'unusable' } | { kind: 'ready'; methods: LoginMethod[] };

export function gateOf(account: TaxAccount | null, queryFailed: boolean): LoginGate {
  if (isTaxLoggedIn(account)) return { kind: 'loggedIn' };
  if (!canLogIn(account)) return { kind: 'unusable' };
  return { kind: 'ready', methods: loginMethods(account, queryFailed) };
}

export function useLoginGate(onClose: (done: boolean) => void): LoginGate {
  const { refresh } = useTaxAccount();
  const [gate, setGate] = useState<LoginGate>({ kind: 'loading' });
  useEffect(() => {
    let current = true;
    void refresh().then((account) => {
      if (!current) return;
      const next = gateOf(account, sessionStore.get(taxAccountFailedAtom));
      setGate(next);
      if (next.kind === 'loggedIn') {
        Toast.show({ content: ALREADY_LOGGED_IN_MESSAGE });
        onClose(true);
      }
    });
    return () => {
      current = false;
    };
  }, [refresh, onClose]);
  return gate;
}
