/**
 * A phone's photo of an invoice, made from the app's own PDF: page 1 rendered with pdf.js (in Node, on
 * @napi-rs/canvas), then turned a few degrees and scaled on a light, slightly uneven background as a photo taken by
 * hand would be. The result is a PNG the import page is given as the picked file. `photographInvoice` takes the
 * photo in Chromium instead, every way people take one (turned, upside down, tilted away, dim, small in the frame):
 * what `npm run fixtures:qr` makes the ticket import's photo fixtures with.
 */
import { createCanvas, type Canvas } from '@napi-rs/canvas';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { Page } from '@playwright/test';

export interface PhotoOptions {
  /** Pixels per PDF point of the render (2 ≈ 144 dpi). */
  renderScale?: number;
  /** Clockwise turn in degrees. */
  degrees?: number;
  /** The photo's size relative to the render. */
  photoScale?: number;
}

/** Page 1 of `pdf` drawn at `renderScale` pixels per point, on white. */
export async function renderPdfPage(pdf: Uint8Array, renderScale = 2): Promise<Canvas> {
  const document = await getDocument({ data: new Uint8Array(pdf), isEvalSupported: false, useSystemFonts: false }).promise;
  try {
    const page = await document.getPage(1);
    const viewport = page.getViewport({ scale: renderScale });
    const canvas = createCanvas(Math.ceil(viewport.width), Math.ceil(viewport.height));
    const context = canvas.getContext('2d');
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, canvas.width, canvas.height);
    // pdf.js takes the canvas it draws on; @napi-rs/canvas is the one its Node build uses itself.
    await page.render({
      canvas: canvas as unknown as HTMLCanvasElement,
      canvasContext: context as unknown as CanvasRenderingContext2D,
      viewport,
    }).promise;
    return canvas;
  } finally {
    await document.destroy();
  }
}

/** A photo of page 1 of `pdf`: rendered, turned by `degrees` and scaled by `photoScale` on a grey-beige desk. */
export async function invoicePhoto(
  pdf: Uint8Array,
  { renderScale = 2, degrees = 5, photoScale = 0.9 }: PhotoOptions = {},
): Promise<Buffer> {
  const rendered = await renderPdfPage(pdf, renderScale);
  const angle = (degrees * Math.PI) / 180;
  const width = rendered.width * photoScale;
  const height = rendered.height * photoScale;
  // The turned page's bounding box, with a margin of desk around it.
  const boxWidth = Math.ceil(Math.abs(width * Math.cos(angle)) + Math.abs(height * Math.sin(angle)) + 80);
  const boxHeight = Math.ceil(Math.abs(width * Math.sin(angle)) + Math.abs(height * Math.cos(angle)) + 80);
  const canvas = createCanvas(boxWidth, boxHeight);
  const context = canvas.getContext('2d');
  const desk = context.createLinearGradient(0, 0, boxWidth, boxHeight);
  desk.addColorStop(0, '#d9d4c7');
  desk.addColorStop(1, '#b9b3a4');
  context.fillStyle = desk;
  context.fillRect(0, 0, boxWidth, boxHeight);
  context.translate(boxWidth / 2, boxHeight / 2);
  context.rotate(angle);
  context.imageSmoothingEnabled = true;
  context.drawImage(rendered, -width / 2, -height / 2, width, height);
  return canvas.toBuffer('image/png');
}

/** How a phone photographed the invoice: framing, turn, tilt and light (`photographInvoice`). */
export interface PhotoShot {
  /** The photo's size in pixels. */
  width: number;
  height: number;
  /** The invoice's width on the photo before it is turned or tilted, in pixels. */
  paperWidth: number;
  /** Where the invoice's centre is, as fractions of the photo (default the middle). */
  centre?: [number, number];
  /** Clockwise turn in degrees (180: upside down, 90 and 270: sideways). */
  turn?: number;
  /** Tilt of the paper away from the camera, in degrees about the horizontal and the vertical axis (perspective). */
  tilt?: [number, number];
  /** Light: brightness and contrast (1 = as rendered), and a shadow over the left side. */
  brightness?: number;
  contrast?: number;
  shadow?: boolean;
  /** Hand-shake blur, in pixels. */
  blur?: number;
}

/**
 * A photo of a rendered invoice page (`paper`, PNG) taken as `shot` says, made the way a camera would see it: Chromium
 * lays the page on a desk with CSS transforms (turn, perspective tilt), light filters, a grain of sensor noise, and
 * saves the screen as a JPEG, as phones do.
 */
export async function photographInvoice(page: Page, paper: Buffer, shot: PhotoShot): Promise<Buffer> {
  const {
    width,
    height,
    paperWidth,
    centre = [0.5, 0.5],
    turn = 0,
    tilt = [0, 0],
    brightness = 1,
    contrast = 1,
    shadow = false,
    blur = 0,
  } = shot;
  await page.setViewportSize({ width, height });
  const grain = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><filter id="n"><feTurbulence type="fractalNoise" baseFrequency="0.9" numOctaves="2" seed="7"/><feColorMatrix type="saturate" values="0"/></filter><rect width="100%" height="100%" filter="url(#n)"/></svg>`;
  await page.setContent(`<!doctype html><html><body style="margin:0;overflow:hidden">
    <div style="position:fixed;inset:0;filter:brightness(${brightness}) contrast(${contrast}) blur(${blur}px);
      background:linear-gradient(160deg,#d8d2c4,#b5ad9c)">
      <img src="data:image/png;base64,${paper.toString('base64')}" style="position:absolute;width:${paperWidth}px;
        left:${centre[0] * width}px;top:${centre[1] * height}px;box-shadow:0 6px 24px rgba(0,0,0,.35);
        transform:translate(-50%,-50%) perspective(${Math.max(width, height) * 1.2}px) rotateX(${tilt[0]}deg) rotateY(${tilt[1]}deg) rotate(${turn}deg)">
      ${shadow ? '<div style="position:absolute;inset:0;background:linear-gradient(280deg,rgba(0,0,0,0) 35%,rgba(0,0,0,.55) 75%)"></div>' : ''}
      <div style="position:absolute;inset:0;opacity:.16;mix-blend-mode:overlay;background:url('data:image/svg+xml;base64,${Buffer.from(grain).toString('base64')}')"></div>
    </div></body></html>`);
  await page.locator('img').evaluate((image: HTMLImageElement) => image.decode());
  return page.screenshot({ type: 'jpeg', quality: 85 });
}
