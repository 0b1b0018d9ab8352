/**
 * Redraws a QR image (the task's extensionData, a PNG data URL) on a canvas with a white margin and returns the
 * result as a PNG data URL. An `<img>` of it can be long-pressed and saved in WeChat and Alipay (a canvas cannot), and
 * the margin lets the tax app's album scan find the code. Until the drawing is done, or where a canvas is not
 * available, the original image is returned.
 */
import { useEffect, useState } from 'react';

export interface QrCanvasOptions {
  /** White margin around the code, in canvas pixels. */
  padding: number;
  /** Side of the whole canvas; by default the image's own size plus the margins. */
  size?: number;
}

/** Draws `image` on `canvas` inside the white margin and returns the PNG, or null when the canvas cannot draw. */
export function drawQr(image: HTMLImageElement, canvas: HTMLCanvasElement, { padding, size }: QrCanvasOptions): string | null {
  const side = size ?? image.naturalWidth + 2 * padding;
  const inner = side - 2 * padding;
  if (inner <= 0) return null;
  canvas.width = side;
  canvas.height = side;
  const context = canvas.getContext('2d');
  if (!context) return null;
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, side, side);
  // A QR code is made of squares: scaling it smoothly would blur their edges.
  context.imageSmoothingEnabled = false;
  context.drawImage(image, padding, padding, inner, inner);
  try {
    return canvas.toDataURL('image/png');
  } catch {
    return null;
  }
}

export function useQrCanvas(src: string, { padding, size }: QrCanvasOptions): string {
  const [drawn, setDrawn] = useState<{ from: string; url: string } | null>(null);
  useEffect(() => {
    let current = true;
    const image = new Image();
    image.onload = () => {
      const url = current ? drawQr(image, document.createElement('canvas'), { padding, size }) : null;
      if (url) setDrawn({ from: src, url });
    };
    image.src = src;
    return () => {
      current = false;
    };
  }, [src, padding, size]);
  return drawn?.from === src ? drawn.url : src;
}
