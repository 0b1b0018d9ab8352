/**
 * A phone's photo of an invoice, made from the app's own PDF: page 1 rendered with pdf.js (in Node, on
 * @napi-rs/canvas), then turned a few degrees and scaled on a light, slightly uneven background as a photo taken by
 * hand would be. The result is a PNG the import page is given as the picked file.
 */
import { createCanvas, type Canvas } from '@napi-rs/canvas';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

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
    await page.render({ canvas: canvas as unknown as HTMLCanvasElement, canvasContext: context as unknown as CanvasRenderingContext2D, viewport }).promise;
    return canvas;
  } finally {
    await document.destroy();
  }
}

/** A photo of page 1 of `pdf`: rendered, turned by `degrees` and scaled by `photoScale` on a grey-beige desk. */
export async function invoicePhoto(pdf: Uint8Array, { renderScale = 2, degrees = 5, photoScale = 0.9 }: PhotoOptions = {}): Promise<Buffer> {
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
