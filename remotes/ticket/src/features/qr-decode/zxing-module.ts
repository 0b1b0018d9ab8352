/**
 * The QR reader as the page loads it, on the first picture or camera frame (never with the page): ZXing's WebAssembly
 * (~1 MB, 0.3 MB brotli) is a hashed file of this remote's release, served from this origin with a year's cache, not
 * from zxing-wasm's default CDN. Compiling it needs `'wasm-unsafe-eval'` in the page's script-src
 * (server/src/http/security-headers.ts).
 */
import { prepareZXingModule, purgeZXingModule } from 'zxing-wasm/reader';

const WASM_URL = new URL('zxing-wasm/reader/zxing_reader.wasm', import.meta.url).href;
const OVERRIDES = { locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? WASM_URL : prefix + path) };

/** Fetches and compiles the WebAssembly once; after a failure (no network) the next call tries again. */
export function prepareQrReader(): Promise<unknown> {
  const ready = prepareZXingModule({ overrides: OVERRIDES, fireImmediately: true });
  ready.catch(() => purgeZXingModule());
  return ready;
}

export { readQrText } from './qr-reader';
