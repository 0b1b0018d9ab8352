/**
 * An issued invoice's deliveries as the detail sheet shows them: loaded by the one loading hook (`use-loaded-by-code`),
 * read again quietly every 2 s while one is 待发送 (a failed read is tried at the next turn), and stopped once none is
 * or the sheet closes (no id). `add` puts deliveries just asked for (重新发送) on top at once; a read under way then
 * is dropped (its effect is over), so they never vanish for a turn.
 */
import { useCallback, useEffect, useState } from 'react';
import type { InvoiceDelivery } from '@app/contract/invoice';
import { TASK_POLL_MS } from '@app/host-sdk/task-polling';
import { useLoadedByCode } from '@app/widgets/use-loaded-by-code';
import { listDeliveries } from '../../features/invoices/invoice-api';

export type Deliveries = ReturnType<typeof useDeliveries>;

export function useDeliveries(invoiceId: string | null) {
  const { loaded, show, retry, refresh } = useLoadedByCode(invoiceId ?? '', listDeliveries, undefined);
  const list = loaded.state === 'ready' ? loaded.value : null;
  const pending = list?.some((delivery) => delivery.state === 'pending') ?? false;
  /** Bumped by a failed read, so that the next one is scheduled all the same. */
  const [misses, setMisses] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `list` and `misses`: each answer (or miss) schedules the next read.
  useEffect(() => {
    if (!invoiceId || !pending) return;
    let current = true;
    const timer = setTimeout(() => {
      listDeliveries(invoiceId, { quiet: true }).then(
        (fresh) => current && show(fresh),
        () => current && setMisses((count) => count + 1),
      );
    }, TASK_POLL_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [invoiceId, pending, list, misses, show]);

  const add = useCallback(
    (added: readonly InvoiceDelivery[]) => {
      if (loaded.state !== 'ready') return refresh();
      const known = new Set(added.map((delivery) => delivery.id));
      show([...added, ...loaded.value.filter((delivery) => !known.has(delivery.id))]);
    },
    [loaded, show, refresh],
  );
  return { loaded, retry, refresh, add };
}
