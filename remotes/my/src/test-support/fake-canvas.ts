/**
 * Test support (never imported by the app): gives happy-dom's `<canvas>` a recording 2D context (fake-context.ts) and
 * a PNG data URL, so a page with a poster renders its `<img>`; `drawnTexts()` says which QR texts were drawn, read
 * back from the modules filled.
 */
import { afterAll, beforeAll } from '@rstest/core';
import { qrModules } from '../features/qr-poster/draw-poster';
import { fakeContext, type DrawCall } from './fake-context';

export const FAKE_PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

export function useFakeCanvas(): { contexts: Array<{ calls: DrawCall[] }>; dark: (text: string) => number } {
  const contexts: Array<{ calls: DrawCall[] }> = [];
  const getContext = Object.getOwnPropertyDescriptor(HTMLCanvasElement.prototype, 'getContext');
  const toDataURL = Object.getOwnPropertyDescriptor(HTMLCanvasElement.prototype, 'toDataURL');
  beforeAll(() => {
    Object.defineProperty(HTMLCanvasElement.prototype, 'getContext', {
      configurable: true,
      value: () => {
        const ctx = fakeContext();
        contexts.push(ctx);
        return ctx;
      },
    });
    Object.defineProperty(HTMLCanvasElement.prototype, 'toDataURL', { configurable: true, value: () => FAKE_PNG });
  });
  afterAll(() => {
    if (getContext) Object.defineProperty(HTMLCanvasElement.prototype, 'getContext', getContext);
    if (toDataURL) Object.defineProperty(HTMLCanvasElement.prototype, 'toDataURL', toDataURL);
  });
  return {
    contexts,
    /** How many dark modules the QR code of `text` has: what a poster of it fills. */
    dark: (text: string) => {
      const modules = qrModules(text);
      let count = 0;
      for (let row = 0; row < modules.size; row += 1)
        for (let column = 0; column < modules.size; column += 1) if (modules.isDark(row, column)) count += 1;
      return count;
    },
  };
}
