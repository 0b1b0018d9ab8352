/** Reads a QR code the page shows (a PNG data URL) back into its text, as a phone's scanner would. */
import jsQR from 'jsqr';
import { PNG } from 'pngjs';

export function decodeQrDataUrl(dataUrl: string): string | null {
  const png = PNG.sync.read(Buffer.from(dataUrl.replace(/^data:image\/png;base64,/, ''), 'base64'));
  return jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data ?? null;
}
