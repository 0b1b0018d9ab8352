/**
 * The wallet (`wallet/get`) as a page shows it: loading, failed (with the reason) or ready. It loads again each time
 * the page is shown (the page cache re-runs effects) and after a withdrawal, keeping what it shows until the answer
 * arrives, so balances are current without a skeleton flashing; `reload` is for pull-to-refresh and 重试.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from '@app/host-sdk/api-client';
import { getWallet, type Wallet } from './wallet-api';
import { walletRevision } from './wallet-revision';

export type LoadedWallet = { state: 'loading' } | { state: 'failed'; message: string } | { state: 'ready'; wallet: Wallet };

const CHINESE = /[\u4e00-\u9fff]/;

/** The server's reason when it gave one; a library's own words (a time-out) mean nothing to the user. */
export function failureMessage(error: unknown): string {
  return error instanceof ApiError && error.errorCode !== null && CHINESE.test(error.message) ? error.message : '请检查网络后重试';
}

export function useWallet(): { loaded: LoadedWallet; reload: (reset?: boolean) => Promise<void> } {
  const [loaded, setLoaded] = useState<LoadedWallet>({ state: 'loading' });
  const revision = walletRevision.use();
  /** Bumped by every load (and when the page is hidden): an older answer is dropped. */
  const generation = useRef(0);

  const reload = useCallback(async (reset = false) => {
    const current = ++generation.current;
    if (reset) setLoaded({ state: 'loading' });
    try {
      const wallet = await getWallet();
      if (current === generation.current) setLoaded({ state: 'ready', wallet });
    } catch (error) {
      if (current !== generation.current) return;
      setLoaded((previous) => (previous.state === 'ready' ? previous : { state: 'failed', message: failureMessage(error) }));
    }
  }, []);

  useEffect(() => {
    void reload();
    return () => {
      generation.current += 1;
    };
  }, [reload, revision]);

  return { loaded, reload };
}
