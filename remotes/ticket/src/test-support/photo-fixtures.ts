/**
 * The photo fixtures (`fixtures/photos/`, made by `npm run fixtures:qr`): phone photos of a printed invoice taken every
 * way people take them, each with what it shows and the text of its QR code; drawn for reading as the import page
 * draws a photo (a canvas at most MAX_SIDE long, smoothed), on @napi-rs/canvas.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createCanvas, loadImage } from '@napi-rs/canvas';
import { drawnSize } from '../features/qr-decode/decode-qr';

export interface PhotoFixture {
  file: string;
  /** How it was taken (平放, 倒置, 侧放 90°, 暗光, 透视…). */
  what: string;
  /** The text of the invoice's QR code. */
  text: string;
}

const DIR = join(import.meta.dirname, 'fixtures', 'photos');

export const PHOTOS: PhotoFixture[] = JSON.parse(readFileSync(join(DIR, 'photos.json'), 'utf8'));

/** A photo's pixels as the page reads them, and the photo's own size. */
export async function photoPixels(
  file: string,
): Promise<{ data: Uint8ClampedArray; width: number; height: number; photo: { width: number; height: number } }> {
  const image = await loadImage(readFileSync(join(DIR, file)));
  const { width, height } = drawnSize(image.width, image.height);
  const canvas = createCanvas(width, height);
  const context = canvas.getContext('2d');
  context.drawImage(image, 0, 0, width, height);
  const { data } = context.getImageData(0, 0, width, height);
  return {
    data: new Uint8ClampedArray(data.buffer, data.byteOffset, data.byteLength),
    width,
    height,
    photo: { width: image.width, height: image.height },
  };
}
