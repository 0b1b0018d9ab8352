import { describe, expect, rs, test } from '@rstest/core';
import { PHOTOS, photoPixels } from '../../test-support/photo-fixtures';
import * as nodeReader from '../../test-support/qr-reader-node';
import { drawnAt, FIXTURE_QR, readFixture } from '../../test-support/tickets';
import { decodeQrPixels, drawnSize, MAX_SIDE } from './decode-qr';

// The page fetches ZXing's WebAssembly from its release; here it is read from the installed package.
rs.mock('./zxing-module', () => nodeReader);

describe('decode-qr', () => {
  test('reads the invoice QR code of a picture', async () => {
    const png = readFixture('invoice-qr.png');
    expect(await decodeQrPixels(new Uint8ClampedArray(png.data), png.width, png.height)).toBe(FIXTURE_QR);
  });

  // How long each takes is measured by `npm run bench:qr` (a benchmark, not a timed test).
  test('a phone-sized photo, drawn at most 1600 px long, is read', async () => {
    const photo = readFixture('invoice-photo.png');
    const size = drawnSize(photo.width, photo.height);
    expect(size).toEqual({ width: MAX_SIDE, height: 1067 });
    const pixels = drawnAt(photo, size);
    expect(await decodeQrPixels(pixels, size.width, size.height)).toBe(FIXTURE_QR);
  });

  test.each(PHOTOS)('a photo of a printed invoice is read however it was taken: $what ($file)', async ({ file, text }) => {
    const { data, width, height } = await photoPixels(file);
    expect(await decodeQrPixels(data, width, height)).toBe(text);
  });

  test('a picture without a code reads as none', async () => {
    const png = readFixture('no-qr.png');
    expect(await decodeQrPixels(new Uint8ClampedArray(png.data), png.width, png.height)).toBeNull();
  });

  test('pictures are drawn at most MAX_SIDE on their long side, small ones as they are', () => {
    expect(drawnSize(4000, 3000)).toEqual({ width: 1600, height: 1200 });
    expect(drawnSize(1080, 2400)).toEqual({ width: 720, height: 1600 });
    expect(drawnSize(296, 296)).toEqual({ width: 296, height: 296 });
  });
});
