/**
 * The blue invoice the form reverses: none yet, loading, failed (not found, refused or failed), or ready. `version` changes when a
 * new invoice is chosen or when what is left of it changed on a reload, and keys the form: a new form (and request
 * serial) then, the user's typing kept otherwise.
 */
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { InvoiceDocument } from '@app/domain/invoice-document';
import { loadProblemOf, type LoadProblem } from '@app/widgets/load-problem';
import { getInvoice } from '../../features/invoices/invoice-api';

export type Chosen =
  | { state: 'none' }
  | { state: 'loading'; id: string }
  | { state: 'failed'; id: string; problem: LoadProblem }
  | { state: 'ready'; invoice: InvoiceDocument; version: number };

function idOf(chosen: Chosen): string | null {
  if (chosen.state === 'none') return null;
  return chosen.state === 'ready' ? chosen.invoice.id : chosen.id;
}

/** What the form is built from: a change means a new form. */
function formBasis(invoice: InvoiceDocument): string {
  return JSON.stringify([invoice.id, invoice.status, invoice.leftFen, invoice.leftByLine]);
}

export interface ChosenInvoice {
  chosen: Chosen;
  choose(id: string): void;
  /** An invoice found by number, already loaded. */
  found(invoice: InvoiceDocument): void;
  /** Reads the chosen invoice again, keeping it on screen meanwhile. */
  refresh(): void;
  clear(): void;
}

export function useChosenInvoice(linkedId: string | null): ChosenInvoice {
  const [chosen, setChosen] = useState<Chosen>(linkedId ? { state: 'loading', id: linkedId } : { state: 'none' });
  const versions = useRef(0);
  // What is chosen now, for a refresh called from an effect of the page.
  const latest = useRef(chosen);
  useLayoutEffect(() => {
    latest.current = chosen;
  });

  const ready =
    (invoice: InvoiceDocument) =>
    (current: Chosen): Chosen => {
      if (current.state === 'ready' && formBasis(current.invoice) === formBasis(invoice)) return { ...current, invoice };
      versions.current += 1;
      return { state: 'ready', invoice, version: versions.current };
    };

  const load = (id: string, keepShown: boolean) => {
    if (!keepShown) setChosen({ state: 'loading', id });
    getInvoice(id).then(
      (invoice) => setChosen((current) => (idOf(current) === id ? ready(invoice)(current) : current)),
      (error: unknown) => {
        const problem = loadProblemOf(error);
        // A failed refresh keeps what is shown (the API client has said why).
        setChosen((current) => (idOf(current) === id && current.state !== 'ready' ? { state: 'failed', id, problem } : current));
      },
    );
  };

  // A new ?id= chooses its invoice; the same one again (the page shown again from the cache) keeps the user's choice.
  const appliedLink = useRef<string | null | undefined>(undefined);
  useEffect(() => {
    if (appliedLink.current === linkedId) return;
    appliedLink.current = linkedId;
    if (linkedId) load(linkedId, false);
    else setChosen({ state: 'none' });
  }, [linkedId]);

  return {
    chosen,
    choose: (id) => load(id, false),
    found: (invoice) => setChosen(ready(invoice)({ state: 'none' })),
    refresh: () => {
      const current = latest.current;
      if (current.state === 'ready') load(current.invoice.id, true);
    },
    clear: () => setChosen({ state: 'none' }),
  };
}
