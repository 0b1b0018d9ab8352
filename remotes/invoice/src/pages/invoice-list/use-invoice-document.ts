/** Loads one invoice for the detail sheet (again with `reload`), telling not found and refused apart from failures. */
import { useCallback, useEffect, useState } from 'react';
import type { InvoiceDocument } from '@app/domain/invoice-document';
import { loadProblemOf, type LoadProblem } from '@app/widgets/load-problem';
import { getInvoice } from '../../features/invoices/invoice-api';

export type LoadedInvoice = { state: 'loading' } | LoadProblem | { state: 'ready'; invoice: InvoiceDocument };

export function useInvoiceDocument(id: string | null): { loaded: LoadedInvoice; reload: () => void } {
  const [loaded, setLoaded] = useState<LoadedInvoice>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (!id) return;
    let current = true;
    setLoaded((previous) => (previous.state === 'ready' && previous.invoice.id === id ? previous : { state: 'loading' }));
    getInvoice(id).then(
      (invoice) => {
        if (current) setLoaded({ state: 'ready', invoice });
      },
      (error: unknown) => {
        if (!current) return;
        setLoaded(loadProblemOf(error));
      },
    );
    return () => {
      current = false;
    };
  }, [id, attempt]);
  return { loaded, reload: useCallback(() => setAttempt((value) => value + 1), []) };
}
