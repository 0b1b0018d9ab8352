/**
 * The customer's order on `/cash/return`, followed while it waits for the provider: `cash/getOrder` every 2 s while
 * it is 待支付, for about a minute (a WeChat or Alipay notification normally lands within seconds); then the page
 * offers 刷新, which follows it for another minute.
 */
import { useEffect, useRef, useState } from 'react';
import { ApiError } from '@app/host-sdk/api-client';
import { getOrder, type CashOrder } from '../../features/cash/cash-api';

export const POLL_MS = 2_000;
/** 30 answers 2 s apart: about a minute. */
export const POLL_ATTEMPTS = 30;

export type OrderState =
  | { phase: 'loading' }
  | { phase: 'missing' }
  | { phase: 'failed'; message: string }
  | { phase: 'ready'; order: CashOrder; waiting: boolean };

export function useOrder(orderNo: string): { state: OrderState; refresh: () => void; reload: () => Promise<void> } {
  const [state, setState] = useState<OrderState>(orderNo ? { phase: 'loading' } : { phase: 'missing' });
  /** Bumped by 刷新: starts another minute of polling. */
  const [round, setRound] = useState(0);
  const alive = useRef(true);

  useEffect(() => {
    alive.current = true;
    // Opened without an order number: nothing to follow (the page says the order does not exist).
    if (!orderNo) return;
    let current = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let attempts = 0;
    let shown = false;
    const ask = async () => {
      attempts += 1;
      try {
        const order = await getOrder(orderNo);
        if (!current) return;
        shown = true;
        const pending = order.state === '待支付';
        const more = pending && attempts < POLL_ATTEMPTS;
        setState({ phase: 'ready', order, waiting: more });
        if (more) timer = setTimeout(() => void ask(), POLL_MS);
      } catch (error) {
        if (!current) return;
        if (error instanceof ApiError && error.errorCode !== null && [1004, 4000, 4004].includes(error.errorCode)) {
          setState({ phase: 'missing' });
          return;
        }
        const message = error instanceof ApiError && error.errorCode !== null ? error.message : '请检查网络后重试';
        // A hiccup while following an order already shown: keep trying within the minute, keep what is shown.
        if (shown && attempts < POLL_ATTEMPTS) timer = setTimeout(() => void ask(), POLL_MS);
        else setState((previous) => (previous.phase === 'ready' ? { ...previous, waiting: false } : { phase: 'failed', message }));
      }
    };
    void ask();
    return () => {
      current = false;
      alive.current = false;
      if (timer) clearTimeout(timer);
    };
  }, [orderNo, round]);

  return {
    state,
    refresh: () => {
      setState((previous) => (previous.phase === 'ready' ? { ...previous, waiting: true } : { phase: 'loading' }));
      setRound((value) => value + 1);
    },
    /** Asks once more (after applying for the invoice), keeping what is shown meanwhile. */
    reload: async () => {
      try {
        const order = await getOrder(orderNo);
        if (alive.current) setState({ phase: 'ready', order, waiting: false });
      } catch {
        // What is shown stays; the API client has said what went wrong.
      }
    },
  };
}
