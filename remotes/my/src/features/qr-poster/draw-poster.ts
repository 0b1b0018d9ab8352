/**
 * Draws a poster's items on a 2D context, in order. Pure apart from the context it is given: the pictures arrive
 * already loaded and the QR code's modules come from `qrModules`, so a test can draw on a fake context and read back
 * what was drawn, in which order.
 */
import QRCode from 'qrcode';
import { DEFAULT_QR_SIZE, type DrawingItem, type PosterSpec } from './drawing-items';

/** The part of `CanvasRenderingContext2D` the poster uses. */
export type PosterContext = Pick<
  CanvasRenderingContext2D,
  | 'setTransform'
  | 'fillRect'
  | 'beginPath'
  | 'moveTo'
  | 'arcTo'
  | 'closePath'
  | 'rect'
  | 'fill'
  | 'drawImage'
  | 'fillText'
  | 'fillStyle'
  | 'font'
  | 'textAlign'
  | 'textBaseline'
  | 'imageSmoothingEnabled'
>;

/** A QR code's dark and light modules, `size` × `size`. */
export interface QrModules {
  size: number;
  isDark(row: number, column: number): boolean;
}

/** The quiet zone around a QR code, in modules (scanners need a light border). */
export const QR_MARGIN = 2;

/** `text` as QR modules at error correction level M. */
export function qrModules(text: string): QrModules {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  return { size: modules.size, isDark: (row, column) => Boolean(modules.get(row, column)) };
}

export interface DrawOptions {
  /** Device pixels per logical pixel (devicePixelRatio): the canvas is `width × scale` device pixels wide. */
  scale: number;
  /** The pictures of the `image` items, by `src`, already loaded; one that failed to load is left out (and not drawn). */
  images?: ReadonlyMap<string, CanvasImageSource>;
  /** Encodes a `qrcode` item's text (the qrcode package by default). */
  encode?: (text: string) => QrModules;
}

function roundedRect(ctx: PosterContext, x: number, y: number, width: number, height: number, radius: number): void {
  const r = Math.max(0, Math.min(radius, width / 2, height / 2));
  ctx.beginPath();
  ctx.moveTo(x + r, y);
  ctx.arcTo(x + width, y, x + width, y + height, r);
  ctx.arcTo(x + width, y + height, x, y + height, r);
  ctx.arcTo(x, y + height, x, y, r);
  ctx.arcTo(x, y, x + width, y, r);
  ctx.closePath();
  ctx.fill();
}

/**
 * The QR code on a light square of `size`: every module a whole number of device pixels (sharp edges, nothing blurred
 * for the scanner), centred in the square; the dark modules filled as one path, so no seams show between them.
 */
function drawQr(ctx: PosterContext, modules: QrModules, x: number, y: number, size: number, scale: number): void {
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(x, y, size, size);
  const cells = modules.size + 2 * QR_MARGIN;
  const cellDevice = Math.max(1, Math.floor((size * scale) / cells));
  const cell = cellDevice / scale;
  const offset = (size - cell * cells) / 2 + cell * QR_MARGIN;
  // Whole device pixels from the square's snapped corner.
  const left = Math.round((x + offset) * scale) / scale;
  const top = Math.round((y + offset) * scale) / scale;
  ctx.fillStyle = '#000000';
  ctx.beginPath();
  for (let row = 0; row < modules.size; row += 1) {
    for (let column = 0; column < modules.size; column += 1) {
      if (modules.isDark(row, column)) ctx.rect(left + column * cell, top + row * cell, cell, cell);
    }
  }
  ctx.fill();
}

function drawItem(ctx: PosterContext, item: DrawingItem, spec: PosterSpec, options: Required<DrawOptions>): void {
  switch (item.type) {
    case 'background': {
      ctx.fillStyle = item.color;
      const x = item.x ?? 0;
      const y = item.y ?? 0;
      const width = item.width ?? spec.width - x;
      const height = item.height ?? spec.height - y;
      if (item.radius) roundedRect(ctx, x, y, width, height, item.radius);
      else ctx.fillRect(x, y, width, height);
      return;
    }
    case 'image': {
      const image = options.images.get(item.src);
      if (image) ctx.drawImage(image, item.x, item.y, item.width, item.height);
      return;
    }
    case 'qrcode':
      drawQr(ctx, options.encode(item.text), item.x, item.y, item.size ?? DEFAULT_QR_SIZE, options.scale);
      return;
    case 'text':
      ctx.font = item.font;
      ctx.fillStyle = item.color;
      ctx.textAlign = item.align;
      ctx.textBaseline = 'middle';
      if (item.maxWidth) ctx.fillText(item.text, item.x, item.y, item.maxWidth);
      else ctx.fillText(item.text, item.x, item.y);
      return;
  }
}

/** Draws every item of `spec` on `ctx` (a canvas of `spec.width × scale` by `spec.height × scale` device pixels). */
export function drawPoster(ctx: PosterContext, spec: PosterSpec, { scale, images = new Map(), encode = qrModules }: DrawOptions): void {
  ctx.setTransform(scale, 0, 0, scale, 0, 0);
  ctx.imageSmoothingEnabled = true;
  for (const item of spec.items) drawItem(ctx, item, spec, { scale, images, encode });
}

/** Loads one picture for the canvas (CORS-enabled, so the canvas can still be exported). */
export function loadImage(src: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.crossOrigin = 'anonymous';
    image.onload = () => resolve(image);
    image.onerror = () => reject(new Error(`图片加载失败: ${src}`));
    image.src = src;
  });
}

/** The pictures of the `image` items, loaded; a picture that fails is left out rather than failing the poster. */
export async function loadPosterImages(
  spec: PosterSpec,
  load: (src: string) => Promise<CanvasImageSource> = loadImage,
): Promise<Map<string, CanvasImageSource>> {
  const sources = [...new Set(spec.items.flatMap((item) => (item.type === 'image' ? [item.src] : [])))];
  const loaded = await Promise.all(
    sources.map((src) =>
      load(src).then(
        (image) => [src, image] as const,
        () => null,
      ),
    ),
  );
  return new Map(loaded.filter((entry) => entry !== null));
}

/** The device pixels per logical pixel a poster is drawn at: the screen's, between 1 and 3. */
export function posterScale(devicePixelRatio: number | undefined): number {
  return Math.min(3, Math.max(1, Math.round((devicePixelRatio || 1) * 2) / 2));
}

/**
 * Draws `spec` on a new `<canvas>` at `scale` and answers it as a PNG data URL (an `<img>` WeChat lets the user
 * long-press and save). Rejects when the browser gives no 2D context.
 */
export async function renderPoster(spec: PosterSpec, scale = posterScale(globalThis.devicePixelRatio)): Promise<string> {
  const images = await loadPosterImages(spec);
  const canvas = document.createElement('canvas');
  canvas.width = Math.round(spec.width * scale);
  canvas.height = Math.round(spec.height * scale);
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('当前浏览器不支持绘制图片');
  drawPoster(ctx, spec, { scale, images });
  return canvas.toDataURL('image/png');
}
