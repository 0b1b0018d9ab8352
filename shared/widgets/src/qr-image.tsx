/**
 * A QR code as an image: `useQrDataUrl` draws `text` as a PNG data URL, and `QrImage` shows it in an `<img>`, since
 * WeChat and Alipay let the user long-press an image (not a canvas) to save or scan it. Drawn at 600 px, 2–3× its
 * on-screen size, so the saved picture stays sharp when printed.
 */
import { useEffect, useState } from 'react';
import QRCode, { type QRCodeToDataURLOptions } from 'qrcode';
import { Skeleton } from '@app/ui/skeleton';
import styles from './qr-image.module.css';

export const QR_OPTIONS: QRCodeToDataURLOptions = {
  width: 600,
  margin: 2,
  errorCorrectionLevel: 'M',
  color: { dark: '#000000', light: '#ffffff' },
};

export interface DrawnQr {
  /** The PNG data URL, once drawn. */
  url: string | null;
  /** The text could not be drawn (too long for a QR code). */
  failed: boolean;
}

type Drawn = DrawnQr & { text: string };

/** `text` drawn as a QR code PNG data URL (null while drawing, or when there is no text yet). */
export function useQrDataUrl(text: string | null): DrawnQr {
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

export interface QrImageProps {
  /** What the code encodes (a link); null while it is not known yet: the frame shows a placeholder. */
  text: string | null;
  /** The image's description (企业绑定二维码). */
  alt: string;
  /** Its side on screen, in px. */
  size: number;
  className?: string;
}

/** The image once drawn, its failure, or its placeholder meanwhile. */
function QrContent({ text, alt }: Pick<QrImageProps, 'text' | 'alt'>) {
  const image = useQrDataUrl(text);
  // data-text: what the image encodes, readable without decoding it.
  if (image.url) return <img className={styles.image} src={image.url} alt={alt} data-text={text ?? undefined} />;
  if (image.failed) return <p className={styles.failed}>二维码生成失败</p>;
  return (
    <div className={styles.placeholder} role="status" aria-busy="true" aria-label="二维码加载中">
      <Skeleton animated className={styles.placeholder} />
    </div>
  );
}

export function QrImage({ text, alt, size, className }: QrImageProps) {
  return (
    <div className={[styles.frame, className].filter(Boolean).join(' ')} style={{ width: size, height: size }}>
      <QrContent text={text} alt={alt} />
    </div>
  );
}
