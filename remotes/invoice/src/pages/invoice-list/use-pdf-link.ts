/**
 * 查看 PDF and 下载 PDF of an issued invoice. The signed link is fetched as soon as the sheet shows the invoice, so a
 * tap can open it in a new window at once (a window opened after waiting for an answer is blocked as a pop-up). A link
 * lives 10 minutes: an older one is fetched again on the tap, and then opens in this window.
 */
import { useEffect, useRef } from 'react';
import { downloadUrlOf, getPdfLink, type PdfLink } from '../../features/invoices/invoice-api';

/** Links younger than this are used as they are (they are valid for 10 minutes). */
const FRESH_MS = 9 * 60_000;

interface HeldLink {
  invoiceId: string;
  link: PdfLink;
  fetchedAt: number;
}

export interface PdfActions {
  open(): Promise<void>;
  download(): Promise<void>;
}

/** `invoiceId`: an issued invoice (one with a number), or null when there is no PDF. */
export function usePdfLink(invoiceId: string | null): PdfActions {
  const held = useRef<HeldLink | null>(null);

  useEffect(() => {
    if (!invoiceId) return;
    let current = true;
    getPdfLink(invoiceId, { quiet: true }).then(
      (link) => {
        if (current) held.current = { invoiceId, link, fetchedAt: Date.now() };
      },
      () => {
        // Fetched again (and any failure shown) when the user taps.
      },
    );
    return () => {
      current = false;
    };
  }, [invoiceId]);

  const fresh = (): PdfLink | null => {
    const link = held.current;
    return link && link.invoiceId === invoiceId && Date.now() - link.fetchedAt < FRESH_MS ? link.link : null;
  };

  const fetchLink = async (id: string): Promise<PdfLink> => {
    const link = await getPdfLink(id);
    held.current = { invoiceId: id, link, fetchedAt: Date.now() };
    return link;
  };

  return {
    async open() {
      if (!invoiceId) return;
      const ready = fresh();
      // Not 'noopener': with it window.open answers null even when the window opened.
      const opened = ready ? window.open(ready.url, '_blank') : null;
      if (opened) {
        opened.opener = null;
        return;
      }
      window.location.assign((ready ?? (await fetchLink(invoiceId))).url);
    },
    async download() {
      if (!invoiceId) return;
      window.location.assign(downloadUrlOf(fresh() ?? (await fetchLink(invoiceId))));
    },
  };
}
