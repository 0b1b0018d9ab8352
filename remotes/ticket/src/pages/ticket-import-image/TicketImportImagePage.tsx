/**
 * `/ticket/import/image` (图片导入): a photo or a saved picture of an invoice (拍照 or 相册); its QR code is read in the
 * browser (features/qr-decode), parsed by the domain's rule, and shown to confirm before 加入票夹 (`ticket/import`,
 * source 拍照). A picture without a readable code, or a code that is not an invoice's, says so and offers another.
 */
import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import { useRouteMeta } from '@app/host-sdk/router';
import { Button } from '@app/ui/button';
import { DotLoading } from '@app/ui/dot-loading';
import { Page } from '@app/ui/page';
import { Note } from '@app/widgets/note';
import { decodeQrImage, preloadQrReader, QrReaderUnavailableError, UnreadableImageError } from '../../features/qr-decode/decode-qr';
import { QrTicketConfirm } from '../../features/ticket-import/QrTicketConfirm';
import { qrTicketOf, type QrTicket } from '../../features/ticket-import/qr-ticket';
import './ticket-import-image.css';

export const NO_QR_MESSAGE = '未在图片中识别到发票二维码，请换一张二维码完整、清晰的发票图片';

type Reading =
  | { state: 'idle' }
  | { state: 'reading' }
  | { state: 'failed'; reason: string }
  | { state: 'found'; ticket: Extract<QrTicket, { ok: true }> };

/** What a picture holds, for the page. */
export async function readInvoicePicture(file: Blob): Promise<Exclude<Reading, { state: 'idle' | 'reading' }>> {
  let text: string | null;
  try {
    text = await decodeQrImage(file);
  } catch (error) {
    return {
      state: 'failed',
      reason: error instanceof UnreadableImageError || error instanceof QrReaderUnavailableError ? error.message : NO_QR_MESSAGE,
    };
  }
  if (text === null) return { state: 'failed', reason: NO_QR_MESSAGE };
  const ticket = qrTicketOf(text, '拍照');
  return ticket.ok ? { state: 'found', ticket } : { state: 'failed', reason: ticket.reason };
}

function usePreview(file: File | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file || typeof URL.createObjectURL !== 'function') return setUrl(null);
    const made = URL.createObjectURL(file);
    setUrl(made);
    return () => URL.revokeObjectURL(made);
  }, [file]);
  return url;
}

export default function TicketImportImagePage() {
  const title = useRouteMeta()?.title ?? '图片导入';
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [reading, setReading] = useState<Reading>({ state: 'idle' });
  const preview = usePreview(file);
  /** Counts the pictures picked: the answer for an older one is dropped. */
  const picks = useRef(0);

  const pick = () => {
    // The reader is fetched while the user chooses the picture, not with the page.
    preloadQrReader();
    input.current?.click();
  };
  const picked = async (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0] ?? null;
    // The same picture may be picked again after a failure.
    event.target.value = '';
    if (!chosen) return;
    const current = ++picks.current;
    setFile(chosen);
    setReading({ state: 'reading' });
    const result = await readInvoicePicture(chosen);
    if (current === picks.current) setReading(result);
  };

  return (
    <Page title={title}>
      <input
        ref={input}
        className="ticket-image__input"
        type="file"
        accept="image/*"
        aria-label="选择发票图片"
        onChange={(event) => void picked(event)}
      />
      <section className="ticket-image__picker" aria-label="发票图片">
        {preview ? (
          <img className="ticket-image__preview" src={preview} alt="所选发票图片" />
        ) : (
          <button type="button" className="ticket-image__empty" onClick={pick}>
            <svg viewBox="0 0 48 48" width="44" height="44" aria-hidden="true">
              <rect x="6" y="10" width="36" height="28" rx="4" fill="none" stroke="currentColor" strokeWidth="2.4" />
              <circle cx="17" cy="20" r="3.5" fill="currentColor" />
              <path d="M10 34l10-10 7 7 5-5 8 8" fill="none" stroke="currentColor" strokeWidth="2.4" strokeLinejoin="round" />
            </svg>
            <span>拍照或从相册选择发票图片</span>
          </button>
        )}
        <Note small className="ticket-image__hint">
          请确保发票左上角的二维码完整、清晰，图片只在手机上识别，不会上传。
        </Note>
      </section>
      {reading.state === 'reading' ? (
        <div className="ticket-image__reading" role="status">
          正在识别二维码
          <DotLoading />
        </div>
      ) : null}
      {reading.state === 'failed' ? (
        <Note tone="danger" role="alert" className="ticket-image__failed">
          {reading.reason}
        </Note>
      ) : null}
      {reading.state === 'found' ? (
        <QrTicketConfirm body={reading.ticket.body} problem={reading.ticket.problem} againText="重新选择图片" onAgain={pick} />
      ) : (
        <div className="ticket-image__actions">
          <Button block color="primary" size="large" onClick={pick} disabled={reading.state === 'reading'}>
            {file ? '重新选择图片' : '选择图片'}
          </Button>
        </div>
      )}
    </Page>
  );
}
