/**
 * The customer's order on `/cash/return`, followed while it waits for the provider: `cash/getOrder` every 2 s while
 * it is 待支付, for about a minute (a WeChat or Alipay notification normally lands within seconds); then the page
 * offers 刷新, which follows it for another minute. Loaded by the one hook (`use-loaded-by-code`): a failed ask while
 * the order shows keeps it, and the next ask comes as usual within the minute.
 */
import { useCallback, useEffect, useState } from 'react';
import type { LoadProblem } from '@app/widgets/load-problem';
import { useLoadedByCode, type LoadedByCode } from '@app/widgets/use-loaded-by-code';
import { getOrder, type CashOrder } from '../../features/cash/cash-api';

export const POLL_MS = 2_000;
/** 30 answers 2 s apart: about a minute. */
export const POLL_ATTEMPTS = 30;

export interface FollowedOrder {
  /** The order, or why not; an order that is not the customer's is said to be missing (it tells nothing of another's). */
  loaded: { state: 'loading' } | LoadProblem | { state: 'ready'; value: CashOrder };
  /** Still 待支付 and asked again every 2 s. */
  waiting: boolean;
  /** Follows it for another minute (刷新), keeping what is shown. */
  refresh: () => void;
  /** Loads it again from the start (重试 after a failure). */
  retry: () => void;
  /** Asks once more (after applying for the invoice), keeping what is shown meanwhile. */
  reload: () => void;
}

function customerView(loaded: LoadedByCode<CashOrder>): FollowedOrder['loaded'] {
  return loaded.state === 'refused' ? { state: 'missing' } : loaded;
}

export function useOrder(orderNo: string): FollowedOrder {
  const { loaded, settled, refresh: askAgain, retry: loadAgain } = useLoadedByCode(orderNo, getOrder, undefined);
  /** The answers before this minute of following began. */
  const [roundStart, setRoundStart] = useState(0);
  const pending = loaded.state === 'ready' && loaded.value.state === '待支付';
  const answers = settled - roundStart;
  const waiting = pending && answers < POLL_ATTEMPTS;

  // 刷新 asks at once; each answer while it waits (a failed ask too: what is shown stays) sets off the next, 2 s later.
  useEffect(() => {
    if (!waiting || answers === 0) return;
    const timer = setTimeout(askAgain, POLL_MS);
    return () => clearTimeout(timer);
  }, [waiting, answers, askAgain]);

  const startRound = useCallback(
    (ask: () => void) => {
      setRoundStart(settled);
      ask();
    },
    [settled],
  );
  return {
    loaded: customerView(loaded),
    waiting,
    refresh: () => startRound(askAgain),
    retry: () => startRound(loadAgain),
    reload: askAgain,
  };
}
