/** Loads one invoice for the detail sheet (again with `reload`), telling "not found" apart from other failures. */
import { useCallback, useEffect, useState } from 'react';
import type { InvoiceDocument } from '@app/domain/invoice-document';
import { ApiError } from '@app/host-sdk/api-client';
import { getInvoice, INVOICE_NOT_FOUND_CODES } from '../../features/invoices/invoice-api';

export type LoadedInvoice =
  | { state: 'loading' }
  | { state: 'missing' }
  | { state: 'failed'; message: string }
  | { state: 'ready'; invoice: InvoiceDocument };

function notFound(error: unknown): boolean {
  return error instanceof ApiError && error.errorCode !== null && INVOICE_NOT_FOUND_CODES.includes(error.errorCode);
}

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
        setLoaded(notFound(error) ? { state: 'missing' } : { state: 'failed', message: error instanceof Error ? error.message : '加载失败' });
      },
    );
    return () => {
      current = false;
    };
  }, [id, attempt]);
  return { loaded, reload: useCallback(() => setAttempt((value) => value + 1), []) };
}
