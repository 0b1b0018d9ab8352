/**
 * Test support (never imported by the app): a 2D context that records what is drawn on it, one entry per drawing
 * call, with the fill colour and font in force. happy-dom has no canvas; this stands in for one.
 */
import type { PosterContext } from '../features/qr-poster/draw-poster';

export type DrawCall =
  | { op: 'setTransform'; args: number[] }
  | { op: 'fillRect'; fill: string; args: number[] }
  | { op: 'fill'; fill: string; rects: number; arcs: number }
  | { op: 'drawImage'; image: unknown; args: number[] }
  | { op: 'fillText'; fill: string; font: string; align: string; baseline: string; text: string; args: number[] };

export function fakeContext(): PosterContext & { calls: DrawCall[] } {
  const calls: DrawCall[] = [];
  let rects = 0;
  let arcs = 0;
  const ctx = {
    calls,
    fillStyle: '#000000' as PosterContext['fillStyle'],
    font: '10px sans-serif',
    textAlign: 'start' as CanvasTextAlign,
    textBaseline: 'alphabetic' as CanvasTextBaseline,
    imageSmoothingEnabled: false,
    setTransform: (...args: number[]) => calls.push({ op: 'setTransform', args }),
    fillRect: (...args: number[]) => calls.push({ op: 'fillRect', fill: String(ctx.fillStyle), args }),
    beginPath: () => {
      rects = 0;
      arcs = 0;
    },
    moveTo: () => undefined,
    arcTo: () => {
      arcs += 1;
    },
    closePath: () => undefined,
    rect: () => {
      rects += 1;
    },
    fill: () => calls.push({ op: 'fill', fill: String(ctx.fillStyle), rects, arcs }),
    drawImage: (image: unknown, ...args: number[]) => calls.push({ op: 'drawImage', image, args }),
    fillText: (text: string, ...args: number[]) =>
      calls.push({
        op: 'fillText',
        fill: String(ctx.fillStyle),
        font: ctx.font,
        align: ctx.textAlign,
        baseline: ctx.textBaseline,
        text,
        args,
      }),
  };
  return ctx as unknown as PosterContext & { calls: DrawCall[] };
}
