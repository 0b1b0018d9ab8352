/**
 * Reading an invoice's QR code from a picture, in the browser: the image drawn on a canvas no larger than 1600 px on
 * its long side (a phone's photo is 4000 px; the code stays readable and decoding stays well under half a second), its
 * pixels given to jsQR. jsQR is fetched only when a picture is first read, so it is not in the page's first load.
 */

/** The long side a picture is drawn at before it is read. */
export const MAX_SIDE = 1600;
/** The long side of the second try, for a large photo whose code was not found at MAX_SIDE. */
const SECOND_SIDE = 800;

/** The QR code's text in RGBA pixels, or null where there is none. */
export async function decodeQrPixels(data: Uint8ClampedArray, width: number, height: number): Promise<string | null> {
  const { default: jsQR } = await import('jsqr');
  // Invoices print dark on light: the inverted pass would only double the time of a picture without a code.
  return jsQR(data, width, height, { inversionAttempts: 'dontInvert' })?.data ?? null;
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

/** The text of the QR code in a picture file, or null when none is found. */
export async function decodeQrImage(file: Blob): Promise<string | null> {
  let image: ImageBitmap | HTMLImageElement;
  try {
    image = await bitmapOf(file);
  } catch {
    throw new UnreadableImageError();
  }
  const width = 'naturalWidth' in image ? image.naturalWidth : image.width;
  const height = 'naturalHeight' in image ? image.naturalHeight : image.height;
  try {
    // A photo's noise can hide the code at full size: a smaller copy is tried once more.
    for (const side of Math.max(width, height) > SECOND_SIDE ? [MAX_SIDE, SECOND_SIDE] : [MAX_SIDE]) {
      const pixels = pixelsOf(image, width, height, side);
      if (!pixels) throw new UnreadableImageError();
      const text = await decodeQrPixels(pixels.data, pixels.width, pixels.height);
      if (text !== null) return text;
    }
    return null;
  } finally {
    if ('close' in image) image.close();
  }
}
