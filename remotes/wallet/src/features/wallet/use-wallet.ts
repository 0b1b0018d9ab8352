/**
 * The wallet (`wallet/get`) as a page shows it, by the one loading hook (`useLoaded`): loading, its problem (refused,
 * or failed with the reason and 重试) or ready. It loads again each time the page is shown (the page cache re-runs
 * effects) and after a withdrawal, keeping what it shows until the answer arrives, so balances are current without a
 * skeleton flashing; `reload` is for pull-to-refresh, which waits for it.
 */
import { useEffect, useRef } from 'react';
import { ApiError } from '@app/host-sdk/api-client';
import { useLoaded } from '@app/widgets/use-loaded-by-code';
import { getWallet } from './wallet-api';
import { walletRevision } from './wallet-revision';

const CHINESE = /[\u4e00-\u9fff]/;

/** The server's reason when it gave one; a library's own words (a time-out) mean nothing to the user. */
export function failureMessage(error: unknown): string {
  return error instanceof ApiError && error.errorCode !== null && CHINESE.test(error.message) ? error.message : '请检查网络后重试';
}

export function useWallet() {
  const { loaded, retry, refresh, show } = useLoaded(getWallet);
  // A withdrawal moved the balances on: load them again, keeping what shows meanwhile.
  const revision = walletRevision.use();
  const loadedRevision = useRef(revision);
  useEffect(() => {
    if (loadedRevision.current === revision) return;
    loadedRevision.current = revision;
    refresh();
  }, [revision, refresh]);
  /** Loads it again, keeping what is shown; a failure keeps it too (the API client has said why). */
  const reload = async () => {
    try {
      show(await getWallet());
    } catch {
      // What is shown stays.
    }
  };
  return { loaded, retry, reload };
}
