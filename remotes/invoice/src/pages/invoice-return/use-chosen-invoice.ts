/**
 * The blue invoice the form reverses, by the one loading hook (`use-loaded-by-code`): loading, its problem (not found,
 * refused or failed) or ready; one found by its number comes already loaded (`found`). `version` changes when what is
 * left of it changed on a reload, and keys the form: a new form (and request serial) then, the user's typing kept
 * otherwise. Shown again from the page cache, the hook reads it afresh; one found by its number is asked for too.
 */
import { useRef } from 'react';
import type { InvoiceDocument } from '@app/domain/invoice-document';
import { useLoadedByCode } from '@app/widgets/use-loaded-by-code';
import { useShownAgain } from '@app/widgets/use-shown-again';
import { getInvoice } from '../../features/invoices/invoice-api';

/** What the form is built from: a change means a new form. */
function formBasis(invoice: InvoiceDocument): string {
  return JSON.stringify([invoice.id, invoice.status, invoice.leftFen, invoice.leftByLine]);
}

export function useChosenInvoice(id: string, found: Promise<InvoiceDocument> | undefined) {
  const { loaded, retry, refresh } = useLoadedByCode(id, getInvoice, found);
  // The hook answers a found invoice again from what was found: ask for what is left now.
  useShownAgain(() => {
    if (found) refresh();
  });
  const basis = useRef({ of: '', version: 0 });
  if (loaded.state === 'ready') {
    const now = formBasis(loaded.value);
    if (now !== basis.current.of) basis.current = { of: now, version: basis.current.version + 1 };
  }
  return { loaded, version: basis.current.version, retry, refresh };
}
