/**
 * A QR code of `text` as a PNG data URL, for an `<img>`: WeChat and Alipay let the user long-press an image to save
 * it (not a canvas). Drawn at 2–3× its on-screen size so the saved picture stays sharp (as the invoice remote draws
 * its company QR code).
 */
import { useEffect, useState } from 'react';
import QRCode, { type QRCodeToDataURLOptions } from 'qrcode';

export const QR_OPTIONS: QRCodeToDataURLOptions = {
  width: 600,
  margin: 2,
  errorCorrectionLevel: 'M',
  color: { dark: '#000000', light: '#ffffff' },
};

type Drawn = { text: string; url: string | null; failed: boolean };

export function useQrDataUrl(text: string | null): { url: string | null; failed: boolean } {
  const [drawn, setDrawn] = useState<Drawn | null>(null);
  useEffect(() => {
    if (!text) return;
    let current = true;
    QRCode.toDataURL(text, QR_OPTIONS).then(
      (url) => current && setDrawn({ text, url, failed: false }),
      () => current && setDrawn({ text, url: null, failed: true }),
    );
    return () => {
      current = false;
    };
  }, [text]);
  return drawn && drawn.text === text ? { url: drawn.url, failed: drawn.failed } : { url: null, failed: false };
}
