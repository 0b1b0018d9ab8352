/**
 * Reading an invoice's QR code from a picture, in the browser: the image drawn on a canvas no larger than 1600 px on
 * its long side (a phone's photo is 4000 px; the code stays readable, and ZXing looks at smaller copies itself), its
 * pixels given to the QR reader (qr-reader.ts). The reader and its WebAssembly are fetched only when a picture is first
 * read (or `preloadQrReader` is called as one is being chosen), so they are not in the page's first load.
 */

/** The long side a picture is drawn at before it is read. */
export const MAX_SIDE = 1600;

type Reader = typeof import('./zxing-module');
let reader: Promise<Reader> | null = null;

/** The reader's module with its WebAssembly compiled; a failed fetch is tried again by the next call. */
function loadReader(): Promise<Reader> {
  reader ??= import('./zxing-module').then(async (module) => {
    await module.prepareQrReader();
    return module;
  });
  reader.catch(() => (reader = null));
  return reader;
}

/** Starts fetching the reader (its script and WebAssembly), for a picture about to be chosen. */
export function preloadQrReader(): void {
  loadReader().catch(() => undefined);
}

/** The QR code's text in RGBA pixels, or null where there is none; QrReaderUnavailableError when it cannot be fetched. */
export async function decodeQrPixels(data: Uint8ClampedArray, width: number, height: number): Promise<string | null> {
  let module: Reader;
  try {
    module = await loadReader();
  } catch {
    throw new QrReaderUnavailableError();
  }
  return module.readQrText(data, width, height);
}

/** The size to draw a picture of `width` × `height` at. */
export function drawnSize(width: number, height: number, maxSide = MAX_SIDE): { width: number; height: number } {
  const scale = Math.min(1, maxSide / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

async function bitmapOf(file: Blob): Promise<ImageBitmap | HTMLImageElement> {
  // createImageBitmap turns a photo upright by its EXIF orientation; an <img> is the fallback of older browsers.
  if (typeof createImageBitmap === 'function') return createImageBitmap(file);
  const url = URL.createObjectURL(file);
  try {
    const image = new Image();
    image.src = url;
    await image.decode();
    return image;
  } finally {
    URL.revokeObjectURL(url);
  }
}

/** The pixels of a drawable (a picture, a video frame) at most `maxSide` on its long side. */
export function pixelsOf(source: CanvasImageSource, sourceWidth: number, sourceHeight: number, maxSide = MAX_SIDE): ImageData | null {
  const { width, height } = drawnSize(sourceWidth, sourceHeight, maxSide);
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d', { willReadFrequently: true });
  if (!context) return null;
  context.drawImage(source, 0, 0, width, height);
  return context.getImageData(0, 0, width, height);
}

export class UnreadableImageError extends Error {
  constructor() {
    super('图片无法读取，请换一张 JPG 或 PNG 图片');
  }
}

export class QrReaderUnavailableError extends Error {
  constructor() {
    super('二维码识别组件加载失败，请检查网络后重试');
  }
}

/** The text of the QR code in a picture file, or null when none is found. */
export async function decodeQrImage(file: Blob): Promise<string | null> {
  preloadQrReader();
  let image: ImageBitmap | HTMLImageElement;
  try {
    image = await bitmapOf(file);
  } catch {
    throw new UnreadableImageError();
  }
  const width = 'naturalWidth' in image ? image.naturalWidth : image.width;
  const height = 'naturalHeight' in image ? image.naturalHeight : image.height;
  try {
    const pixels = pixelsOf(image, width, height);
    if (!pixels) throw new UnreadableImageError();
    return await decodeQrPixels(pixels.data, pixels.width, pixels.height);
  } finally {
    if ('close' in image) image.close();
  }
}
