/**
 * The QR reader in Node (the tests, `npm run bench:qr`): the same reader as the page's (qr-reader.ts), its WebAssembly
 * read from the installed zxing-wasm instead of fetched from the release. Stands in for `zxing-module.ts`.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { prepareZXingModule } from 'zxing-wasm/reader';

const wasm = readFileSync(createRequire(import.meta.url).resolve('zxing-wasm/reader/zxing_reader.wasm'));
const OVERRIDES = { wasmBinary: wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength) };

export function prepareQrReader(): Promise<unknown> {
  return prepareZXingModule({ overrides: OVERRIDES, fireImmediately: true });
}

export { readQrText } from '../features/qr-decode/qr-reader';
