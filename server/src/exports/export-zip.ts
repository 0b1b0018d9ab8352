/**
 * The invoices of an export as a `.zip` of their PDFs (invoices/invoice-pdf.ts), one entry per issued invoice named by
 * its number (发票_<号码>.pdf, 红字发票_<号码>.pdf), streamed with yazl into the store: a PDF is rendered only when the
 * store is less than MAX_AHEAD_BYTES behind, so memory stays flat whatever the number of invoices.
 */
import { once } from 'node:events';
import { Readable } from 'node:stream';
import { invoiceFileName } from '../delivery/invoice-message';
import { renderInvoicePdf } from '../invoices/invoice-pdf';
import { invoiceDocument, type InvoiceRow } from '../invoices/invoice-records';
import type { Database } from '../db/database';
import type { ChunkWriter } from './export-store';
import { yieldToRequests } from './export-sheet';

const MAX_AHEAD_BYTES = 4 * 1024 * 1024;
const PROGRESS_EVERY = 25;

export async function writePdfZip(
  db: Database,
  batches: AsyncGenerator<InvoiceRow[]>,
  out: ChunkWriter,
  onBatch: (rows: number) => Promise<void>,
): Promise<number> {
  const { default: yazl } = await import('yazl');
  const zip = new yazl.ZipFile();
  zip.outputStream.pipe(out);
  const finished = once(out, 'finish');
  const failed = once(out, 'error').then(([error]) => {
    throw error;
  });
  // Raced below while it matters; an error after that is the step's failure already.
  failed.catch(() => {});
  let added = 0;
  let files = 0;
  let seen = 0;
  for await (const rows of batches) {
    for (const row of rows) {
      seen++;
      // A PDF takes a while: the progress moves every PROGRESS_EVERY of them, not only at the end of a batch.
      if (seen % PROGRESS_EVERY === 0) await onBatch(seen);
      if (!row.number) continue;
      const pdf = await renderInvoicePdf(await invoiceDocument(db, row));
      // Handed over as a stream that lets go of the PDF once written: an entry made with addBuffer keeps its bytes
      // until the zip ends, which made memory grow with every PDF.
      let content: Buffer | undefined = pdf;
      zip.addReadStreamLazy(invoiceFileName(row), { compress: false, mtime: row.issuedAt ?? row.createdAt }, (open) => {
        const stream = Readable.from([content ?? Buffer.alloc(0)], { objectMode: false });
        content = undefined;
        open(null, stream);
      });
      added += pdf.length;
      files++;
      await yieldToRequests();
      while (added - out.bytes > MAX_AHEAD_BYTES) await Promise.race([once(out, 'stored'), failed]);
    }
    await onBatch(seen);
  }
  zip.end();
  await Promise.race([finished, failed]);
  return files;
}
