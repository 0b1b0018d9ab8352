/** A QR code to scan from the album: drawn with a white margin, shown scaled to fit, saved by a long press. */
import { useQrCanvas, type QrCanvasOptions } from './use-qr-canvas';
import './qr-image.css';

export interface QrImageProps extends QrCanvasOptions {
  /** The QR image as a data URL (the task's extensionData). */
  src: string;
  alt: string;
  /** Largest width on screen, in CSS pixels. */
  maxWidth?: number;
}

export function QrImage({ src, alt, padding, size, maxWidth = 240 }: QrImageProps) {
  const url = useQrCanvas(src, { padding, size });
  return (
    <div className="app-qr-image">
      <img className="app-qr-image__img" src={url} alt={alt} style={{ maxWidth }} />
    </div>
  );
}
