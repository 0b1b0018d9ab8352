/**
 * The QR reading itself: ZXing-C++ in WebAssembly (`zxing-wasm`), which finds a code at any turn (it tries the four
 * quarter turns itself), under perspective, in dim light and small in the frame, where jsQR missed turned and dim
 * photos (`npm run bench:qr` measures both). Whoever loads it first prepares the WebAssembly module: the page from the
 * release (zxing-module.ts), the tests and the bench from the package's file.
 */
import { readBarcodes, type ReaderOptions } from 'zxing-wasm/reader';

export const READER_OPTIONS: ReaderOptions = {
  formats: ['QRCode'],
  // Invoices print dark on light: looking for an inverted code would only double the time of a picture without one.
  tryInvert: false,
  maxNumberOfSymbols: 1,
};

/** The text of the QR code in RGBA pixels, or null where there is none. */
export async function readQrText(data: Uint8ClampedArray, width: number, height: number): Promise<string | null> {
  // An ImageData's fields: Node (the tests, the bench) has no ImageData class, and ZXing reads only these.
  const pixels = { data, width, height, colorSpace: 'srgb' } as ImageData;
  const [found] = await readBarcodes(pixels, READER_OPTIONS);
  return found?.isValid ? found.text : null;
}
