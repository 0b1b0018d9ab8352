/** Test support: reads the text back out of a QR code PNG data URL, as a phone's scanner would. */
import jsQR from 'jsqr';
import { PNG } from 'pngjs';

export function decodeQrDataUrl(dataUrl: string): { text: string | null; width: number } {
  const png = PNG.sync.read(Buffer.from(dataUrl.replace(/^data:image\/png;base64,/, ''), 'base64'));
  const code = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
  return { text: code?.data ?? null, width: png.width };
}
